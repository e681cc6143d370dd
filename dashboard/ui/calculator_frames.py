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
    """Every accounting row of ``spec`` with the head tied and untied, formatted for people.

    The two columns describe the same model (blocks unchanged, see
    :func:`dashboard.analysis.accounting.change_head`), so they differ only in
    the output head's row and in the total.

    Returns:
        One row per component (token, position, token type, output head,
        inputs together, everything else, total); columns ``component``,
        ``tied: parameters``, ``tied: share``, ``untied: parameters``,
        ``untied: share`` (shares as percentages of that column's total).

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
    """``frame`` as the reader reads it: headers of :data:`COLUMN_KEYS` and prose cells in the active language.

    The frames themselves keep their English column names and cells (code
    and tests read them); this copy is made just before ``st.dataframe``.

    Args:
        frame: a frame of this page with one line per accounting row
            (:func:`tying_comparison_frame`, :func:`dashboard.ui.overview_frames.parameter_frame`).
        rows: the accounting rows, in the frame's order; their ``component``
            and ``note`` (messages) replace those columns' cells, rendered.

    Returns:
        A new frame, same rows and column order.
    """
    shown = frame.copy()
    for column in _PROSE_COLUMNS:
        if column in shown.columns:
            shown[column] = [render(getattr(row, column)) for row in rows]
    return shown.rename(columns=lambda name: t(COLUMN_KEYS[name]) if name in COLUMN_KEYS else name)
