"""What the map component receives (Arrow points, JSON spec) and how its selections are read back."""

import json

import numpy as np
import pyarrow as pa
import pytest

from dashboard.maps.chart import FADED, token_map_figure
from dashboard.maps.wire import POINT_KEYS, map_payload, selected_ids
from tests.maps.test_chart import synthetic_frame, words_frame

#: The issue's budget: what the browser receives for the map of 256,000 rows.
BYTES_256K = 8_000_000


def points_of(payload) -> pa.Table:
    return pa.ipc.open_stream(payload.points).read_all()


@pytest.mark.parametrize("dims", [2, 3])
def test_every_point_travels_once_as_arrow_in_its_traces_rows_and_the_spec_holds_no_per_point_array(dims):
    token_map = token_map_figure(words_frame(dims, highlight=[1, 2]))
    payload = map_payload(token_map, "view-1")
    table = points_of(payload)
    assert table.column_names == [*"xyz"[:dims], "id", "norm", "text"]
    assert [str(table.schema.field(axis).type) for axis in "xyz"[:dims]] == ["uint16"] * dims
    assert str(table.schema.field("id").type) == "uint32" and str(table.schema.field("norm").type) == "float"
    assert sorted(table["id"].to_pylist()) == list(range(30))  # every row, once
    assert payload.drawn_ids.tolist() == list(range(30))
    spec = payload.spec
    assert spec["view"] == "view-1" and spec["dims"] == dims
    assert spec["layout"]["height"] == (620 if dims == 2 else 680)
    point_traces = [trace for trace in spec["data"] if "rows" in trace]
    assert not any(key in trace for trace in point_traces for key in POINT_KEYS)
    assert '"bdata"' not in json.dumps(spec)  # no typed array left in the JSON
    # each trace's rows are its points, in its order: the same ids, tokens and coordinates as the figure's
    for trace, figure_trace, ids in zip(spec["data"], token_map.figure.data, token_map.trace_ids):
        if "rows" not in trace:
            assert not len(ids)
            continue
        start, stop = trace["rows"]
        assert table["id"].to_numpy()[start:stop].tolist() == ids.tolist()
        assert table["text"].to_pylist()[start:stop] == list(figure_trace.text)
        assert table["x"].to_numpy()[start:stop].tolist() == np.asarray(figure_trace.x).tolist()
        np.testing.assert_array_equal(table["norm"].to_numpy()[start:stop], figure_trace.customdata[:, 1])
        assert trace["hovertemplate"] == figure_trace.hovertemplate and trace["type"] == figure_trace.type


def test_2d_clicks_select_and_drags_pan_as_before_and_3d_keeps_plotly_defaults():
    assert map_payload(token_map_figure(words_frame(2)), "v").spec["layout"]["clickmode"] == "event+select"
    assert "clickmode" not in map_payload(token_map_figure(words_frame(3)), "v").spec["layout"]


def test_a_continuous_colouring_sends_its_steps_as_a_column_and_keeps_the_scale_in_the_spec():
    token_map = token_map_figure(words_frame(2), color_by="norm")
    payload = map_payload(token_map, "v")
    table = points_of(payload)
    assert str(table.schema.field("colour").type) == "uint8" and table["colour"].to_numpy().max() == 255
    coloured = [trace for trace in payload.spec["data"] if "rows" in trace]
    assert all("color" not in trace["marker"] and trace["marker"]["colorscale"] for trace in coloured)
    assert any(trace["marker"].get("showscale") for trace in coloured)  # the colour bar


def test_with_a_highlight_the_faded_rows_keep_their_one_colour_and_the_highlighted_their_steps():
    payload = map_payload(token_map_figure(words_frame(2, highlight=[1, 2]), color_by="id"), "v")
    table = points_of(payload)
    traces = [trace for trace in payload.spec["data"] if "rows" in trace]
    faded = [trace for trace in traces if trace["marker"].get("color") == FADED]
    assert faded and len(faded) < len(traces) and len(table["colour"]) == 30
    highlighted = [trace for trace in traces if "color" not in trace["marker"]]
    assert sum(stop - start for start, stop in (trace["rows"] for trace in highlighted)) == 2


@pytest.mark.parametrize("dims", [2, 3])
def test_the_map_of_256000_rows_is_within_the_issues_bytes(dims):
    payload = map_payload(token_map_figure(synthetic_frame(256_000, dims)), "v")
    size = len(payload.points) + len(json.dumps(payload.spec))
    assert len(points_of(payload)) == 256_000 and size < BYTES_256K, f"{size:,} bytes"


def test_a_selection_names_drawn_rows_of_its_own_view_and_everything_else_is_ignored():
    frame = words_frame(2).iloc[3:]  # rows 0-2 are not drawn (as rows with no finite coordinates)
    payload = map_payload(token_map_figure(frame), "this-view")
    sent = {"view": "this-view", "ids": [7, 4, 7, 1, 10**9, -1, True, 2.5, "5", None, [6], 2**70]}
    assert selected_ids(sent, payload).tolist() == [4, 7]
    assert selected_ids(sent, payload).dtype == np.int64
    for value in (None, "junk", [4, 7], {"ids": [4]}, {"view": "another map", "ids": [4]},
                  {"view": "this-view", "ids": "4,7"}, {"view": "this-view"}):
        assert selected_ids(value, payload).tolist() == []
    assert selected_ids({"view": "this-view", "ids": []}, payload).dtype == np.int64
