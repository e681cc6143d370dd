"""Cached derived data for the token map, neighbours and similarity pages.

Everything here is computed once per table and process (``st.cache_resource``:
shared by sessions, never copied) and keyed by the source name and the
tables' content hash, so a checkpoint overwritten on disk is recomputed.
Projections also go through the on-disk cache (:mod:`dashboard.projection_cache`).
"""

from __future__ import annotations

import functools
import hashlib
from typing import Callable, NamedTuple, TypeVar

import numpy as np
import pandas as pd
import pydeck as pdk
import streamlit as st

from dashboard.analysis.backends import best_backend
from dashboard.analysis.neighbours import NeighbourIndex, build_index
from dashboard.analysis.projection import Projection, ProjectionSettings, project_table
from dashboard.analysis.queries import TermResolver
from dashboard.analysis.token_map import TableRows, choose_drawn_rows, table_rows, token_map_frame
from dashboard.charts.token_map_deck import LegendEntry, deck_legend, token_map_deck
from dashboard.charts.token_map_plotly import PlotlyMap, token_map_plotly
from dashboard.ui.deck_files import served_deck
from dashboard.ui.token_map_element import pack_figure, plotly_url
from dashboard.errors import ExplorerError, LiveFitLimitError, QueryError
from dashboard.i18n import Text, active_language, msg, t
from dashboard.projection_cache import cache_path, cached_projection, load_cached, projection_key
from dashboard.tables import EmbeddingTables
from dashboard.ui import state
from dashboard.ui.tokenizer_loading import get_tokenizer
from dashboard.cluster.maps import share_table, submit_map
from dashboard.ui.map_requests import cluster_client

_Call = TypeVar("_Call", bound=Callable)
#: Tables of at least this many values (``n_rows * d_model``; 1e8 is 0.4 GB of float32, Llama 3's, Qwen2's and
#: Gemma's token tables, not GPT-2's) have their PCA computed on the cluster, not in the server.
CLUSTER_PCA_VALUES = 10**8


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
    if _rows.table.size < CLUSTER_PCA_VALUES:
        return cached_projection(_rows.table, content_hash, name, settings)
    future = submit_map(cluster_client(), share_table(_rows.table, content_hash, name), settings)
    found = load_cached(cache_path(content_hash, name, settings), len(_rows.table))
    return found if found is not None else Projection.load(future.result().file)


def get_pca(rows: TableRows, source: str, content_hash: str, settings: ProjectionSettings) -> Projection:
    """PCA with ``settings.dims``, read from disk, else computed: in the page for a table of fewer than
    :data:`CLUSTER_PCA_VALUES` values (under a second), on the Dask cluster for a larger one (a 128k-256k-row
    table's takes seconds of both cores, which the pages everyone shares keep), the page waiting for it.

    On the best backend here (:func:`~dashboard.analysis.backends.best_backend`), as ``precompute`` computes it.

    Raises:
        QueryError: the table is too small for ``dims``.
    """
    return _pca(rows, source, content_hash, rows.name, page_pca_settings(settings.dims))


def page_pca_settings(dims: int) -> ProjectionSettings:
    """The settings of the PCA map a page shows in ``dims`` dimensions: on the best backend here.

    ``precompute`` computes the same, so that its map is the one the page reads.
    """
    return ProjectionSettings("pca", dims, backend=best_backend("pca"))


class MapView(NamedTuple):
    """What names a drawn map: digests of the coordinates, the weights, the vocabulary and the highlighted
    rows, the table's name, the colouring and the language (the hover's words are in it)."""

    coords: str
    weights: str
    vocabulary: str
    table: str
    highlighted: str
    colour: str
    language: str


def _view(projection: Projection, rows: TableRows, highlighted: np.ndarray, colour: str) -> MapView:
    return MapView(hashlib.blake2b(np.ascontiguousarray(projection.coords).tobytes(), digest_size=16).hexdigest(),
                   rows.content_hash, rows.labels_hash, rows.name,
                   hashlib.blake2b(np.packbits(highlighted).tobytes(), digest_size=16).hexdigest(), colour,
                   active_language())


