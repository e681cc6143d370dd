"""Cached custom-axes maps for the Token map page."""

from __future__ import annotations

import streamlit as st

from dashboard.maps.custom_axes import AxesProjection, AxisQueries, custom_axes_projection
from dashboard.analysis.table_rows import TableRows
from dashboard.tables import EmbeddingTables
from dashboard.ui.tokenizer_loading import get_resolver
from dashboard.ui.spinning import spinning


@spinning("axes_data.spinner.axes")
@st.cache_resource(max_entries=16, show_spinner=False)
def _axes(_rows: TableRows, _tables: EmbeddingTables, source: str, content_hash: str, name: str,
          queries: AxisQueries) -> AxesProjection:
    # `name` and `queries` are hashed; `_rows` and `_tables` are not (content_hash stands for them).
    resolver = get_resolver(_tables, source, _tables.content_hash)
    return custom_axes_projection(_rows.table, name, queries, resolver)


def get_custom_axes(rows: TableRows, tables: EmbeddingTables, source: str, queries: AxisQueries) -> AxesProjection:
    """The custom-axes map of ``rows`` (token table or stored head), once per table and queries.

    A :class:`~dashboard.errors.QueryError` is not cached, so fixing the query recomputes.

    Raises:
        QueryError: see :func:`dashboard.maps.custom_axes.custom_axes_projection`.
    """
    return _axes(rows, tables, source, rows.content_hash, rows.name, queries)

