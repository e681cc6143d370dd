"""The packed token map: what the Token map's element receives is the figure, exactly, and small."""

import json
import struct

import numpy as np
import pytest

from dashboard.charts.token_map_binary import FORMAT, PackedMapError, pack_map, unpack_map
from dashboard.charts.token_map_plotly import token_map_plotly
from tests.charts.test_token_map_deck import BYTES_256K, synthetic_frame

SETTINGS = {"plotly_url": "app/static/vendor/plotly-0123.min.js", "key": "0123456789abcdef",
            "config": {"scrollZoom": True}, "messages": {"undrawable": "cannot draw"}}


def test_a_packed_map_unpacks_to_the_same_traces_layout_and_settings():
    frame = synthetic_frame(2_000)
    frame.loc[frame.index[:3], "highlighted"] = True
    frame.loc[frame.index[:3], "label"] = ["a", "<b>", "c"]
    figure = token_map_plotly(frame).figure
    header = unpack_map(pack_map(figure, **SETTINGS))
    assert header["format"] == FORMAT and header["plotly"] == SETTINGS["plotly_url"]
    assert header["key"] == SETTINGS["key"]
    assert header["config"] == SETTINGS["config"] and header["messages"] == SETTINGS["messages"]
    assert header["layout"] == json.loads(json.dumps(figure["layout"]))
    assert len(header["traces"]) == len(figure["data"])
    for sent, drawn in zip(figure["data"], header["traces"]):
        np.testing.assert_array_equal(drawn["x"], np.asarray(sent["x"], np.float32))
        np.testing.assert_array_equal(drawn["y"], np.asarray(sent["y"], np.float32))
        assert drawn["text"] == list(sent["text"]) and drawn["type"] == sent["type"]
        np.testing.assert_array_equal(drawn["customdata"], sent["customdata"])
    labels = [annotation["text"] for annotation in header["layout"]["annotations"]]
    assert labels == ["a", "&lt;b&gt;", "c"]  # labels stay escaped for plotly's pseudo-HTML


def test_a_trace_without_customdata_has_none_after_unpacking():
    message = pack_map({"data": [{"type": "scatter", "x": [1.5], "y": [2.5], "text": ["t"]}], "layout": {}},
                       **SETTINGS)
    (trace,) = unpack_map(message)["traces"]
    assert "customdata" not in trace and trace["x"].tolist() == [1.5] and trace["y"].tolist() == [2.5]


def test_the_header_is_padded_so_that_the_arrays_start_on_a_four_byte_boundary():
    for n in range(1, 6):
        message = pack_map({"data": [{"type": "scattergl", "x": np.arange(n), "y": np.arange(n), "text": ["é"] * n}],
                            "layout": {}}, **SETTINGS)
        (length,) = struct.unpack_from("<I", message)
        assert length % 4 == 0 and len(message) == 4 + length + 8 * n


def test_a_truncated_or_foreign_message_is_refused_with_a_typed_error():
    message = pack_map(token_map_plotly(synthetic_frame(100)).figure, **SETTINGS)
    with pytest.raises(PackedMapError, match="arrays need"):
        unpack_map(message[:-4])
    with pytest.raises(PackedMapError, match="4-byte"):
        unpack_map(b"\x01")
    foreign = json.dumps({"format": 99, "traces": []}).encode()
    with pytest.raises(PackedMapError, match="format 99"):
        unpack_map(struct.pack("<I", len(foreign)) + foreign)
    countless = json.dumps({"format": FORMAT, "traces": [{"type": "scattergl"}]}).encode()
    with pytest.raises(PackedMapError, match="two counts expected"):
        unpack_map(struct.pack("<I", len(countless)) + countless)


def test_mismatched_arrays_are_refused():
    with pytest.raises(ValueError, match="3 x and 2 y"):
        pack_map({"data": [{"x": [1, 2, 3], "y": [1, 2]}], "layout": {}}, **SETTINGS)


def test_the_packed_256k_map_is_smaller_than_the_plotly_json():
    frame = synthetic_frame(256_000)
    message = pack_map(token_map_plotly(frame).figure, **SETTINGS)
    # 16 bytes a point of float32 arrays (x, y, id, norm) plus its token as JSON text.
    assert len(message) < BYTES_256K, len(message)
    arrays = 16 * 256_000
    assert len(message) - arrays < 12 * 256_000  # the header: tokens and hover templates, ~10 bytes a token here


def test_the_view_key_is_written_first_where_the_element_looks_for_it():
    # token_map_element.js reads the key from the first 512 bytes to skip unchanged reruns.
    message = pack_map(token_map_plotly(synthetic_frame(500)).figure, **SETTINGS)
    assert f'"key": "{SETTINGS["key"]}"'.encode() in message[4:4 + 512]


def test_a_lone_surrogate_travels_as_its_json_escape_instead_of_breaking_the_message():
    # UTF-8 cannot carry "\ud800" (a typed axis query may hold one; the vocabulary escapes its own on reading).
    figure = {"data": [{"type": "scattergl", "x": [0.0], "y": [0.0], "text": ["a\ud800<"]}],
              "layout": {"xaxis": {"title": {"text": "b\ud800"}}}}
    message = pack_map(figure, **SETTINGS)
    message.decode("utf-8")  # valid UTF-8 throughout
    header = unpack_map(message)
    assert header["traces"][0]["text"] == ["a\ud800<"] and header["layout"]["xaxis"]["title"]["text"] == "b\ud800"
