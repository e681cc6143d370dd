"""Charts of the "Where training starts" page: value densities and row-norm ranges beside the initialisations.

Built on every run, never cached, so labels are in the reader's language; the frames' values stay as given.
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from dashboard.charts.theme import FIT_WIDTH
from dashboard.i18n import t

KINDS = ("measured", "initialisation")
KIND_RANGE = ["#4c78a8", "#9d9d9d"]


def value_density_chart(frame: pd.DataFrame, *, title: str) -> alt.LayerChart:
    """A :func:`~.analysis.value_density_frame`: measured histogram (bars), initialisations' normal densities (lines).

    The y axis stops at 1.5 times the tallest bar (lines clipped), so a narrow initialisation cannot flatten it.
    """
    measured = frame[frame["curve"] == "measured"]
    top = float(measured["density"].max()) * 1.5 or 1.0
    y = alt.Y("density:Q", title=t("init.chart.density"), scale=alt.Scale(domain=[0, top]))
    bars = alt.Chart(measured).mark_bar(opacity=0.6, color="#4c78a8").encode(
        x=alt.X("value:Q", title=t("init.chart.entry_value")), y=y,
        tooltip=[alt.Tooltip("value:Q", format=".4f", title=t("init.chart.value")),
                 alt.Tooltip("density:Q", format=".3f", title=t("init.chart.density"))])
    lines = alt.Chart(frame[frame["curve"] != "measured"]).mark_line(clip=True).encode(
        x="value:Q", y=y, color=alt.Color("curve:N", title=t("init.chart.initialisation"),
                                          legend=alt.Legend(orient="top")))
    return alt.layer(bars, lines, title=title).properties(height=260, autosize=FIT_WIDTH)


def row_norm_range_chart(frame: pd.DataFrame) -> alt.LayerChart:
    """Row-norm ranges (5-95 % quantiles, median marked, log scale) of an :func:`~.analysis.initialisation_frame`.

    Zero norms must be left out: the axis is logarithmic.
    """
    order = list(frame["name"])
    kinds = {kind: t(f"init.kind.{kind}") for kind in KINDS}  # the legend's labels, in the reader's language
    frame = frame.assign(kind=frame["kind"].map(lambda kind: kinds.get(kind, kind)))
    colours = alt.Scale(domain=list(kinds.values()), range=KIND_RANGE)
    base = alt.Chart(frame).encode(y=alt.Y("name:N", sort=order, title=None, axis=alt.Axis(labelLimit=320)),
                                   color=alt.Color("kind:N", scale=colours, title=None,
                                                   legend=alt.Legend(orient="top")))
    x = alt.X("norm_low:Q", scale=alt.Scale(type="log"), title=t("init.chart.norm_axis"))
    ranges = base.mark_rule(strokeWidth=6, opacity=0.7).encode(x=x, x2="norm_high:Q")
    medians = base.mark_point(filled=True, size=60, color="black").encode(
        x="norm_median:Q", tooltip=[alt.Tooltip("name:N", title=t("init.chart.name")),
                                    alt.Tooltip("norm_low:Q", format=".4f", title=t("init.chart.low")),
                                    alt.Tooltip("norm_median:Q", format=".4f", title=t("init.chart.median")),
                                    alt.Tooltip("norm_high:Q", format=".4f", title=t("init.chart.high"))])
    return alt.layer(ranges, medians, title=t("init.chart.norms_title")).properties(
        height=alt.Step(30), autosize=FIT_WIDTH)
