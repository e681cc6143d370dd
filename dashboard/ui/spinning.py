"""A spinner in the reader's language around a cached call."""

from __future__ import annotations

import functools
from typing import Callable, TypeVar

import streamlit as st

from dashboard.i18n import t

_Call = TypeVar("_Call", bound=Callable)


def spinning(key: str) -> Callable[[_Call], _Call]:
    """Decorator: show the catalogue message ``key``, in the reader's language, while the decorated call runs.

    ``st.cache_resource(show_spinner=...)`` fixes its text when the module is
    imported, in one language; ``st.spinner`` is drawn only after 0.5 s, so a
    cache hit shows nothing.
    """
    def wrap(function: _Call) -> _Call:
        @functools.wraps(function)
        def call(*args, **kwargs):
            with st.spinner(t(key)):
                return function(*args, **kwargs)
        return call  # type: ignore[return-value]
    return wrap
