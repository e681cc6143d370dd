"""The shift experiment's chart through its Vega-Lite spec (``chart.to_dict()``)."""

import numpy as np
import pytest

from dashboard.lessons.positions.shift import distance_score_frame, rotary_scorer
from dashboard.lessons.positions.rotary import rotary_frequencies
from dashboard.lessons.positions.charts import PAIRS, shift_distance_chart
from dashboard.i18n import use_language


def _frame():
    rng = np.random.default_rng(0)
    q, k = rng.standard_normal(16), rng.standard_normal(16)
    return distance_score_frame(rotary_scorer(q, k, rotary_frequencies(16, 10000.0)), 2, 10, np.arange(-4, 9), 40)


def test_lines_solid_and_dashed_and_the_chosen_distance_marked():
    spec = shift_distance_chart(_frame(), title="Rotary: score against m − n", distance=3).to_dict()
    line, point = spec["layer"]
    assert line["mark"]["type"] == "line" and point["mark"]["type"] == "point"
    encoding = spec["encoding"] if "encoding" in spec else line["encoding"]
    assert encoding["x"]["field"] == "distance" and encoding["y"]["field"] == "score"
    assert encoding["color"]["scale"]["domain"] == PAIRS
    assert encoding["strokeDash"]["scale"]["range"] == [[1, 0], [6, 4]]  # the shifted line dashed over the first
    assert encoding["y"]["scale"]["zero"] is False
    assert point["transform"] == [{"filter": "(datum.distance === 3)"}]
    assert spec["title"] == "Rotary: score against m − n"
    rows = [row for rows in spec["datasets"].values() for row in rows]
    assert {row["pair"] for row in rows} == set(PAIRS)
    assert {row["distance"] for row in rows if row["pair"] == PAIRS[1]} == set(range(-4, 9))


@pytest.fixture
def korean():
    use_language("ko")
    yield
    use_language("en")


def test_axis_and_legend_titles_follow_the_reader(korean):
    spec = shift_distance_chart(_frame(), title="제목", distance=0).to_dict()
    encoding = spec["encoding"] if "encoding" in spec else spec["layer"][0]["encoding"]
    assert encoding["x"]["title"] == "m − n (위치 수)" and encoding["y"]["title"] == "점수 (내적)"
    assert encoding["color"]["title"] == "위치"
    assert [tip["title"] for tip in encoding["tooltip"]] == ["위치", "쿼리 위치", "키 위치", "점수 (내적)"]
