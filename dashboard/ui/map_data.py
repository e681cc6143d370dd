"""Cached derived data for the token map, neighbours and similarity pages.

Everything here is computed once per table and process (``st.cache_resource``:
shared by sessions, never copied) and keyed by the source name and the
tables' content hash, so a checkpoint overwritten on disk is recomputed.
Projections also go through the on-disk cache (:mod:`dashboard.projection_cache`).
"""

from __future__ import annotations

import functools
from typing import Callable, TypeVar

import streamlit as st

from dashboard.analysis.neighbours import NeighbourIndex, build_index
from dashboard.analysis.projection import Projection, ProjectionSettings
from dashboard.analysis.queries import TermResolver
from dashboard.analysis.token_map import TableRows, table_rows
from dashboard.analysis.umap_timing import UmapTimeModel, load_time_model
from dashboard.errors import ExplorerError, QueryError
from dashboard.i18n import Text, msg, t
from dashboard.projection_cache import cache_path, cached_projection, load_cached, projection_key
from dashboard.tables import EmbeddingTables
from dashboard.ui import state
from dashboard.ui.projection_jobs import ProjectionJob, job_board
from dashboard.ui.session_files import current_session_id
from dashboard.ui.tokenizer_loading import get_tokenizer

_Call = TypeVar("_Call", bound=Callable)


def spinning(key: str) -> Callable[[_Call], _Call]:
    """Decorator: show the catalogue message ``key``, in the reader's language, while the decorated call runs.

    ``st.cache_resource(show_spinner=...)`` fixes its text when the module is
    imported, in one language; ``st.spinner`` is drawn only after 0.5 s, so a
    cache hit shows nothing, as before.
    """
    def wrap(function: _Call) -> _Call:
        @functools.wraps(function)
        def call(*args, **kwargs):
            with st.spinner(t(key)):
                return function(*args, **kwargs)
        return call  # type: ignore[return-value]
    return wrap


@spinning("map_data.spinner.labelling")
@st.cache_resource(max_entries=8, show_spinner=False)
def get_table_rows(_tables: EmbeddingTables, source: str, content_hash: str, name: str) -> TableRows:
    """:func:`dashboard.analysis.token_map.table_rows`, once per table."""
    return table_rows(_tables, name)


@spinning("map_data.spinner.token_index")
@st.cache_resource(max_entries=4, show_spinner=False)
def get_neighbour_index(_tables: EmbeddingTables, source: str, content_hash: str) -> NeighbourIndex:
    """Norms and mean row of the token table, once per table."""
    return build_index(_tables.token, n_used=len(_tables.vocabulary))


@spinning("map_data.spinner.head_index")
@st.cache_resource(max_entries=4, show_spinner=False)
def get_head_index(_tables: EmbeddingTables, source: str, head_hash: str) -> NeighbourIndex:
    """Norms and mean row of the stored output head, once per head (``head_hash``: its content digest).

    Raises:
        QueryError: the checkpoint stores no head of its own.
    """
    if _tables.output_head is None:
        raise QueryError(msg("err.map_data.no_own_head", name=_tables.name, tying=_tables.tying.label))
    return build_index(_tables.output_head, n_used=len(_tables.vocabulary))


@spinning("map_data.spinner.vocabulary")
@st.cache_resource(max_entries=4, show_spinner=False)
def get_resolver(_tables: EmbeddingTables, source: str, content_hash: str) -> TermResolver:
    """A term resolver with the checkpoint's own tokenizer (the one the reorder page uses too)."""
    return TermResolver(_tables, get_tokenizer(_tables, source, content_hash))


@spinning("map_data.spinner.pca")
@st.cache_resource(max_entries=16, show_spinner=False)
def _pca(_rows: TableRows, source: str, content_hash: str, name: str, settings: ProjectionSettings) -> Projection:
    # `name` is in the signature because `_rows` is not hashed: token and position tables share a content hash.
    return cached_projection(_rows.table, content_hash, name, settings)


def get_pca(rows: TableRows, source: str, content_hash: str, settings: ProjectionSettings) -> Projection:
    """PCA with ``settings.dims``, computed in the page (well under a second) or read from disk.

    Raises:
        QueryError: the table is too small for ``dims``.
    """
    return _pca(rows, source, content_hash, rows.name, ProjectionSettings("pca", settings.dims))


def wait_for_umap(key: str | None) -> None:
    """Note that this session now waits for the UMAP ``key`` (``None``: for none).

    The job it waited for before is released (:meth:`JobBoard.release`): if it
    is still queued and no other session wants it, it is dropped, so the next
    map does not queue behind it.
    """
    previous = st.session_state.get(state.UMAP_WAITING)
    if previous is not None and previous != key:
        job_board().release(previous, current_session_id())
    st.session_state[state.UMAP_WAITING] = key


@st.cache_resource(show_spinner=False)
def umap_time_model() -> UmapTimeModel | None:
    """The measured UMAP stage timings of this machine (``models/umap_timings.json``), read once."""
    return load_time_model()


def get_umap(rows: TableRows, content_hash: str, settings: ProjectionSettings) -> Projection | ProjectionJob:
    """The UMAP result if it is on disk or finished, else its background job.

    The first call for a key starts the job; later calls (reruns, other
    sessions) find it. This session becomes one of the job's waiters
    (see :func:`wait_for_umap`).
    """
    key = projection_key(content_hash, rows.name, settings)
    wait_for_umap(key)
    found = load_cached(cache_path(content_hash, rows.name, settings), len(rows.table))
    if found is not None:
        return found

    def compute(progress):
        return cached_projection(rows.table, content_hash, rows.name, settings, progress=progress,
                                 compute=job_board().process.project)

    model = umap_time_model()
    estimate = None if model is None else model.predict(len(rows.table), rows.table.shape[1], settings.seeded)
    job = job_board().submit(key, compute, waiter=current_session_id(), estimate=estimate)
    if job.future.done() and job.future.exception() is None:
        return job.future.result()
    return job


def job_failure(job: ProjectionJob) -> Text | None:
    """The message of a finished job's error, or ``None`` while it runs or when it succeeded.

    An :class:`ExplorerError` (the table is too small for the settings) is
    kept, so the same settings keep showing it; any other error is a bug: it is
    reported once and the job forgotten, so asking again retries.
    """
    if not job.future.done() or job.future.exception() is None:
        return None
    error = job.future.exception()
    if not isinstance(error, ExplorerError):
        job_board().forget(job.key)
        return msg("err.map_data.umap_failed", error=f"{type(error).__name__}: {error}")
    return error.args[0] if len(error.args) == 1 and isinstance(error.args[0], Text) else str(error)
