"""Altair charts of a training run: the loss and the tables' measures over steps, the shown step marked.

Labels are in the active language; the data keep English values, so colours stay when the language changes.
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from dashboard.charts.legend_labels import shown_values, value_labels
from dashboard.charts.theme import FIT_WIDTH
from dashboard.i18n import render, t
from dashboard.training.curves import LABELS

#: Colours of the three tables, the same in every chart of the page.
TABLE_COLOURS = alt.Scale(domain=["token table", "position table", "output head"],
                          range=["#4c78a8", "#f58518", "#54a24b"])
#: Training loss thin and light (one noisy value a step), validation dark (a few points).
SPLIT_COLOURS = alt.Scale(domain=["train", "validation"], range=["#9ecae9", "#08519c"])


def _step_rule(step: int) -> alt.Chart:
    return (alt.Chart(pd.DataFrame({"step": [step]})).mark_rule(color="#d62728", strokeDash=[4, 3])
            .encode(x="step:Q", tooltip=[alt.Tooltip("step:Q", title=t("chart.training.shown_step"))]))


def loss_curve_chart(frame: pd.DataFrame, step: int, *, title: str = "Loss") -> alt.LayerChart:
    """Logged ``loss`` (nats per token) against step, a line per ``split`` (train, validation), a rule at ``step``."""
    splits = {"train": t("chart.training.split.train"), "validation": t("chart.training.split.validation")}
    base, split = shown_values(alt.Chart(frame), "split", list(splits), splits)
    base = base.encode(
        x=alt.X("step:Q", title=t("chart.training.step")),
        y=alt.Y("loss:Q", title=t("chart.training.loss_axis"), scale=alt.Scale(zero=False)),
        color=alt.Color("split:N", title=None, scale=SPLIT_COLOURS,
                        legend=alt.Legend(orient="top", labelExpr=value_labels(list(splits), splits))),
        tooltip=[alt.Tooltip(f"{split}:N", title=t("chart.training.split")),
                 alt.Tooltip("step:Q", title=t("chart.training.step")),
                 alt.Tooltip("loss:Q", format=".3f", title=t("chart.training.loss"))])
    lines = base.mark_line(strokeWidth=1)
    points = base.transform_filter(alt.datum.split == "validation").mark_point(filled=True, size=30)
    return alt.layer(lines, points, _step_rule(step), title=title).properties(height=240, autosize=FIT_WIDTH)


def measure_curve_chart(frame: pd.DataFrame, step: int, *, measure: str, y_title: str) -> alt.LayerChart:
    """One ``measure`` of stacked :func:`~.curves.step_measures_frame` frames against step, a rule at ``step``.

    A line per table with a point per checkpoint; ``y_title`` names the units.
    """
    chosen = frame[frame["measure"] == measure]
    name = render(LABELS.get(measure, measure))
    # One table (the adjacent-position cosine): the title says which, a legend would list absent ones.
    tables = {table: LABELS[table] for table in TABLE_COLOURS.domain}
    legend = (alt.Legend(orient="top", columns=1, labelLimit=160, labelExpr=value_labels(list(tables), tables))
              if chosen["table"].nunique() > 1 else None)
    chart, table = shown_values(alt.Chart(chosen), "table", list(tables), tables)
    # The legend lists only the tables drawn (a tied run has no head line), each in its fixed colour.
    present = [name for name in TABLE_COLOURS.domain if name in set(chosen["table"])]
    colours = dict(zip(TABLE_COLOURS.domain, TABLE_COLOURS.range))
    scale = alt.Scale(domain=present, range=[colours[name] for name in present])
    lines = (
        chart
        .mark_line(point=True)
        .encode(x=alt.X("step:Q", title=t("chart.training.step")), y=alt.Y("value:Q", title=y_title),
                color=alt.Color("table:N", title=None, scale=scale, legend=legend),
                tooltip=[alt.Tooltip(f"{table}:N", title=t("chart.training.table")),
                         alt.Tooltip("step:Q", title=t("chart.training.step")),
                         alt.Tooltip("value:Q", format=".4f", title=name)])
    )
    return alt.layer(lines, _step_rule(step), title=name).properties(height=200, autosize=FIT_WIDTH)


def aligned_map_chart(frame: pd.DataFrame, domains: tuple[list[float], list[float]], *, title: str,
                      x_title: str, y_title: str) -> alt.LayerChart:
    """One step's token map on the run's fixed axes (:mod:`dashboard.maps.aligned`), followed tokens on top, named.

    ``frame`` has ``x``, ``y``, ``token``, ``id``, ``followed`` per drawn token; ``domains`` are ``([x_min, x_max],
    [y_min, y_max])`` over every step, so the axes stay put.
    """
    x = alt.X("x:Q", scale=alt.Scale(domain=domains[0]), title=x_title)
    y = alt.Y("y:Q", scale=alt.Scale(domain=domains[1]), title=y_title)
    tooltip = [alt.Tooltip("token:N", title=t("training.aligned_token")), alt.Tooltip("id:Q", title="id")]
    base = alt.Chart(frame)
    points = base.transform_filter("!datum.followed").mark_circle(size=8, opacity=0.35, color="#9aa5b1").encode(
        x=x, y=y, tooltip=tooltip)
    followed = base.transform_filter("datum.followed")
    marks = followed.mark_circle(size=60, color="#d62728").encode(x=x, y=y, tooltip=tooltip)
    labels = followed.mark_text(align="left", dx=6, dy=-6, fontSize=12, color="#d62728").encode(x=x, y=y,
                                                                                                 text="token:N")
    return alt.layer(points, marks, labels, title=title).properties(height=420, autosize=FIT_WIDTH)
