"""A spinner in the reader's language around a cached call."""

from __future__ import annotations

import functools
from typing import Callable, TypeVar

import streamlit as st

from dashboard.i18n import t

_Call = TypeVar("_Call", bound=Callable)


def spinning(key: str) -> Callable[[_Call], _Call]:
    """Decorator: show the catalogue message ``key`` in the reader's language while the call runs (a cache decorator's
    ``show_spinner=`` is fixed at import, in one language; ``st.spinner`` shows nothing for a fast cache hit)."""
    def wrap(function: _Call) -> _Call:
        @functools.wraps(function)
        def call(*args, **kwargs):
            with st.spinner(t(key)):
                return function(*args, **kwargs)
        return call  # type: ignore[return-value]
    return wrap
