"""Altair charts of rotary position embeddings: frequencies per pair and the decay with distance."""

from __future__ import annotations

import altair as alt
import pandas as pd

from dashboard.charts.positions import FIT_WIDTH


def rotary_frequency_chart(frame: pd.DataFrame) -> alt.Chart:
    """Wavelength of each rotated dimension pair, log scale.

    Args:
        frame: columns ``pair``, ``frequency`` (radians per position),
            ``wavelength`` (positions per turn) and ``full_turn`` (bool), from
            :func:`dashboard.analysis.rotary.rotary_frequency_frame`.
    """
    return (
        alt.Chart(frame, title="Rotation frequency of each dimension pair")
        .mark_circle(size=40)
        .encode(
            x=alt.X("pair:Q", axis=alt.Axis(tickMinStep=1, format="d"), title="dimension pair i (of the head)"),
            y=alt.Y("wavelength:Q", scale=alt.Scale(type="log"), title="wavelength 2π / θ_i (positions)"),
            color=alt.Color("full_turn:N", title="turns fully within the context",
                            legend=alt.Legend(orient="bottom")),
            tooltip=["pair:Q", alt.Tooltip("frequency:Q", format=".3e", title="θ_i (rad / position)"),
                     alt.Tooltip("wavelength:Q", format=",.1f", title="wavelength (positions)"), "full_turn:N"],
        )
        .properties(height=280, autosize=FIT_WIDTH)
    )


def rotary_decay_chart(frame: pd.DataFrame) -> alt.Chart:
    """RoFormer's bound on the query-key score, and the same-vector score, against relative distance (1 at 0).

    Args:
        frame: columns ``distance`` (positions), ``curve`` and ``value``, from
            :func:`dashboard.analysis.rotary.rotary_decay_frame`.
    """
    return (
        alt.Chart(frame, title="Bound on the query-key score by relative distance")
        .mark_line()
        .encode(
            x=alt.X("distance:Q", scale=alt.Scale(nice=False), title="relative distance m - n (positions)"),
            y=alt.Y("value:Q", title="value relative to distance 0"),
            color=alt.Color("curve:N", title=None, legend=alt.Legend(orient="bottom")),
            tooltip=["curve:N", "distance:Q", alt.Tooltip("value:Q", format=".3f")],
        )
        .properties(height=280, autosize=FIT_WIDTH)
    )
