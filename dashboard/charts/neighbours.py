"""Bars of nearest-neighbour scores."""

from __future__ import annotations

import altair as alt
import pandas as pd

from dashboard.charts.similarity import SCORE_TITLES, field_title, score_domain
from dashboard.i18n import msg, render


def neighbour_scores_chart(frame: pd.DataFrame, metric: str = "cosine", *, title: str | None = None) -> alt.Chart:
    """Horizontal bars of neighbour scores, nearest at the top.

    ``frame`` has columns ``rank`` (1 = nearest), ``token``, ``id``, ``score``, ``norm``; ``metric`` sets the axis
    domain (:func:`score_domain`); the title defaults to the metric's, in the active language.
    """
    domain = score_domain(metric, frame["score"].to_numpy(dtype=float))
    label = render(SCORE_TITLES[metric])
    data = frame.assign(bar=[f"{r}. {t}" for r, t in zip(frame["rank"], frame["token"])])
    return (
        alt.Chart(data, title=title or render(msg("chart.neighbours.title", label=label)))
        .mark_bar()
        .encode(
            x=alt.X("score:Q", title=label, scale=alt.Scale(domain=domain)),
            y=alt.Y("bar:N", sort=list(data["bar"]), title=None),
            color=alt.Color("score:Q", legend=None,
                            scale=alt.Scale(scheme="redblue", reverse=True, domain=domain, domainMid=0)),
            tooltip=[alt.Tooltip("token:N", **field_title("chart.neighbours.tip.token")), alt.Tooltip("id:Q"),
                     alt.Tooltip("score:Q", title=label, format=".4f"),
                     alt.Tooltip("norm:Q", format=".3f", **field_title("chart.neighbours.tip.norm"))],
        )
        .properties(height=max(120, 22 * len(data)),  # 22 pixels a bar, labels around them
                    autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
    )
