"""Frames the Overview page shows, built from the accounting rows (cached per table)."""

from __future__ import annotations

import pandas as pd

from dashboard.analysis.accounting import ParameterRow, format_count, format_shape, format_share


def parameter_frame(rows: list[ParameterRow]) -> pd.DataFrame:
    """The accounting rows as strings formatted for people (``6,488,832``, ``5.4%``)."""
    return pd.DataFrame({
        "component": [r.component for r in rows],
        "shape": [format_shape(r.shape) for r in rows],
        "parameters": [format_count(r.parameters) for r in rows],
        "share of all parameters": [format_share(r.share) for r in rows],
        "note": [r.note for r in rows],
    })
