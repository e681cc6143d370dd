"""Every Positions chart through its Vega-Lite spec (``chart.to_dict()``)."""

import base64
import io
import json

import altair as alt
import numpy as np
import pandas as pd
import pytest
from PIL import Image

from benchmarks.bench_positions import streamlit_payload_bytes
from dashboard.analysis.position_blocks import block_similarity
from dashboard.lessons.positions.rotary import rotary_decay_frame, rotary_frequency_frame
from dashboard.analysis.sinusoidal import sinusoidal_table
from dashboard.lessons.positions.structure import compare_subspaces, dimension_frame, pca_trajectory, spectrum_frame
from dashboard.charts import positions as charts
from dashboard.lessons.positions.charts import rotary_decay_chart, rotary_frequency_chart
from dashboard.lessons.positions.view_frames import offset_similarity_frame, row_norm_frame

TABLE = sinusoidal_table(512, 64) + np.random.default_rng(0).normal(scale=0.01, size=(512, 64))


def _spec(chart):
    with alt.data_transformers.disable_max_rows():  # Streamlit sends Arrow and has no such limit
        return chart.to_dict()


def _layers(spec):
    return spec.get("layer", [spec])


def _rows(spec):
    return sum(len(v) for v in spec["datasets"].values())


def _image(spec):
    picture = spec["layer"][0]
    url = spec["datasets"][picture["data"]["name"]][0]["url"]
    assert url.startswith("data:image/png;base64,")
    return picture, Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")


def test_heatmap_is_one_small_image_of_the_block_means_to_scale():
    heat = block_similarity(TABLE, max_cells=256)
    chart = charts.similarity_heatmap_chart(heat.frame, block=heat.block, n_positions=512)
    spec = _spec(chart)
    picture, image = _image(spec)
    assert picture["mark"]["type"] == "image" and picture["mark"]["aspect"] is False
    assert image.size == (256, 256)
    enc = picture["encoding"]
    assert enc["x"]["scale"]["domain"] == [0, 512] and enc["y"]["scale"]["reverse"] is True
    assert (enc["x2"]["field"], enc["y2"]["field"], enc["url"]["field"]) == ("x2", "y2", "url")
    legend = spec["layer"][1]["encoding"]["color"]
    assert legend["scale"]["domain"][0] == -1 and legend["scale"]["domain"][-1] == 1
    assert legend["scale"]["range"] == list(charts.DIVERGING_STOPS)
    # What Streamlit sends (spec JSON + Arrow) is small; the naive 512 x 512 rect chart sends ~6 MB.
    assert streamlit_payload_bytes(chart) < 150_000 and len(json.dumps(spec)) < 150_000


def _hex(colour):
    return "#" + "".join(f"{c:02x}" for c in colour)


def test_heatmap_pixels_carry_the_values_in_order():
    # Rows 0-1 aligned, row 2 opposite, row 3 orthogonal to them.
    table = np.array([[1.0, 0.0], [2.0, 0.0], [-1.0, 0.0], [0.0, 1.0]])
    heat = block_similarity(table, max_cells=4)
    _, image = _image(_spec(charts.similarity_heatmap_chart(heat.frame, block=1, n_positions=4)))
    assert _hex(image.getpixel((1, 0))) == charts.DIVERGING_STOPS[-1]  # row 0, col 1: +1, red end
    assert _hex(image.getpixel((2, 0))) == charts.DIVERGING_STOPS[0]  # row 0, col 2: -1, blue end
    middle = image.getpixel((3, 0))  # orthogonal rows: cosine 0, the white middle stop
    assert max(abs(a - b) for a, b in zip(middle, (0xF7, 0xF7, 0xF7))) <= 3


def test_dot_heatmap_colours_are_symmetric_about_zero():
    heat = block_similarity(TABLE, max_cells=32, measure="dot")
    spec = _spec(charts.similarity_heatmap_chart(heat.frame, block=heat.block, n_positions=512, measure="dot"))
    color = spec["layer"][1]["encoding"]["color"]
    largest = float(heat.frame["value"].abs().max())
    assert color["title"] == "dot product"
    assert color["scale"]["domain"][0] == pytest.approx(-largest, rel=1e-5)
    assert color["scale"]["domain"][-1] == pytest.approx(largest, rel=1e-5)


