"""Cached frames of the Positions page, keyed by the tables' content hash.

Each function takes the tables as ``_tables`` (not hashed by Streamlit) and
their ``content_hash`` (hashed), so a checkpoint read twice, or under another
name, reuses the same results. ``reference=True`` asks for the same view of
the sinusoidal table (Vaswani et al. 2017) of the same shape.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.analysis.positions import (
    BlockSimilarity,
    PositionSummary,
    block_similarity,
    offset_similarity_frame,
    row_norm_frame,
    summarise_positions,
    untrained_positions,
)
from dashboard.analysis.sinusoidal import sinusoidal_table
from dashboard.analysis.spectrum import dimension_frame, spectrum_frame
from dashboard.analysis.subspaces import SubspaceOverlap, compare_subspaces
from dashboard.analysis.trajectory import Trajectory, pca_trajectory
from dashboard.tables import EmbeddingTables

LEARNED, REFERENCE = "learned", "sinusoidal reference"


def _table(tables: EmbeddingTables, reference: bool) -> np.ndarray:
    if reference:
        return sinusoidal_table(tables.n_positions, tables.d_model)
    return tables.position


@st.cache_data(max_entries=8, show_spinner="Measuring the position table ...")
def cached_summary(_tables: EmbeddingTables, content_hash: str) -> PositionSummary:
    return summarise_positions(_tables.position)


@st.cache_data(max_entries=32, show_spinner=False)
def cached_heatmap(_tables: EmbeddingTables, content_hash: str, reference: bool, measure: str,
                   max_cells: int) -> BlockSimilarity:
    return block_similarity(_table(_tables, reference), max_cells=max_cells, measure=measure)


@st.cache_data(max_entries=16, show_spinner=False)
def cached_offsets(_tables: EmbeddingTables, content_hash: str, measure: str) -> pd.DataFrame:
    """Offset curves of the learned table and of the reference, stacked (column ``table``)."""
    return pd.concat([offset_similarity_frame(_table(_tables, False), measure, label=LEARNED),
                      offset_similarity_frame(_table(_tables, True), measure, label=REFERENCE)], ignore_index=True)


@st.cache_data(max_entries=16, show_spinner=False)
def cached_trajectory(_tables: EmbeddingTables, content_hash: str, reference: bool) -> Trajectory:
    return pca_trajectory(_table(_tables, reference))


@st.cache_data(max_entries=32, show_spinner=False)
def cached_dimensions(_tables: EmbeddingTables, content_hash: str, reference: bool,
                      dimensions: tuple[int, ...]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(dimension frame, spectrum frame)`` of the chosen 0-based dimensions."""
    table = _table(_tables, reference)
    return dimension_frame(table, dimensions), spectrum_frame(table, dimensions)


@st.cache_data(max_entries=16, show_spinner=False)
def cached_norms(_tables: EmbeddingTables, content_hash: str, reference: bool) -> pd.DataFrame:
    table = _table(_tables, reference)
    return row_norm_frame(table, untrained_positions(table))


@st.cache_data(max_entries=8, show_spinner="Comparing token and position subspaces ...")
def cached_subspaces(_tables: EmbeddingTables, content_hash: str) -> SubspaceOverlap:
    used = _tables.token[: len(_tables.vocabulary)]  # padding rows carry no token
    return compare_subspaces(used, _tables.position)


#: session_state keys of the page's widgets (tests set them before the first run).
MEASURE_KEY = "positions_measure"
CELLS_KEY = "positions_heatmap_cells"
DIMENSIONS_KEY = "positions_dimensions"
