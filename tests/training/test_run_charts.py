"""The Training page's charts, through their Vega-Lite specs."""

import pandas as pd

from dashboard.training.run_charts import loss_curve_chart, measure_curve_chart


def _layers(chart):
    return chart.to_dict()["layer"]


def test_loss_curve_marks_the_shown_step():
    frame = pd.DataFrame({"step": [0, 1, 2, 0], "loss": [5.0, 4.0, 3.5, 5.1], "split": ["train"] * 3 + ["validation"]})
    spec = loss_curve_chart(frame, 250).to_dict()
    lines, points, rule = spec["layer"]
    assert rule["mark"]["type"] == "rule" and spec["datasets"][rule["data"]["name"]] == [{"step": 250}]
    assert lines["encoding"]["color"]["field"] == "split" and len(spec["datasets"][lines["data"]["name"]]) == 4


def test_measure_curve_draws_only_the_chosen_measure():
    frame = pd.DataFrame({"step": [0, 0, 10], "table": ["token table", "position table", "token table"],
                          "measure": ["mean row norm", "adjacent-position cosine", "mean row norm"],
                          "value": [0.2, 0.5, 0.3]})
    spec = measure_curve_chart(frame, 10, measure="mean row norm", y_title="norm").to_dict()
    lines = spec["layer"][0]
    rows = spec["datasets"][lines["data"]["name"]]
    assert [r["value"] for r in rows] == [0.2, 0.3] and lines["encoding"]["y"]["title"] == "norm"


def test_the_legend_lists_only_the_tables_drawn_in_their_fixed_colours():
    # A tied run (nanoGPT) follows no separate head: its legend listed "output head" with no line beside it.
    frame = pd.DataFrame({"step": [0, 0, 10, 10], "table": ["token table", "position table"] * 2,
                          "measure": ["mean row norm"] * 4, "value": [0.2, 0.1, 0.3, 0.2]})
    scale = measure_curve_chart(frame, 10, measure="mean row norm", y_title="norm").to_dict()["layer"][0][
        "encoding"]["color"]["scale"]
    assert scale == {"domain": ["token table", "position table"], "range": ["#4c78a8", "#f58518"]}
    untied = pd.concat([frame, frame.assign(table="output head")])
    scale = measure_curve_chart(untied, 10, measure="mean row norm", y_title="norm").to_dict()["layer"][0][
        "encoding"]["color"]["scale"]
    assert scale["domain"] == ["token table", "position table", "output head"]
    assert scale["range"] == ["#4c78a8", "#f58518", "#54a24b"]
