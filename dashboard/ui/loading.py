"""Cached loading of tables for the pages; errors shown in the page, never raised."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Mapping

import streamlit as st

from dashboard.checkpoints.bundled import DEFAULT_NAME
from dashboard.checkpoints.path_policy import PathPolicy
from dashboard.checkpoints.sources import resolve_source
from dashboard.errors import ExplorerError
from dashboard.i18n import render, t
from dashboard.markdown_text import escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.wall.runner import keep_spare
from dashboard.wall.tables import read_checkpoint
from dashboard.ui import state
from dashboard.ui.path_access import session_policy
from dashboard.ui.source_names import is_upload, load_error_message, short_name


def path_stamp(path: str | Path | None) -> float:
    """Modification time of a checkpoint's file or folder in seconds (0.0 for none, or when it cannot be read).

    Part of the cache keys of what is derived from a checkpoint, so an overwritten one is read again.
    """
    try:
        return os.path.getmtime(path) if path else 0.0
    except OSError:
        return 0.0


@st.cache_resource(show_spinner=False)
def start_spare_reader() -> bool:
    """Keep a reading child warm for each kind of file, once per process (called by the router): a student's
    upload is then read by a child whose imports are already done (:func:`~dashboard.wall.runner.keep_spare`)."""
    keep_spare("tables.read")
    keep_spare("tables.read_torch")
    return True


# The spinner is get_tables' own: a cache decorator's message is fixed at import, in one language.
@st.cache_resource(max_entries=4, show_spinner=False)
def _cached_tables(source: str, stamp: float, options: tuple[tuple[str, str], ...] = (), *,
                   _policy: PathPolicy) -> EmbeddingTables:
    # The cache is shared by every session: get_tables asks the asking session's
    # policy before looking here, and a miss reads under that policy again.
    tables = read_checkpoint(source, policy=_policy, **dict(options))
    if is_upload(source):
        # Titles and file names say what was uploaded, not the session's temporary folder.
        tables = dataclasses.replace(tables, source=short_name(source))  # model_path keeps the real path
    return tables


def get_tables(source: str, options: Mapping[str, str] | None = None) -> EmbeddingTables:
    """Tables of ``source``, read once per process and shared by sessions that may open it.

    The session's :func:`~dashboard.ui.path_access.session_policy` admits the
    source and every path option first, so a cached table of another
    session's upload, or of a path this server does not open, is never handed out.

    Args:
        source: bundled name or path.
        options: reader options (``token_array``, ``position_array``,
            ``vocab_file`` for NumPy files); empty for every other format.

    Raises:
        RefusedPathError: the session's policy does not open ``source`` or the vocabulary file.
        ExplorerError: when the source cannot be read (callers show it).
    """
    policy = session_policy()
    path, _ = resolve_source(source, policy)
    vocab_file = (options or {}).get("vocab_file")
    if vocab_file:
        policy.admit(vocab_file, "vocabulary file")
    with st.spinner(t("loading.reading")):  # shown only when reading takes over half a second: a cache miss
        return _cached_tables(source, path_stamp(path), tuple(sorted((options or {}).items())), _policy=policy)


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
        tables = get_tables(active_source(), active_options())
    except ExplorerError as error:
        st.error(escape_markdown(render(load_error_message(active_source(), error))))
        st.stop()
        raise  # unreachable: st.stop() raises
    return tables