def _view_key(*parts: str) -> str:
    """16 hex digits naming a view (a :class:`MapView`, plus whatever else the map shows)."""
    return hashlib.blake2b("|".join(parts).encode("utf-8", "backslashreplace"), digest_size=8).hexdigest()


def _every_point_frame(projection: Projection, rows: TableRows, highlighted: np.ndarray) -> pd.DataFrame:
    """The frame of every placed row (:func:`dashboard.analysis.token_map.token_map_frame`), for a WebGL map."""
    placed = np.isfinite(projection.coords).all(axis=1)
    return token_map_frame(projection, choose_drawn_rows(placed, len(placed)), labels=rows.labels, raw=rows.raw,
                           categories=rows.categories, norms=rows.norms, highlighted=highlighted)


@st.cache_resource(max_entries=4, show_spinner=False)
def _map_deck(_projection: Projection, _rows: TableRows, _highlighted: np.ndarray, view: MapView
              ) -> tuple[pdk.Deck, list[LegendEntry], int, str]:
    frame = _every_point_frame(_projection, _rows, _highlighted)
    deck = token_map_deck(frame, color_by=view.colour)
    deck.to_json()  # serialised here, once: the page sends the cached text on every rerun
    return deck, deck_legend(frame, view.colour), len(frame), _view_key(*view)


def get_map_deck(projection: Projection, rows: TableRows, highlighted: np.ndarray, colour: str
                 ) -> tuple[pdk.Deck, list[LegendEntry], int, str]:
    """The WebGL deck of every placed row of ``projection``, its legend, its number of points and a key, once per view.

    The key (16 hex digits) names this view: a chart keyed by it starts with no selection when the view
    changes, because Streamlit keeps a keyed chart's selection by layer and index, which would then name
    other points.

    Keyed by the digests of the coordinates and of ``highlighted`` (``(n_rows,)`` bool), the table and its
    vocabulary, the colouring and the language (:func:`_view`), so a rerun that changes nothing of these (a
    click selection, a box) sends the same JSON without building it again (about 3 s for 256,000 rows on this
    2-core machine). A large deck's points go to the browser as files
    (:func:`dashboard.ui.deck_files.served_deck`).
    """
    deck, legend, n_points, key = _map_deck(projection, rows, highlighted, _view(projection, rows, highlighted,
                                                                                   colour))
    return served_deck(deck), legend, n_points, key


@st.cache_resource(max_entries=4, show_spinner=False)
def _map_plotly(_projection: Projection, _rows: TableRows, _highlighted: np.ndarray, view: MapView,
                axis_titles: tuple[str, str], legend_title: str, url: str | None) -> tuple[PlotlyMap, object, str]:
    plotly_map = token_map_plotly(_every_point_frame(_projection, _rows, _highlighted), color_by=view.colour,
                                  axis_titles=axis_titles, legend_title=legend_title)
    key = _view_key(*view, *axis_titles, legend_title)
    if url is not None:
        return plotly_map, pack_figure(plotly_map.figure, url=url, key=key), key
    import plotly.graph_objects as go

    # Validated once here: st.plotly_chart validates a dict on every rerun (0.5 s for 256,000 points), a Figure not.
    return plotly_map, go.Figure(plotly_map.figure), key


def get_map_plotly(projection: Projection, rows: TableRows, highlighted: np.ndarray, colour: str,
                   axis_titles: tuple[str, str], legend_title: str) -> tuple[PlotlyMap, object, str]:
    """The 2D WebGL map (plotly ``scattergl``) of every placed row of ``projection``, once per view.

    Returns:
        The :class:`~dashboard.charts.token_map_plotly.PlotlyMap` (to read selections); what draws it: the
        packed map (``bytes``) for :func:`dashboard.ui.token_map_element.token_map_element` where plotly.js is
        served as a static file, else the figure as a ``plotly.graph_objects.Figure`` (validated once) for
        ``st.plotly_chart``; and a key (16 hex digits) naming the view, keyed as :func:`get_map_deck` and by
        the axis and legend titles: a chart keyed by it starts with no selection when the view changes.
    """
    return _map_plotly(projection, rows, highlighted, _view(projection, rows, highlighted, colour),
                       tuple(axis_titles), legend_title, plotly_url())
