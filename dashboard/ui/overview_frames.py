"""Frames the Overview page shows: the accounting rows for people, and the token rows' norms (cached per table)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.analysis import norms
from dashboard.analysis.accounting import ParameterRow, format_count, format_shape, format_share
from dashboard.tables import EmbeddingTables


def parameter_frame(rows: list[ParameterRow]) -> pd.DataFrame:
    """The accounting rows as strings formatted for people (``6,488,832``, ``5.4%``)."""
    return pd.DataFrame({
        "component": [r.component for r in rows],
        "shape": [format_shape(r.shape) for r in rows],
        "parameters": [format_count(r.parameters) for r in rows],
        "share of all parameters": [format_share(r.share) for r in rows],
        "note": [r.note for r in rows],
    })


@st.cache_data(max_entries=8, show_spinner=False)
def cached_token_norms(_tables: EmbeddingTables, content_hash: str, n_tokens: int) -> pd.DataFrame:
    """One column, ``norm`` (float32 >= 0), per token row; padding rows left out.

    Keyed by the tables' ``content_hash`` and the number of tokens (the same
    table may come with or without a tokenizer), so reruns and other sessions
    reuse it; no per-row label is built, since the histogram only bins norms.
    """
    return pd.DataFrame({"norm": norms.used_token_norms(_tables)})


def describe_norms(norms: np.ndarray) -> str:
    """The row-norm caption: this table's own median and spread, and the general pattern in softer words.

    Args:
        norms: ``(n_tokens,)`` float32 row norms (L2, >= 0) of the token rows shown.

    Returns:
        Sentences for people. Nothing is claimed about this model that the
        numbers do not show: which rows were rarely or never trained cannot
        be read off a histogram.
    """
    if len(norms) == 0:
        return "The table has no token rows to measure."
    low, median, high = np.percentile(norms.astype(np.float64), [5, 50, 95])
    return (f"How long each token's vector is (L2 norm): median {median:.3g}, 90% of the {len(norms):,} rows between "
            f"{low:.3g} and {high:.3g}. In some trained models rarely seen tokens keep a norm near the one they "
            "started with, and tokens training never touched form a separate spike; the histogram alone cannot "
            "tell which rows those are here.")
