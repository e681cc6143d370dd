"""The 2D WebGL token map through its plotly JSON: traces, hover fields, colours, selections, bytes."""

import base64
import json

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import plotly.io
import pytest

from dashboard.charts.token_map import _FADED, CATEGORY_COLOURS
from dashboard.charts.token_map_plotly import (HIGHLIGHT_SIZE, POINT_SIZE, escape_hover, selected_rows,
                                               token_map_plotly)
from dashboard.i18n import use_language
from tests.charts.test_token_map_deck import BYTES_256K, synthetic_frame


def sent_json(plotly_map) -> dict:
    """The figure as ``st.plotly_chart`` sends it (``plotly.io.to_json`` of the validated figure), parsed."""
    return json.loads(plotly.io.to_json(go.Figure(plotly_map.figure), validate=False))


def decoded(array) -> np.ndarray:
    """A typed array as plotly writes it (``{"dtype", "bdata", "shape"}``), or a plain list, as NumPy."""
    if isinstance(array, dict):
        values = np.frombuffer(base64.b64decode(array["bdata"]), dtype=np.dtype(array["dtype"]).newbyteorder("<"))
        shape = array.get("shape")
        return values.reshape([int(d) for d in str(shape).split(",")]) if shape else values
    return np.asarray(array)


def point_traces(spec: dict) -> list[dict]:
    """The traces that hold points (the legend's entries, one per colour class, hold none)."""
    return [trace for trace in spec["data"] if not trace["showlegend"]]


def point_trace_ids(plotly_map) -> list[np.ndarray]:
    """``trace_ids`` of the traces that hold points, in the order of :func:`point_traces`."""
    return [rows for rows, trace in zip(plotly_map.trace_ids, plotly_map.figure["data"]) if not trace["showlegend"]]


def test_every_point_is_in_exactly_one_webgl_trace_with_its_token_id_and_norm():
    frame = synthetic_frame(3_000)
    plotly_map = token_map_plotly(frame)
    spec = sent_json(plotly_map)
    assert {trace["type"] for trace in spec["data"]} == {"scattergl"}
    traces = point_traces(spec)
    assert plotly_map.n_points == 3_000
    ids = np.concatenate([decoded(trace["customdata"])[:, 0] for trace in traces]).astype(int)
    assert sorted(ids.tolist()) == list(range(3_000))  # every row once
    for trace, rows in zip(traces, point_trace_ids(plotly_map)):
        custom = decoded(trace["customdata"])
        assert custom[:, 0].astype(int).tolist() == rows.tolist()  # selection indices name these rows
        assert trace["text"] == [frame["token"][i] for i in rows]
        np.testing.assert_allclose(custom[:, 1], frame["norm"].to_numpy()[rows], rtol=1e-6)
        np.testing.assert_allclose(decoded(trace["x"]), frame["x"].to_numpy()[rows])
        np.testing.assert_allclose(decoded(trace["y"]), frame["y"].to_numpy()[rows])
        assert trace["marker"]["size"] == POINT_SIZE
    # Coordinates and the id/norm pairs travel as float32 typed arrays, not as decimal text.
    assert traces[0]["x"]["dtype"] == "f4" and traces[0]["customdata"]["dtype"] == "f4"


def test_each_trace_is_one_category_in_its_colour_and_says_so_in_its_hover():
    frame = synthetic_frame(2_000)
    spec = sent_json(token_map_plotly(frame))
    categories = frame["category"].astype(str).to_numpy()
    traces = point_traces(spec)
    assert len(traces) == frame["category"].nunique()
    entries = {trace["legendgroup"]: trace for trace in spec["data"] if trace["showlegend"]}
    for trace in traces:
        ids = decoded(trace["customdata"])[:, 0].astype(int)
        (category,) = set(categories[ids])  # one category a trace
        assert trace["marker"]["color"] == CATEGORY_COLOURS[category]
        assert entries[trace["legendgroup"]]["marker"]["color"] == CATEGORY_COLOURS[category]  # its legend entry
        assert "%{text}" in trace["hovertemplate"] and "%{customdata[0]:d}" in trace["hovertemplate"]
    assert spec["layout"]["yaxis"]["scaleanchor"] == "x"  # one scale: the map keeps its shape


def test_the_largest_colour_is_drawn_first_so_rare_ones_stay_on_top():
    frame = synthetic_frame(500)
    frame["category"] = pd.Categorical(["whole word"] * 480 + ["special"] * 20)
    plotly_map = token_map_plotly(frame)
    assert [len(rows) for rows in point_trace_ids(plotly_map)] == [480, 20]
    assert [entry.count for entry in plotly_map.legend] == [480, 20]


def test_a_norm_colouring_splits_bands_by_category_but_lists_each_band_once_in_the_legend():
    frame = synthetic_frame(2_000)
    spec = sent_json(token_map_plotly(frame, color_by="norm"))
    traces = spec["data"]
    assert len(point_traces(spec)) > 8  # 8 bands x the categories present in each
    shown = [trace for trace in traces if trace["showlegend"]]
    assert len(shown) == len({trace["legendgroup"] for trace in traces}) <= 8
    assert all(np.isnan(decoded(trace["x"])).all() for trace in shown)  # an entry's one point is never drawn
    assert sum(len(decoded(trace["customdata"])) for trace in point_traces(spec)) == 2_000
    # A band's traces share its colour, so a legend click on the band hides all of them.
    by_group = {}
    for trace in traces:
        by_group.setdefault(trace["legendgroup"], set()).add(trace["marker"]["color"])
    assert all(len(colours) == 1 for colours in by_group.values())