def test_offset_chart_has_one_line_per_table_and_a_zero_rule():
    frame = pd.concat([offset_similarity_frame(TABLE, label="learned"),
                       offset_similarity_frame(sinusoidal_table(512, 64), label="sinusoidal reference")])
    spec = _spec(charts.offset_similarity_chart(frame))
    line = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "line")
    assert line["encoding"]["color"]["field"] == "table" and line["encoding"]["x"]["field"] == "offset"
    assert any(layer["mark"]["type"] == "rule" for layer in spec["layer"])


def test_trajectory_charts_join_points_in_order_and_name_the_variance():
    path = pca_trajectory(TABLE)
    variance = path.explained["explained_variance_ratio"].tolist()
    two_d = _spec(charts.trajectory_2d_chart(path.points, variance=variance))
    line, dots = two_d["layer"]
    assert line["mark"]["type"] == "line" and line["encoding"]["order"]["field"] == "position"
    assert dots["encoding"]["color"]["field"] == "position"
    assert line["encoding"]["x"]["title"].startswith("PC1 (") and "% of variance" in line["encoding"]["x"]["title"]
    three_d = _spec(charts.trajectory_3d_chart(path.points, variance=variance))
    params = {p["name"]: p for p in three_d["params"]}
    assert params["azimuth"]["bind"]["input"] == "range" and params["elevation"]["bind"]["max"] == 90
    expressions = " ".join(t.get("calculate", "") for t in three_d["layer"][1]["transform"])
    assert "azimuth" in expressions and "datum.pc3" in expressions
    assert three_d["layer"][0]["encoding"]["order"]["field"] == "position"
    bars = _spec(charts.explained_variance_chart(path.explained))
    assert [layer["mark"]["type"] for layer in bars["layer"]] == ["bar", "line"]


def test_dimension_and_spectrum_charts():
    dims = _spec(charts.dimension_chart(dimension_frame(TABLE, [0, 5])))
    assert dims["encoding"]["color"]["field"] == "dimension" and _rows(dims) == 2 * 512
    spectrum = _spec(charts.spectrum_chart(spectrum_frame(TABLE, [0, 5])))
    assert spectrum["encoding"]["x"]["scale"]["type"] == "log" and spectrum["encoding"]["y"]["field"] == "amplitude"


def test_norm_chart_marks_untrained_positions():
    frame = row_norm_frame(TABLE, [500, 511])
    spec = _spec(charts.position_norm_chart(frame))
    line, flagged = spec["layer"]
    assert flagged["transform"] == [{"filter": "datum.untrained"}] and flagged["mark"]["color"] == "#d62728"


def test_subspace_chart_has_the_random_baseline():
    overlap = compare_subspaces(np.random.default_rng(1).normal(size=(300, 64)), TABLE, max_k=8)
    spec = _spec(charts.subspace_overlap_chart(overlap.frame))
    assert spec["encoding"]["y"]["axis"]["format"] == "%"
    values = next(iter(spec["datasets"].values()))
    assert {v["measure"] for v in values} >= {"random k-dim subspace", "position variance in token top-k"}


def test_rotary_charts():
    freq = _spec(rotary_frequency_chart(rotary_frequency_frame(64, 10000.0, 2048)))
    assert freq["encoding"]["y"]["scale"]["type"] == "log" and freq["encoding"]["color"]["field"] == "full_turn"
    assert freq["encoding"]["color"]["legend"]["titleLimit"] >= 300  # the Korean title is not cut at 180 px
    decay = _spec(rotary_decay_chart(rotary_decay_frame(64, 10000.0, 300)))
    assert decay["encoding"]["x"]["field"] == "distance" and _rows(decay) == 2 * 301


@pytest.mark.parametrize("n", [20, 100])
def test_small_tables_are_drawn_at_full_resolution(n):
    heat = block_similarity(TABLE[:n], max_cells=128)
    assert heat.block == 1 and len(heat.frame) == n * n
