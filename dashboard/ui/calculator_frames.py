"""Frames of the Parameter calculator page: one model's accounting with its head tied and untied, side by side."""

from __future__ import annotations

import pandas as pd

from dashboard.analysis.accounting import (
    ModelSpec,
    ParameterRow,
    change_head,
    format_count,
    format_share,
    parameter_rows,
)
from dashboard.i18n import render, t

#: Column names of the calculator's frames -> their catalogue keys (the frames keep the English names).
COLUMN_KEYS = {
    "component": "calculator.col.component",
    "shape": "calculator.col.shape",
    "parameters": "calculator.col.parameters",
    "share of all parameters": "calculator.col.share_of_all",
    "note": "calculator.col.note",
    "tied: parameters": "calculator.col.tied_parameters",
    "tied: share": "calculator.col.tied_share",
    "untied: parameters": "calculator.col.untied_parameters",
    "untied: share": "calculator.col.untied_share",
}
#: Columns whose cells are prose (component names, notes): attributes of ParameterRow, rendered for display.
_PROSE_COLUMNS = ("component", "note")


def tying_comparison_frame(spec: ModelSpec) -> pd.DataFrame:
    """Every accounting row of ``spec`` with the head tied and untied, formatted for people; the two differ only in the
    output head's row and the total (:func:`dashboard.analysis.accounting.change_head` keeps the blocks).

    Returns:
        One row per component, total last; columns ``component`` and, for ``tied`` and ``untied``,
        ``<head>: parameters`` and ``<head>: share`` (percent of that column's total).

    Raises:
        SpecError: a given total is smaller than the tables it must hold.
    """
    columns: dict[str, list[str]] = {}
    for head in ("tied", "untied"):
        rows = parameter_rows(change_head(spec, head))
        columns["component"] = [r.component for r in rows]
        columns[f"{head}: parameters"] = [format_count(r.parameters) for r in rows]
        columns[f"{head}: share"] = [format_share(r.share) for r in rows]
    return pd.DataFrame(columns)


def shown_frame(frame: pd.DataFrame, rows: list[ParameterRow]) -> pd.DataFrame:
    """A copy of ``frame`` for ``st.dataframe``, headers (:data:`COLUMN_KEYS`) and prose cells in the active language.

    Args:
        frame: one line per accounting row (:func:`tying_comparison_frame`,
            :func:`dashboard.ui.overview_frames.parameter_frame`).
        rows: the accounting rows in the frame's order; their rendered ``component`` and ``note`` replace those cells.
    """
    shown = frame.copy()
    for column in _PROSE_COLUMNS:
        if column in shown.columns:
            shown[column] = [render(getattr(row, column)) for row in rows]
    return shown.rename(columns=lambda name: t(COLUMN_KEYS[name]) if name in COLUMN_KEYS else name)
