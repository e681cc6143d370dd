"""Histogram of row norms."""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd


def row_norm_histogram_chart(frame: pd.DataFrame, *, title: str = "Row norms of the token table",
                             max_bins: int = 60) -> alt.Chart:
    """Histogram of the ``norm`` column.

    Args:
        frame: tidy frame with a ``norm`` column (float >= 0), one row per
            table row, e.g. from :func:`dashboard.ui.overview_frames.cached_token_norms`.
        title: chart title.
        max_bins: upper bound on the number of bins.

    Returns:
        An Altair bar chart; x is the binned L2 norm, y the number of rows.
        Only the binned counts are sent to the browser, not one row per token.
    """
    counts, edges = np.histogram(frame["norm"].to_numpy(), bins=max_bins)
    binned = pd.DataFrame({"start": edges[:-1], "end": edges[1:], "rows": counts})
    return (
        alt.Chart(binned, title=title)
        .mark_bar()
        .encode(
            x=alt.X("start:Q", bin="binned", title="L2 norm of row"),
            x2="end:Q",
            y=alt.Y("rows:Q", title="rows"),
            tooltip=[alt.Tooltip("start:Q", format=".3f", title="from"),
                     alt.Tooltip("end:Q", format=".3f", title="to"), alt.Tooltip("rows:Q", format=",")],
        )
        .properties(height=260)
    )

