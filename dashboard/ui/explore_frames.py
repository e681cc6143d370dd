"""Tables of the nearest-neighbours page as a reader sees them: headers and category names in their language, for
display only (the frames keep English names and values for the CSV, tests and charts)."""

from __future__ import annotations

from typing import Any, Mapping

import pandas as pd

from dashboard.analysis.token_categories import category_label
from dashboard.i18n import t
from dashboard.ui.language import display_frame

#: Column name -> catalogue key of its header.
COLUMN_KEYS = {"rank": "explore.column.rank", "token": "explore.column.token", "id": "explore.column.id",
               "score": "explore.column.score", "norm": "explore.column.norm", "category": "explore.column.category"}


def dataframe_args(frame: pd.DataFrame, column_config: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments ``data`` and ``column_config`` for ``st.dataframe``, headers in the active language;
    ``column_config`` (English column name -> ``st.column_config`` entry) is renamed with the columns; ``category``
    cells are shown by their names."""
    shown = frame.copy()
    if "category" in shown:
        shown["category"] = [category_label(str(c)) for c in shown["category"]]
    return {"data": display_frame(shown, COLUMN_KEYS),
            "column_config": {t(COLUMN_KEYS[name]) if name in COLUMN_KEYS else name: config
                              for name, config in column_config.items()}}
