"""Cached loading of tables for the pages; errors shown in the page, never raised."""

from __future__ import annotations

import dataclasses
import os
from typing import Mapping

import streamlit as st

from dashboard.checkpoints import load_tables, resolve_source
from dashboard.checkpoints.bundled import DEFAULT_NAME
from dashboard.errors import ExplorerError
from dashboard.markdown_text import escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.ui import state
from dashboard.ui.source_names import is_upload, load_error_message, short_name


def _stamp(source: str) -> float:
    """Modification time of the source, so an overwritten checkpoint is read again."""
    try:
        path, _ = resolve_source(source)
        return os.path.getmtime(path)
    except (ExplorerError, OSError):
        return 0.0


@st.cache_resource(max_entries=4, show_spinner="Reading the embedding tables ...")
def _cached_tables(source: str, stamp: float, options: tuple[tuple[str, str], ...] = ()) -> EmbeddingTables:
    tables = load_tables(source, **dict(options))
    if is_upload(source):
        # Titles and file names say what was uploaded, not the session's temporary folder.
        tables = dataclasses.replace(tables, source=short_name(source))  # model_path keeps the real path
    return tables


def get_tables(source: str, options: Mapping[str, str] | None = None) -> EmbeddingTables:
    """Tables of ``source``, read once per process and shared by sessions.

    Args:
        source: bundled name or path.
        options: reader options (``token_array``, ``position_array``,
            ``vocab_file`` for NumPy files); empty for every other format.

    Raises:
        ExplorerError: when the source cannot be read (callers show it).
    """
    return _cached_tables(source, _stamp(source), tuple(sorted((options or {}).items())))


def active_source() -> str:
    """The source every page shows (bundled default until the user picks another)."""
    return st.session_state.get(state.ACTIVE_SOURCE, DEFAULT_NAME)


def active_options() -> dict[str, str]:
    """Reader options of the active source (empty unless it is a NumPy file read with chosen arrays)."""
    return dict(st.session_state.get(state.ACTIVE_OPTIONS) or {})


def active_tables() -> EmbeddingTables:
    """Tables of the active source, or stop the page with the error shown.

    The sidebar only makes a source active after it loaded, so this fails only
    when a file changed under us; the message says so and the page stops cleanly.
    """
    try:
        return get_tables(active_source(), active_options())
    except ExplorerError as error:
        st.error(escape_markdown(load_error_message(active_source(), error)))
        st.stop()
        raise  # unreachable: st.stop() raises
