"""Frames of the Parameter calculator page: one model's accounting with its head tied and untied, side by side."""

from __future__ import annotations

import pandas as pd

from dashboard.analysis.accounting import ModelSpec, change_head, format_count, format_share, parameter_rows


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
