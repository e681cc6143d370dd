"""Charts of similarity: the heatmap of pairwise similarity between chosen terms, and bars of nearest neighbours."""

from __future__ import annotations

import math

import altair as alt
import numpy as np
import pandas as pd

from dashboard.charts.theme import wrap_subtitle
from dashboard.i18n import msg, render


#: Metric -> axis and legend title (a catalogue message).
SCORE_TITLES = {"cosine": msg("similarity.metric.cosine"), "dot": msg("similarity.metric.dot"),
                "centered": msg("similarity.metric.centered")}


def field_title(key: str) -> dict[str, str]:
    """``{"title": text}`` for message ``key`` in the active language; ``{}`` in English (the field name titles it)."""
    text = render(msg(key))
    return {} if text == msg(key) else {"title": text}


def score_domain(metric: str, values: np.ndarray) -> list[float]:
    """Colour/axis domain: ``[-1, 1]`` for cosines, ``[-m, m]`` for dot products (``m`` the largest ``|value|``).

    Cosines get their whole range whatever the values, so 0.3 never looks strong.
    """
    if metric in ("cosine", "centered"):
        return [-1.0, 1.0]
    finite = np.abs(values[np.isfinite(values)])
    bound = float(finite.max()) if finite.size and finite.max() > 0 else 1.0
    return [-bound, bound]


def similarity_heatmap_chart(frame: pd.DataFrame, metric: str = "cosine", *, title: str | None = None,
                             subtitle: list[str] | None = None, cell: int = 56) -> alt.LayerChart:
    """A square heatmap with the value written in each cell, ``cell`` pixels a side.

    ``frame``: ``row, column, row_order, column_order, value``, from
    :func:`dashboard.lessons.similarity.analysis.similarity_frame`; ``metric`` (``cosine``, ``dot``, ``centered``) sets
    the domain (:func:`score_domain`) and the default title. Colours: ``redblue`` centred on 0 (blue negative, red
    positive); undefined values grey, written ``n/a``.
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
