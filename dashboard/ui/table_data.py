"""Cached derived data of one table for every page that queries it, labelled rows and neighbour indexes: computed once
per process (``st.cache_resource``: shared, never copied), keyed by source and content hash."""

from __future__ import annotations

import streamlit as st

from dashboard.analysis.neighbours import NeighbourIndex, build_index
from dashboard.analysis.table_rows import TableRows, table_rows
from dashboard.errors import QueryError
from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables
from dashboard.ui.loading import spinning


@spinning("map_data.spinner.labelling")
@st.cache_resource(max_entries=8, show_spinner=False)
def get_table_rows(_tables: EmbeddingTables, source: str, content_hash: str, name: str) -> TableRows:
    """:func:`dashboard.analysis.table_rows.table_rows`, once per table."""
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
