"""Histogram of row norms."""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd

from dashboard.i18n import t


def row_norm_histogram_chart(frame: pd.DataFrame, *, title: str | None = None, max_bins: int = 60) -> alt.Chart:
    """Histogram of the ``norm`` column (L2 norms >= 0, one per table row), at most ``max_bins`` bins.

    ``title`` defaults to "Row norms of the token table"; titles are in the active language.
    """
    counts, edges = np.histogram(frame["norm"].to_numpy(), bins=max_bins)
    binned = pd.DataFrame({"start": edges[:-1], "end": edges[1:], "rows": counts})
    return (
        alt.Chart(binned, title=t("charts.norms.title") if title is None else title)
        .mark_bar()
        .encode(
            x=alt.X("start:Q", bin="binned", title=t("charts.norms.x")),
            x2="end:Q",
            y=alt.Y("rows:Q", title=t("charts.norms.rows")),
            tooltip=[alt.Tooltip("start:Q", format=".3f", title=t("charts.norms.from")),
                     alt.Tooltip("end:Q", format=".3f", title=t("charts.norms.to")),
                     alt.Tooltip("rows:Q", format=",", title=t("charts.norms.rows"))],
        )
        .properties(height=260)
    )

