"""The reader's language, first match wins: the sidebar switch's value in this session; on its first run,
``?lang=ko`` or ``?lang=en`` in the link; else ``EXPLORER_LANG``. Widgets keep their keys across a switch, so the
checkpoint and settings stay."""

from __future__ import annotations

import functools
from typing import Callable, Mapping

import pandas as pd
import streamlit as st

from dashboard.i18n import LANGUAGES, Text, render, t, use_language
from dashboard.settings import LANG_ENV, current_settings
from dashboard.ui import state


def deployment_language() -> str:
    """``EXPLORER_LANG`` when it names a language of :data:`LANGUAGES`, else ``"en"``."""
    return current_settings().language


def current_language() -> str:
    """The language of this session (see the module docstring), fixed in session state on first call."""
    if state.LANGUAGE not in st.session_state:
        linked = st.query_params.get(state.LANGUAGE_PARAM, "").strip().lower()
        st.session_state[state.LANGUAGE] = linked if linked in LANGUAGES else deployment_language()
    lang = st.session_state[state.LANGUAGE]
    return lang if lang in LANGUAGES else "en"


def apply_language() -> str:
    """Make this session's language the active one for this run and return it; the URL carries it only when it
    differs from the deployment's default, so a plain link opens in the teacher's language."""
    lang = current_language()
    use_language(lang)
    if lang == deployment_language():
        if state.LANGUAGE_PARAM in st.query_params:
            del st.query_params[state.LANGUAGE_PARAM]
    elif st.query_params.get(state.LANGUAGE_PARAM) != lang:
        st.query_params[state.LANGUAGE_PARAM] = lang
    return lang


def in_session_language(function: Callable) -> Callable:
    """``function``, run in the session's language: a widget's callback runs before the script and a fragment's rerun
    runs only its function, so neither passes through ``app.py``'s :func:`apply_language`."""
    @functools.wraps(function)
    def in_language(*args, **kwargs):
        use_language(current_language())
        return function(*args, **kwargs)
    return in_language


def language_fragment(*, run_every: float | None = None) -> Callable[[Callable], Callable]:
    """``st.fragment(run_every=...)`` whose own reruns speak the session's language (:func:`in_session_language`)."""
    def decorate(function: Callable) -> Callable:
        return st.fragment(in_session_language(function), run_every=run_every)
    return decorate


def render_language_switch() -> None:
    """English | 한국어, at the top of the sidebar."""
    current_language()  # seeds the widget's state
    # A radio, not a segmented control: clicking the chosen option again must not leave no language.
    st.sidebar.radio(t("language.switch"), list(LANGUAGES), key=state.LANGUAGE, format_func=LANGUAGES.get,
                     horizontal=True, help=_switch_help())


def _switch_help() -> str:
    """The switch's help, the same in both languages: this server's default and the setting that changes it."""
    default = deployment_language()
    other = next(lang for lang in LANGUAGES if lang != default)
    return t("language.switch_help", default=LANGUAGES[default], env=LANG_ENV, other=other,
             other_name=LANGUAGES[other])


def display_frame(frame: pd.DataFrame, headers: Mapping[str, str]) -> pd.DataFrame:
    """A copy of ``frame`` for ``st.dataframe`` in the reader's language: column names (every level) and the index
    name through ``headers`` (English name -> a catalogue message, or a catalogue key), cells holding a
    :class:`~dashboard.i18n.Text` rendered.

    The frame keeps its English names, which tests and downloads read; names not in ``headers`` stay as they are.
    Only ``object`` columns keep messages (pandas turns ``str`` cells into a string column of their English), so
    frames with message cells are built with ``dtype=object``.
    """
    def shown(name):
        if not (isinstance(name, str) and name in headers):
            return name
        header = headers[name]
        return render(header) if isinstance(header, Text) else t(header)

    shown_frame = frame.copy()
    for column in shown_frame.columns:
        if shown_frame[column].dtype == object:
            shown_frame[column] = [render(v) if isinstance(v, Text) else v for v in shown_frame[column]]
    if isinstance(shown_frame.columns, pd.MultiIndex):
        shown_frame.columns = pd.MultiIndex.from_tuples([tuple(shown(n) for n in c) for c in shown_frame.columns],
                                                        names=[shown(n) for n in shown_frame.columns.names])
    else:
        shown_frame.columns = [shown(c) for c in shown_frame.columns]
        shown_frame.columns.name = shown(frame.columns.name)
    if shown_frame.index.name is not None:
        shown_frame.index.name = shown(shown_frame.index.name)
    return shown_frame
