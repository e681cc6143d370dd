"""Altair chart of the shift experiment: one scheme's query-key score against m - n, before and after a shift."""

from __future__ import annotations

import altair as alt
import pandas as pd

from dashboard.charts.theme import FIT_WIDTH
from dashboard.i18n import t

#: The two lines of :func:`dashboard.lessons.positions.shift.distance_score_frame`, drawn solid then dashed.
PAIRS = ["(m, n)", "(m + k, n + k)"]


def shift_distance_chart(frame: pd.DataFrame, *, title: str, distance: int) -> alt.LayerChart:
    """Score against ``m - n``, key at ``n`` (solid) and ``n + k`` (dashed), the picked ``distance`` marked.

    ``frame`` is a :func:`~.shift.distance_score_frame` (``pair`` in :data:`PAIRS`); ``title`` in the reader's language.
    """
    tooltip = [alt.Tooltip("pair:N", title=t("positions.shift.pair")),
               alt.Tooltip("query:Q", title=t("positions.shift.query_position")),
               alt.Tooltip("key:Q", title=t("positions.shift.key_position")),
               alt.Tooltip("score:Q", format=".6g", title=t("positions.shift.score_axis"))]
    base = alt.Chart(frame).encode(
        x=alt.X("distance:Q", scale=alt.Scale(nice=False), axis=alt.Axis(format="d"),
                title=t("positions.shift.distance_axis")),
        y=alt.Y("score:Q", scale=alt.Scale(zero=False), title=t("positions.shift.score_axis")),
        color=alt.Color("pair:N", scale=alt.Scale(domain=PAIRS), title=t("positions.shift.pair"),
                        legend=alt.Legend(orient="bottom")),
        strokeDash=alt.StrokeDash("pair:N", scale=alt.Scale(domain=PAIRS, range=[[1, 0], [6, 4]]), legend=None),
        tooltip=tooltip,
    )
    chosen = base.mark_point(size=60, filled=True).transform_filter(alt.datum.distance == distance)
    return alt.layer(base.mark_line(), chosen).properties(title=title, height=240, autosize=FIT_WIDTH)
