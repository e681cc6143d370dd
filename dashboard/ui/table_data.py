"""Cached derived data of one table, for every page that queries it: labelled rows, neighbour indexes, the resolver.

Computed once per table and process (``st.cache_resource``: shared by sessions, never copied) and keyed by the
source name and the tables' content hash, so a checkpoint overwritten on disk is recomputed.
"""

from __future__ import annotations

import functools
from typing import Callable, TypeVar

import streamlit as st

from dashboard.analysis.neighbours import NeighbourIndex, build_index
from dashboard.analysis.queries import TermResolver
from dashboard.analysis.token_map import TableRows, table_rows
from dashboard.errors import QueryError
from dashboard.i18n import msg, t
from dashboard.tables import EmbeddingTables
from dashboard.ui.tokenizer_loading import get_tokenizer

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
