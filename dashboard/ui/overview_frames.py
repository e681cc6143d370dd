"""Frames the Overview page shows: the accounting rows for people, and the token rows' norms (cached per table).

Frames keep their English column names and cells (tests and downloads read
them); :func:`display_frame` renames and renders them in the reader's
language just before ``st.dataframe``.
"""

from __future__ import annotations

from typing import Mapping

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.analysis import norms
from dashboard.analysis.accounting import ParameterRow, format_count, format_shape, format_share
from dashboard.i18n import Text, msg, render, t
from dashboard.tables import EmbeddingTables

#: Column of :func:`parameter_frame` -> its header's catalogue key.
PARAMETER_COLUMNS = {
    "component": "overview.col.component",
    "shape": "overview.col.shape",
    "parameters": "overview.col.parameters",
    "share of all parameters": "overview.col.share",
    "note": "overview.col.note",
}


def display_frame(frame: pd.DataFrame, columns: Mapping[str, str]) -> pd.DataFrame:
    """``frame`` as the reader reads it: headers named in ``columns`` renamed, catalogue-message cells rendered.

    Only ``object`` columns can hold messages (pandas turns a column of ``str``
    into a string column, which keeps their English alone): frames with
    message cells are built with ``dtype=object``.

    Args:
        frame: a frame with English column names; cells may hold :class:`~dashboard.i18n.Text`.
        columns: column name -> catalogue key of its header; columns not named keep their name.

    Returns:
        A new frame for ``st.dataframe``; in English its headers and cells equal ``frame``'s.
    """
    shown = frame.copy()
    for name in shown.columns:
        if shown[name].dtype == object:
            shown[name] = [render(v) if isinstance(v, Text) else v for v in shown[name]]
    return shown.rename(columns={name: t(key) for name, key in columns.items()})


def parameter_frame(rows: list[ParameterRow]) -> pd.DataFrame:
    """The accounting rows as strings formatted for people (``6,488,832``, ``5.4%``).

    Columns hold Python objects (``dtype=object``), so that the catalogue
    messages among the cells (component names, notes) stay messages until
    :func:`display_frame` renders them; a ``str`` column would keep only their English.
    """
    return pd.DataFrame({
        "component": [r.component for r in rows],
        "shape": [format_shape(r.shape) for r in rows],
        "parameters": [format_count(r.parameters) for r in rows],
        "share of all parameters": [format_share(r.share) for r in rows],
        "note": [r.note for r in rows],
    }, dtype=object)


@st.cache_data(max_entries=8, show_spinner=False)
def cached_token_norms(_tables: EmbeddingTables, content_hash: str, n_tokens: int) -> pd.DataFrame:
    """One column, ``norm`` (float32 >= 0), per token row; padding rows left out.

    Keyed by the tables' ``content_hash`` and the number of tokens (the same
    table may come with or without a tokenizer), so reruns and other sessions
    reuse it; no per-row label is built, since the histogram only bins norms.
    """
    return pd.DataFrame({"norm": norms.used_token_norms(_tables)})


def describe_norms(norms: np.ndarray) -> Text:
    """The row-norm caption: this table's own median and spread, and the general pattern in softer words.

    Args:
        norms: ``(n_tokens,)`` float32 row norms (L2, >= 0) of the token rows shown.

    Returns:
        Sentences for people (a catalogue message: render it on the page). Nothing is claimed about this model that the
        numbers do not show: which rows were rarely or never trained cannot
        be read off a histogram.
    """
    if len(norms) == 0:
        return msg("overview.norms.empty")
    low, median, high = np.percentile(norms.astype(np.float64), [5, 50, 95])
    return msg("overview.norms.caption", median=float(median), rows=len(norms), low=float(low), high=float(high))
