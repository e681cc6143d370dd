"""Tidy frames of a position table for the Positions page, and their cached versions.

``cached_*`` hash the tables by ``content_hash`` (``_tables`` is not hashed), so a checkpoint read twice or under
another name reuses results; ``reference=True`` asks for the same-shape sinusoidal table (Vaswani et al. 2017).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.analysis.norms import unit_rows
from dashboard.analysis.position_blocks import BlockSimilarity, block_similarity
from dashboard.analysis.sinusoidal import sinusoidal_table
from dashboard.analysis.untrained_rows import neighbour_cosines, untrained_positions
from dashboard.i18n import msg
from dashboard.lessons.positions.structure import (PositionSummary, SubspaceOverlap, Trajectory, compare_subspaces,
                                                   dimension_frame, offset_similarities, pca_trajectory, spectrum_frame,
                                                   summarise_positions)
from dashboard.tables import EmbeddingTables
from dashboard.ui.language import display_frame

LEARNED, REFERENCE = "learned", "sinusoidal reference"


def offset_similarity_frame(table: np.ndarray, measure: str = "cosine", *, label: str = "learned") -> pd.DataFrame:
    """Tidy frame of :func:`offset_similarities` for offsets 1 .. n_positions - 1.

    Returns:
        Columns ``offset`` (k, positions), ``similarity`` (mean over the pairs at offset k), ``pairs`` (how many),
        ``table`` (``label``).
    """
    means = offset_similarities(table, measure)
    n = means.size
    offsets = np.arange(1, n)
    return pd.DataFrame({"offset": offsets, "similarity": means[1:], "pairs": n - offsets, "table": label})


def row_norm_frame(table: np.ndarray, untrained: list[int]) -> pd.DataFrame:
    """Row norms by position, with the untrained flag and the neighbour cosine behind it.

    Returns:
        Columns ``position`` (0-based), ``norm`` (L2, >= 0), ``neighbour_cosine`` (in [0, 1], see
        :func:`neighbour_cosines`), ``untrained`` (bool).
    """
    n = table.shape[0]
    flags = np.zeros(n, dtype=bool)
    flags[untrained] = True
    return pd.DataFrame({
        "position": np.arange(n),
        "norm": np.linalg.norm(np.asarray(table, dtype=np.float64), axis=1),
        "neighbour_cosine": neighbour_cosines(table) if n > 1 else np.zeros(n),
        "untrained": flags,
    })


def token_type_frame(token_type: np.ndarray) -> pd.DataFrame:
    """BERT's ``(n_token_types, d_model)`` token-type (segment) rows: norms and cosines between them.

    Returns:
        One row per token type: ``token_type`` (0-based), ``norm`` (L2) and ``cosine with type j`` (in [-1, 1]).
    """
    units = unit_rows(token_type)
    frame = pd.DataFrame({"token_type": np.arange(token_type.shape[0]),
                          "norm": np.linalg.norm(np.asarray(token_type, dtype=np.float64), axis=1)})
    cosines = units @ units.T
    for j in range(token_type.shape[0]):
        frame[f"cosine with type {j}"] = cosines[:, j]
    return frame


def token_type_display_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """:func:`token_type_frame` with headers in the active language, for display (tests and exports read English)."""
    names = {"token_type": msg("positions.column.token_type"), "norm": msg("positions.column.norm")}
    for column in frame.columns:
        if column.startswith("cosine with type "):
            names[column] = msg("positions.column.cosine_with_type", j=column.removeprefix("cosine with type "))
    return display_frame(frame, names)


def _table(tables: EmbeddingTables, reference: bool) -> np.ndarray:
    if reference:
        return sinusoidal_table(tables.n_positions, tables.d_model)
    return tables.position


@st.cache_data(max_entries=8, show_spinner=False)  # the page shows a spinner in the reader's language
def cached_summary(_tables: EmbeddingTables, content_hash: str) -> PositionSummary:
    """The numbers of ``positions --json`` for the learned position table."""
    return summarise_positions(_tables.position)


@st.cache_data(max_entries=32, show_spinner=False)
def cached_heatmap(_tables: EmbeddingTables, content_hash: str, reference: bool, measure: str,
                   max_cells: int) -> BlockSimilarity:
    """Position x position similarity of the learned table (or the reference), in blocks of at most ``max_cells``."""
    return block_similarity(_table(_tables, reference), max_cells=max_cells, measure=measure)


@st.cache_data(max_entries=16, show_spinner=False)
def cached_offsets(_tables: EmbeddingTables, content_hash: str, measure: str) -> pd.DataFrame:
    """Offset curves of the learned table and of the reference, stacked (column ``table``)."""
    return pd.concat([offset_similarity_frame(_table(_tables, False), measure, label=LEARNED),
                      offset_similarity_frame(_table(_tables, True), measure, label=REFERENCE)], ignore_index=True)


@st.cache_data(max_entries=16, show_spinner=False)
def cached_trajectory(_tables: EmbeddingTables, content_hash: str, reference: bool) -> Trajectory:
    """The rows of the learned table (or the reference) in their first principal components, in position order."""
    return pca_trajectory(_table(_tables, reference))


@st.cache_data(max_entries=32, show_spinner=False)
def cached_dimensions(_tables: EmbeddingTables, content_hash: str, reference: bool,
                      dimensions: tuple[int, ...]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(dimension frame, spectrum frame)`` of the chosen 0-based dimensions."""
    table = _table(_tables, reference)
    return dimension_frame(table, dimensions), spectrum_frame(table, dimensions)


@st.cache_data(max_entries=16, show_spinner=False)
def cached_norms(_tables: EmbeddingTables, content_hash: str, reference: bool) -> pd.DataFrame:
    """:func:`row_norm_frame` of the learned table (or the reference), with the rows that look untrained flagged."""
    table = _table(_tables, reference)
    return row_norm_frame(table, untrained_positions(table))


@st.cache_data(max_entries=8, show_spinner=False)  # the page shows a spinner in the reader's language
def cached_subspaces(_tables: EmbeddingTables, content_hash: str) -> SubspaceOverlap:
    """How much the token and position tables share their principal directions."""
    used = _tables.token[: len(_tables.vocabulary)]  # padding rows carry no token
    return compare_subspaces(used, _tables.position)


#: session_state keys of the page's widgets (tests set them before the first run).
MEASURE_KEY = "positions_measure"
CELLS_KEY = "positions_heatmap_cells"
DIMENSIONS_KEY = "positions_dimensions"
