"""Cached numbers of the "Where training starts" page: a table's summary and value density, once per table.

Both read every entry, so reruns and other sessions reuse them. The key (:func:`table_key`) says which table,
since the content hash covers the token and position tables but not the output head.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.lessons.initialisation.analysis import summarise_values, value_density_frame
from dashboard.tables import EmbeddingTables
from dashboard.ui.loading import path_stamp


def table_key(tables: EmbeddingTables, which: str) -> tuple[str, float, str, str]:
    """``(source, modification time of the model's file in s or 0.0, content hash, which)`` of one of its tables."""
    return tables.source, path_stamp(tables.model_path), tables.content_hash, which


@st.cache_data(max_entries=16, show_spinner=False)
def cached_summary(_table: np.ndarray, key: tuple) -> dict:
    """:func:`~.analysis.summarise_values` of ``_table`` (named ``""``), keyed by ``key``."""
    return summarise_values("", _table)


@st.cache_data(max_entries=8, show_spinner=False)
def cached_density(_table: np.ndarray, key: tuple, d_model: int) -> pd.DataFrame:
    """:func:`~.analysis.value_density_frame` of ``_table``, keyed by ``key`` and ``d_model``."""
    return value_density_frame(_table, d_model)
