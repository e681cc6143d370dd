"""Cached derived data for the token map: PCA maps and the drawn figure.

Everything here is computed once per table and process (``st.cache_resource``:
shared by sessions, never copied) and keyed by the source name and the
tables' content hash, so a checkpoint overwritten on disk is recomputed.
Projections also go through the on-disk cache (:mod:`dashboard.maps.cache`).
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

import numpy as np
import streamlit as st

from dashboard.maps.backends import best_backend
from dashboard.maps.projection import Projection, ProjectionSettings
from dashboard.analysis.table_rows import TableRows
from dashboard.maps.frame import token_map_frame
from dashboard.maps.chart import TokenMap, token_map_figure
from dashboard.maps.wire import MapPayload, map_payload
from dashboard.i18n import active_language
from dashboard.maps.cache import cache_path, cached_projection, load_cached
from dashboard.ui.spinning import spinning
from dashboard.maps.tasks import share_table, submit_map
from dashboard.maps.view_requests import cluster_client

#: Tables of at least this many values (``n_rows * d_model``; 1e8 is 0.4 GB of float32, Llama 3's, Qwen2's and
#: Gemma's token tables, not GPT-2's) have their PCA computed on the cluster, not in the server.
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
    """PCA with ``settings.dims``, read from disk, else computed: in the page for a table of fewer than
    :data:`CLUSTER_PCA_VALUES` values (under a second), on the Dask cluster for a larger one (a 128k-256k-row
    table's takes seconds of both cores, which the pages everyone shares keep), the page waiting for it.

    On the best backend here (:func:`~dashboard.maps.backends.best_backend`), as ``precompute`` computes it.

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
    rows, the table's name, the colouring, the language (the hover's words are in it) and the titles."""

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
    """The map of every placed row of ``projection`` (:func:`~dashboard.maps.chart.token_map_figure`)
    and what the page's component draws it from (:func:`~dashboard.maps.wire.map_payload`), once
    per view; the payload's ``spec["view"]`` is a key (16 hex digits) naming the view.

    Keyed by the digests of the coordinates and of ``highlighted`` (``(n_rows,)`` bool), the table and its
    vocabulary, the colouring, the language and the titles, so a rerun that changes none of these (a selection,
    a box) sends the same points without building them again. A component keyed by the key starts with no
    selection when the view changes (a selection also names its view). The subtitle (what was computed)
    follows the coordinates, so it is not in the key.
    """
    view = MapView(hashlib.blake2b(np.ascontiguousarray(projection.coords).tobytes(), digest_size=16).hexdigest(),
                   rows.content_hash, rows.labels_hash, rows.name,
                   hashlib.blake2b(np.packbits(highlighted).tobytes(), digest_size=16).hexdigest(), colour,
                   active_language(), (*axis_titles, legend_title, title))
    return _map_figure(projection, rows, highlighted, view, tuple(subtitle))
