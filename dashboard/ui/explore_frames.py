"""Tables of the nearest-neighbours page as a reader sees them: headers and category names in their language.

The frames keep their English column names and category values (the CSV,
tests and charts read them); :func:`dataframe_args` renames them for display
only, just before ``st.dataframe``.
"""

from __future__ import annotations

from typing import Any, Mapping

import pandas as pd

from dashboard.analysis.token_categories import category_label
from dashboard.i18n import t

#: Column name -> catalogue key of its header.
COLUMN_KEYS = {"rank": "explore.column.rank", "token": "explore.column.token", "id": "explore.column.id",
               "score": "explore.column.score", "norm": "explore.column.norm", "category": "explore.column.category"}


def display_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its headers (:data:`COLUMN_KEYS`) and its ``category`` cells in the active language.

    Args:
        frame: columns among ``rank, token, id, score, norm, category``; others keep their names.

    Returns:
        A renamed copy; ``frame`` itself is not changed.
    """
    shown = frame.copy()
    if "category" in shown:
        shown["category"] = [category_label(str(c)) for c in shown["category"]]
    return shown.rename(columns={name: t(key) for name, key in COLUMN_KEYS.items()})


def dataframe_args(frame: pd.DataFrame, column_config: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments ``data`` and ``column_config`` for ``st.dataframe``, headers in the active language.

    Args:
        frame: see :func:`display_frame`.
        column_config: English column name -> ``st.column_config`` entry; renamed with the columns.
    """
    return {"data": display_frame(frame),
            "column_config": {t(COLUMN_KEYS[name]) if name in COLUMN_KEYS else name: config
                              for name, config in column_config.items()}}