def test_highlighted_points_are_larger_and_drawn_after_the_faded_others_with_their_labels():
    frame = synthetic_frame(1_000)
    frame.loc[[3, 500], "highlighted"] = True
    frame.loc[[3, 500], "label"] = frame.loc[[3, 500], "token"]
    plotly_map = token_map_plotly(frame)
    spec = sent_json(plotly_map)
    points = point_traces(spec)
    big = [t for t in points if t["marker"]["size"] == HIGHLIGHT_SIZE]
    assert sorted(i for t in big for i in decoded(t["customdata"])[:, 0].astype(int).tolist()) == [3, 500]
    assert all(t["marker"]["color"] == _FADED for t in points if t["marker"]["size"] == POINT_SIZE)
    assert spec["data"].index(big[0]) > max(i for i, t in enumerate(spec["data"]) if t.get("marker", {}).get(
        "size") == POINT_SIZE)
    # The legend keeps the colours: its entries are not faded with the points.
    assert all(t["marker"]["color"] != _FADED for t in spec["data"] if t["showlegend"])
    assert [a["text"] for a in spec["layout"]["annotations"]] == [frame["token"][3], frame["token"][500]]
    assert [(a["x"], a["y"]) for a in spec["layout"]["annotations"]] == [
        pytest.approx((frame["x"][i], frame["y"][i])) for i in (3, 500)]  # beside their points


def test_tokens_that_look_like_markup_are_shown_as_typed():
    frame = synthetic_frame(3)
    frame["token"] = ["<br>", "a&b", "<b>x</b>"]
    spec = sent_json(token_map_plotly(frame))
    texts = sorted(text for trace in spec["data"] for text in trace["text"])
    assert texts == sorted(["&lt;br&gt;", "a&amp;b", "&lt;b&gt;x&lt;/b&gt;"])
    assert escape_hover("Ġcat") == "Ġcat"


def test_a_long_token_is_cut_in_the_hover_with_its_length_in_the_active_language():
    frame = synthetic_frame(3)
    frame["token"] = ["a" * 60, "<" * 500, "b"]  # a Projector label can be a whole sentence
    texts = sorted(text for trace in sent_json(token_map_plotly(frame))["data"] for text in trace["text"])
    assert texts == sorted(["a" * 60, "&lt;" * 59 + "… (500 characters)", "b"])
    use_language("ko")
    try:
        texts = [text for trace in sent_json(token_map_plotly(frame))["data"] for text in trace["text"]]
    finally:
        use_language("en")
    assert "&lt;" * 59 + "… (500자)" in texts
    frame["token"] = ["고양이(가)" * 20, "a", "b"]  # the token is shown as typed, not read as a particle
    use_language("ko")
    try:
        texts = [text for trace in sent_json(token_map_plotly(frame))["data"] for text in trace["text"]]
    finally:
        use_language("en")
    assert ("고양이(가)" * 20)[:59] + "… (120자)" in texts


def test_the_hover_is_in_the_active_language():
    frame = synthetic_frame(50)
    frame["category"] = pd.Categorical(["whole word"] * 50)
    use_language("ko")
    try:
        template = point_traces(sent_json(token_map_plotly(frame)))[0]["hovertemplate"]
    finally:
        use_language("en")
    assert "노름" in template and "단어" in template


def test_selected_rows_maps_trace_and_index_to_row_ids_and_ignores_stale_points():
    frame = synthetic_frame(400)
    plotly_map = token_map_plotly(frame)
    a, b = [k for k, trace in enumerate(plotly_map.figure["data"]) if not trace["showlegend"]][:2]
    first, second = plotly_map.trace_ids[a], plotly_map.trace_ids[b]
    selection = {"points": [{"curve_number": a, "point_index": 2}, {"curve_number": b, "point_index": 0},
                            {"curve_number": b, "point_index": 0},  # a point clicked and lassoed
                            {"curve_number": a, "point_index": 10_000},  # from another figure
                            {"curve_number": 0, "point_index": 0},  # a legend entry holds no points
                            {"curve_number": 99, "point_index": 0}, {"curve_number": "0", "point_index": 1}]}
    assert selected_rows(selection, plotly_map).tolist() == sorted({int(first[2]), int(second[0])})
    assert selected_rows({}, plotly_map).tolist() == []


def test_256000_points_fit_the_byte_budget():
    frame = synthetic_frame(256_000)
    text = plotly.io.to_json(go.Figure(token_map_plotly(frame).figure), validate=False)
    assert len(text.encode("utf-8")) < BYTES_256K


def test_a_3d_frame_or_an_empty_one_is_refused():
    with pytest.raises(ValueError, match="2D"):
        token_map_plotly(synthetic_frame(10, dims=3))
    with pytest.raises(ValueError, match="at least one point"):
        token_map_plotly(synthetic_frame(0))
