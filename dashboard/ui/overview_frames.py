"""Frames the Overview page shows: the accounting rows for people, and the token rows' norms (cached per table)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.analysis import norms
from dashboard.analysis.accounting import ParameterRow, format_count, format_shape, format_share
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables

#: Column of :func:`parameter_frame` -> its header's catalogue key.
PARAMETER_COLUMNS = {
    "component": "overview.col.component",
    "shape": "overview.col.shape",
    "parameters": "overview.col.parameters",
    "share of all parameters": "overview.col.share",
    "note": "overview.col.note",
}


def parameter_frame(rows: list[ParameterRow]) -> pd.DataFrame:
    """The accounting rows as strings for people (``6,488,832``, ``5.4%``), ``dtype=object`` so that component names
    and notes stay messages until :func:`dashboard.ui.language.display_frame` renders them."""
    return pd.DataFrame({
        "component": [r.component for r in rows],
        "shape": [format_shape(r.shape) for r in rows],
        "parameters": [format_count(r.parameters) for r in rows],
        "share of all parameters": [format_share(r.share) for r in rows],
        "note": [r.note for r in rows],
    }, dtype=object)


@st.cache_data(max_entries=8, show_spinner=False)
def cached_token_norms(_tables: EmbeddingTables, content_hash: str, n_tokens: int) -> pd.DataFrame:
    """One column, ``norm`` (float32 >= 0), per token row, padding left out; keyed by ``content_hash`` and
    ``n_tokens`` (one table may come with or without a tokenizer)."""
    return pd.DataFrame({"norm": norms.used_token_norms(_tables)})


def describe_norms(norms: np.ndarray) -> Text:
    """The row-norm caption (a catalogue message): median and spread of ``norms`` (``(n_tokens,)`` float32 L2 norms,
    >= 0), and the general pattern in softer words, since a histogram cannot tell which rows were rarely trained."""
    if len(norms) == 0:
        return msg("overview.norms.empty")
    low, median, high = np.percentile(norms.astype(np.float64), [5, 50, 95])
    return msg("overview.norms.caption", median=float(median), rows=len(norms), low=float(low), high=float(high))
