"""Heatmap of pairwise similarity between chosen terms."""

from __future__ import annotations

import math

import altair as alt
import numpy as np
import pandas as pd

from dashboard.charts.theme import wrap_subtitle
from dashboard.i18n import msg, render

#: Metric -> axis/legend title (a :class:`~dashboard.i18n.Text`, English as a ``str``; charts render it).
SCORE_TITLES = {"cosine": msg("similarity.metric.cosine"), "dot": msg("similarity.metric.dot"),
                "centered": msg("similarity.metric.centered")}


def field_title(key: str) -> dict[str, str]:
    """Keyword arguments titling a tooltip or axis with the message ``key`` in the active language.

    Returns:
        ``{"title": text}``, or ``{}`` where the text is the English one: there
        the field's own name (``row``, ``token``) has always been the title.
    """
    text = render(msg(key))
    return {} if text == msg(key) else {"title": text}


def score_domain(metric: str, values: np.ndarray) -> list[float]:
    """The colour/axis domain over the metric's true range, symmetric around 0.

    ``[-1, 1]`` for cosine and centred cosine, whatever the values (so 0.3 never looks strong); ``[-m, m]`` for
    dot products with ``m`` the largest ``|value|``.
    """
    if metric in ("cosine", "centered"):
        return [-1.0, 1.0]
    finite = np.abs(values[np.isfinite(values)])
    bound = float(finite.max()) if finite.size and finite.max() > 0 else 1.0
    return [-bound, bound]


def similarity_heatmap_chart(frame: pd.DataFrame, metric: str = "cosine", *, title: str | None = None,
                             subtitle: list[str] | None = None, cell: int = 56) -> alt.LayerChart:
    """A square heatmap with the value written in each cell.

    Args:
        frame: from :func:`dashboard.lessons.similarity.analysis.similarity_frame`
            (``row, column, row_order, column_order, value``).
        metric: ``cosine``, ``dot`` or ``centered``: sets the domain (see :func:`score_domain`).
        title: chart title; a default names the metric (in the active language, like the axis and tooltip titles).
        subtitle: lines under the title.
        cell: cell size in pixels.

    Returns:
        Rect and text layers; the diverging ``redblue`` scale is centred on 0
        (blue negative, white 0, red positive); undefined values are grey and
        written ``n/a`` (in the active language).
    """
    order = list(frame.sort_values("row_order")["row"].drop_duplicates())
    domain = score_domain(metric, frame["value"].to_numpy(dtype=float))
    undefined = render(msg("chart.similarity.undefined"))
    data = frame.assign(text=[(undefined if not math.isfinite(v) else f"{v:.2f}") for v in frame["value"]],
                        strong=(frame["value"].abs() > 0.6 * domain[1]).fillna(False))
    label = render(SCORE_TITLES[metric])
    base = alt.Chart(data).encode(
        x=alt.X("column:N", sort=order, title=None, axis=alt.Axis(labelAngle=-40, orient="top")),
        y=alt.Y("row:N", sort=order, title=None),
    )
    rects = base.mark_rect(stroke="white").encode(
        color=alt.Color("value:Q", title=label,
                        scale=alt.Scale(scheme="redblue", reverse=True, domain=domain, domainMid=0)),
        tooltip=[alt.Tooltip("row:N", **field_title("chart.similarity.tip.row")),
                 alt.Tooltip("column:N", **field_title("chart.similarity.tip.column")),
                 alt.Tooltip("value:Q", title=label, format=".4f")],
    )
    text = base.mark_text(fontSize=12).encode(
        text="text:N",
        color=alt.condition("datum.strong", alt.value("white"), alt.value("black")),
    )
    heading = alt.TitleParams(title or render(msg("chart.similarity.title", label=label.capitalize())),
                              subtitle=wrap_subtitle(subtitle or []),
                              anchor="start")
    side = cell * len(order)
    # pad: cells keep `cell` pixels; labels, title and legend are added around them
    return alt.layer(rects, text).properties(width=side, height=side, title=heading,
                                             autosize=alt.AutoSizeParams(type="pad", contains="padding"))
