"""Cached derived data for the token map: PCA and custom-axes maps and the drawn figure, once per table and process.

In ``st.cache_resource`` (shared by sessions, never copied), keyed by the source name and the tables' content hash,
so a checkpoint overwritten on disk is recomputed; projections also go through :mod:`dashboard.maps.cache`.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

import numpy as np
import streamlit as st

from dashboard.analysis.table_rows import TableRows
from dashboard.i18n import active_language
from dashboard.maps.backends import best_backend
from dashboard.maps.cache import cache_path, cached_projection, load_cached
from dashboard.maps.chart import TokenMap, token_map_figure
from dashboard.maps.custom_axes import AxesProjection, AxisQueries, custom_axes_projection
from dashboard.maps.frame import token_map_frame
from dashboard.maps.projection import Projection, ProjectionSettings
from dashboard.maps.tasks import share_table, submit_map
from dashboard.maps.view_requests import cluster_client
from dashboard.maps.wire import MapPayload, map_payload
from dashboard.tables import EmbeddingTables
from dashboard.ui.loading import spinning
from dashboard.ui.tokenizer_loading import get_resolver


#: Tables of at least this many values (``n_rows * d_model``; 0.4 GB of float32) get their PCA on the cluster.
CLUSTER_PCA_VALUES = 10**8


@spinning("map_data.spinner.pca")
@st.cache_resource(max_entries=16, show_spinner=False)
def _pca(_rows: TableRows, source: str, content_hash: str, name: str, settings: ProjectionSettings) -> Projection:
    # `name` is in the signature because `_rows` is not hashed: token and position tables share a content hash.
    if _rows.table.size < CLUSTER_PCA_VALUES:
        return cached_projection(_rows.table, content_hash, name, settings)
    future = submit_map(cluster_client(), share_table(_rows.table, content_hash, name), settings)
    found = load_cached(cache_path(content_hash, name, settings), len(_rows.table))
    return found if found is not None else Projection.load(future.result().file)


def get_pca(rows: TableRows, source: str, content_hash: str, settings: ProjectionSettings) -> Projection:
    """PCA with ``settings.dims`` on the best backend here, from disk, else computed.

    Computed in the page below :data:`CLUSTER_PCA_VALUES` values, else on the Dask cluster while the page waits, so
    the shared server's cores stay free.

    Raises:
        QueryError: the table is too small for ``dims``.
    """
    return _pca(rows, source, content_hash, rows.name, page_pca_settings(settings.dims))


def page_pca_settings(dims: int) -> ProjectionSettings:
    """The settings of a page's PCA map in ``dims`` dimensions, on the best backend here, as ``precompute`` uses."""
    return ProjectionSettings("pca", dims, backend=best_backend("pca"))


class MapView(NamedTuple):
    """What names a drawn map: its data's digests, table, colouring, language (the hover's words) and titles."""

    coords: str
    weights: str
    vocabulary: str
    table: str
    highlighted: str
    colour: str
    language: str
    titles: tuple[str, ...]


@st.cache_resource(max_entries=4, show_spinner=False)
def _map_figure(_projection: Projection, _rows: TableRows, _highlighted: np.ndarray, view: MapView,
                subtitle: tuple[str, ...]) -> tuple[TokenMap, MapPayload]:
    frame = token_map_frame(_projection, labels=_rows.labels, raw=_rows.raw, categories=_rows.categories,
                            norms=_rows.norms, highlighted=_highlighted)
    *axis_titles, legend_title, title = view.titles
    token_map = token_map_figure(frame, color_by=view.colour, axis_titles=axis_titles, legend_title=legend_title,
                                 title=title, subtitle=subtitle)
    key = hashlib.blake2b("|".join([*view[:-1], *view.titles]).encode("utf-8", "backslashreplace"),
                          digest_size=8).hexdigest()
    return token_map, map_payload(token_map, key)


def get_map_figure(projection: Projection, rows: TableRows, highlighted: np.ndarray, colour: str,
                   axis_titles: tuple[str, ...], legend_title: str, title: str, subtitle: tuple[str, ...] = ()
                   ) -> tuple[TokenMap, MapPayload]:
    """The map of every placed row of ``projection`` and the payload the page's component draws, once per view.

    Keyed by digests of the coordinates and ``highlighted`` (``(n_rows,)`` bool), the table and its vocabulary, the
    colouring, the language and the titles, so a rerun changing none (a selection) sends the same points. The
    payload's ``spec["view"]`` (16 hex digits) names the view; a selection names it too, so a new view starts with
    none. The subtitle follows the coordinates and is not in the key.
    """
    view = MapView(hashlib.blake2b(np.ascontiguousarray(projection.coords).tobytes(), digest_size=16).hexdigest(),
                   rows.content_hash, rows.labels_hash, rows.name,
                   hashlib.blake2b(np.packbits(highlighted).tobytes(), digest_size=16).hexdigest(), colour,
                   active_language(), (*axis_titles, legend_title, title))
    return _map_figure(projection, rows, highlighted, view, tuple(subtitle))


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

