"""Altair charts of the Positions lesson: rotary frequencies per pair, the decay with distance, the shift experiment."""

from __future__ import annotations

import altair as alt
import pandas as pd

from dashboard.charts.legend_labels import shown_values, value_labels
from dashboard.charts.theme import FIT_WIDTH
from dashboard.i18n import msg, t

#: Curve names of :func:`dashboard.lessons.positions.rotary.rotary_decay_frame` -> what a reader sees.
CURVE_LABELS = {"RoFormer bound": msg("positions.rotary.bound"), "same vector": msg("positions.rotary.same_vector")}


def rotary_frequency_chart(frame: pd.DataFrame) -> alt.Chart:
    """Wavelength of each rotated pair (log scale) of a :func:`~.rotary.rotary_frequency_frame`."""
    full_turn = t("positions.rotary.full_turn")
    chart, turn_shown = shown_values(alt.Chart(frame, title=t("positions.rotary.frequency_title")), "full_turn",
                                     ["true", "false"])
    return (
        chart
        .mark_circle(size=40)
        .encode(
            x=alt.X("pair:Q", axis=alt.Axis(tickMinStep=1, format="d"), title=t("positions.rotary.pair_axis")),
            y=alt.Y("wavelength:Q", scale=alt.Scale(type="log"), title=t("positions.rotary.wavelength_axis")),
            color=alt.Color("full_turn:N", title=full_turn,
                            # titleLimit: Vega-Lite cuts titles at 180 px, the Korean one among them.
                            legend=alt.Legend(orient="bottom", titleLimit=400,
                                              labelExpr=value_labels(["true", "false"]))),
            tooltip=[alt.Tooltip("pair:Q", title=t("positions.rotary.pair")),
                     alt.Tooltip("frequency:Q", format=".3e", title=t("positions.rotary.frequency")),
                     alt.Tooltip("wavelength:Q", format=",.1f", title=t("positions.rotary.wavelength")),
                     alt.Tooltip(f"{turn_shown}:N", title=full_turn)],
        )
        .properties(height=280, autosize=FIT_WIDTH)
    )


def rotary_decay_chart(frame: pd.DataFrame) -> alt.Chart:
    """RoFormer's bound and the same-vector score against distance (1 at 0): a :func:`~.rotary.rotary_decay_frame`."""
    chart, curve_shown = shown_values(alt.Chart(frame, title=t("positions.rotary.decay_title")), "curve",
                                      list(CURVE_LABELS), CURVE_LABELS)
    return (
        chart
        .mark_line()
        .encode(
            x=alt.X("distance:Q", scale=alt.Scale(nice=False), title=t("positions.rotary.distance_axis")),
            y=alt.Y("value:Q", title=t("positions.rotary.value_axis")),
            color=alt.Color("curve:N", title=None,
                            legend=alt.Legend(orient="bottom", labelExpr=value_labels(list(CURVE_LABELS),
                                                                                      CURVE_LABELS))),
            tooltip=[alt.Tooltip(f"{curve_shown}:N", title=t("positions.rotary.curve")),
                     alt.Tooltip("distance:Q", title=t("positions.rotary.distance")),
                     alt.Tooltip("value:Q", format=".3f", title=t("positions.chart.value"))],
        )
        .properties(height=280, autosize=FIT_WIDTH)
    )


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
