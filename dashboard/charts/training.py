"""Altair charts of a training run: the loss curve and the tables' measures over steps, the shown step marked."""

from __future__ import annotations

import altair as alt
import pandas as pd

from dashboard.charts.positions import FIT_WIDTH

#: Colours of the three tables, the same in every chart of the page.
TABLE_COLOURS = alt.Scale(domain=["token table", "position table", "output head"],
                          range=["#4c78a8", "#f58518", "#54a24b"])
#: Training loss thin and light (one noisy value a step), validation dark (a few points).
SPLIT_COLOURS = alt.Scale(domain=["train", "validation"], range=["#9ecae9", "#08519c"])


def _step_rule(step: int) -> alt.Chart:
    return (alt.Chart(pd.DataFrame({"step": [step]})).mark_rule(color="#d62728", strokeDash=[4, 3])
            .encode(x="step:Q", tooltip=[alt.Tooltip("step:Q", title="shown step")]))


def loss_curve_chart(frame: pd.DataFrame, step: int, *, title: str = "Loss") -> alt.LayerChart:
    """Logged loss against step, one line per split, with a rule at ``step``.

    Args:
        frame: columns ``step`` (>= 0), ``loss`` (nats per token) and ``split``
            (``train``, ``validation``), from the run's log.
        step: the step shown on the page.
        title: chart title.

    Returns:
        A line per split, points on the validation split (logged sparsely),
        and a dashed red rule at ``step``.
    """
    base = alt.Chart(frame).encode(
        x=alt.X("step:Q", title="step"), y=alt.Y("loss:Q", title="loss (nats per token)", scale=alt.Scale(zero=False)),
        color=alt.Color("split:N", title=None, scale=SPLIT_COLOURS, legend=alt.Legend(orient="top")),
        tooltip=["split:N", "step:Q", alt.Tooltip("loss:Q", format=".3f")])
    lines = base.mark_line(strokeWidth=1)
    points = base.transform_filter(alt.datum.split == "validation").mark_point(filled=True, size=30)
    return alt.layer(lines, points, _step_rule(step), title=title).properties(height=240, autosize=FIT_WIDTH)


def measure_curve_chart(frame: pd.DataFrame, step: int, *, measure: str, y_title: str) -> alt.LayerChart:
    """One measure of the tables against step (one line per table), with a rule at ``step``.

    Args:
        frame: columns ``step``, ``table``, ``measure`` and ``value``, from
            :func:`dashboard.analysis.training_curves.step_measures_frame`,
            one frame per checkpoint stacked.
        step: the step shown on the page.
        measure: the ``measure`` value to draw.
        y_title: the y axis title (names the units).

    Returns:
        A line per table with a point at each checkpoint, and the rule.
    """
    chosen = frame[frame["measure"] == measure]
    # One table (the adjacent-position cosine): the title says which, a legend would list absent ones.
    legend = alt.Legend(orient="top", columns=2, labelLimit=120) if chosen["table"].nunique() > 1 else None
    lines = (
        alt.Chart(chosen)
        .mark_line(point=True)
        .encode(x=alt.X("step:Q", title="step"), y=alt.Y("value:Q", title=y_title),
                color=alt.Color("table:N", title=None, scale=TABLE_COLOURS,
                                legend=legend),
                tooltip=["table:N", "step:Q", alt.Tooltip("value:Q", format=".4f", title=measure)])
    )
    return alt.layer(lines, _step_rule(step), title=measure).properties(height=200, autosize=FIT_WIDTH)
