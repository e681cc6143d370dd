"""The WebGL token map through its deck.gl JSON: layers, views, tooltip fields, colours, bytes."""

import json

import numpy as np
import pandas as pd
import pytest

from dashboard.analysis.token_categories import CATEGORIES
from dashboard.charts.token_map import CATEGORY_COLOURS
from dashboard.charts.token_map_deck import (GRID, HIGHLIGHT_RADIUS, deck_bytes, deck_legend, legend_chart,
                                             selected_ids, token_map_deck, tooltip_html)

#: The issue's budget: what the browser receives for 256,000 points.
BYTES_256K = 12_000_000


def synthetic_frame(n: int, dims: int = 2, seed: int = 0, token_chars: tuple[int, int] = (2, 10)) -> pd.DataFrame:
    """A token_map_frame-shaped table of ``n`` random points with random lower-case tokens."""
    rng = np.random.default_rng(seed)
    letters = np.array(list("abcdefghijklmnopqrstuvwxyz"))
    lengths = rng.integers(*token_chars, size=n)
    pool = rng.choice(letters, size=(n, token_chars[1]))
    tokens = ["".join(row[:k]) for row, k in zip(pool, lengths)]
    frame = pd.DataFrame({"id": np.arange(n, dtype=np.int32), "token": tokens, "raw": tokens,
                          "category": pd.Categorical(rng.choice(list(CATEGORIES[:9]), n)),
                          "norm": (rng.random(n) * 3).astype(np.float32), "highlighted": np.zeros(n, bool),
                          "label": [""] * n})
    for axis in "xyz"[:dims]:
        frame[axis] = rng.standard_normal(n).astype(np.float32)
    return frame


def spec_of(deck) -> dict:
    return json.loads(deck.to_json())


def test_a_2d_deck_is_an_orthographic_view_with_one_layer_per_category_holding_every_point():
    frame = synthetic_frame(2_000)
    spec = spec_of(token_map_deck(frame))
    assert [view["@@type"] for view in spec["views"]] == ["OrthographicView"]
    assert spec["views"][0]["controller"] is True
    assert "mapStyle" not in spec and "mapProvider" not in spec  # no base map: nothing fetched, no token
    layers = spec["layers"]
    assert {layer["@@type"] for layer in layers} == {"ScatterplotLayer"}
    assert sum(len(layer["data"]) for layer in layers) == len(frame)
    ids = sorted(point[3] for layer in layers for point in layer["data"])
    assert ids == list(range(len(frame)))  # every row once
    colours = {tuple(layer["getFillColor"]) for layer in layers}
    assert len(colours) == len(layers) == frame["category"].nunique()
    assert all(layer["pickable"] and layer["getPosition"] == "@@=[this[0],this[1]]" for layer in layers)
    assert all(layer["radiusUnits"] == "pixels" for layer in layers)  # a string prop, not an expression


def test_the_largest_category_is_drawn_first_so_rare_ones_stay_visible():
    frame = synthetic_frame(500)
    frame["category"] = pd.Categorical(["whole word"] * 480 + ["special"] * 20)
    layers = spec_of(token_map_deck(frame))["layers"]
    assert [len(layer["data"]) for layer in layers] == [480, 20]
    rgb = CATEGORY_COLOURS["special"]
    assert layers[1]["getFillColor"] == [int(rgb[i:i + 2], 16) for i in (1, 3, 5)]


def test_a_point_carries_the_fields_its_tooltip_names():
    frame = synthetic_frame(50)
    spec = spec_of(token_map_deck(frame))
    point = spec["layers"][0]["data"][0]
    row = frame.loc[frame["id"] == point[3]].iloc[0]
    assert point[2] == row["token"] and point[4] == pytest.approx(row["norm"], abs=0.01)
    assert point[5] in {"padding", "reserved", "special", "byte", "number", "punct.", "script", "piece", "word"}
    assert tooltip_html(2) == "<b>{2}</b><br/>id {3} · {5}<br/>norm {4}"
    assert tooltip_html(3) == "<b>{3}</b><br/>id {4} · {6}<br/>norm {5}"


def test_coordinates_are_integers_on_one_scale_for_every_axis():
    frame = synthetic_frame(300)
    frame["x"] *= 10  # ten times wider than tall: the map must keep that shape
    points = np.array([p[:2] for layer in spec_of(token_map_deck(frame))["layers"] for p in layer["data"]])
    assert points.dtype.kind == "i" and points.min() >= 0 and points.max() <= GRID
    width, height = np.ptp(points, axis=0)
    assert width == GRID and 5 < width / height < 20
    centre = (points.min(axis=0) + points.max(axis=0)) / 2  # the view's target, GRID / 2, is the points' centre
    np.testing.assert_allclose(centre, [GRID / 2, GRID / 2], atol=1)


def test_a_3d_deck_is_one_orbit_view_of_point_clouds():
    spec = spec_of(token_map_deck(synthetic_frame(400, dims=3)))
    assert [view["@@type"] for view in spec["views"]] == ["OrbitView"]
    assert {layer["@@type"] for layer in spec["layers"]} == {"PointCloudLayer"}
    assert all(len(point) == 7 for layer in spec["layers"] for point in layer["data"])
    assert spec["initialViewState"]["target"] == [GRID / 2] * 3


def test_highlighted_points_are_drawn_larger_on_top_of_faded_ones_and_labelled():
    frame = synthetic_frame(200)
    frame.loc[[3, 7], "highlighted"] = True
    frame.loc[[3, 7], "label"] = frame.loc[[3, 7], "token"]
    layers = spec_of(token_map_deck(frame))["layers"]
    base = [layer for layer in layers if layer["id"].startswith("points-")]
    top = [layer for layer in layers if layer["id"].startswith("highlight-")]
    assert {tuple(layer["getFillColor"]) for layer in base} == {(0xdd, 0xdd, 0xdd)}
    assert sorted(p[3] for layer in top for p in layer["data"]) == [3, 7]
    assert all(layer["getRadius"] == HIGHLIGHT_RADIUS for layer in top)
    assert layers.index(top[0]) > layers.index(base[-1])
    labels = next(layer for layer in layers if layer["id"] == "labels")
    assert labels["pickable"] is False and sorted(p[2] for p in labels["data"]) == sorted(frame.loc[[3, 7], "token"])


def test_colour_by_norm_is_eight_bands_in_order():
    frame = synthetic_frame(1_000)
    legend = deck_legend(frame, "norm")
    assert len(legend) == 8 and sum(entry.count for entry in legend) == 1_000
    assert legend[0].colour == "#440154" and legend[-1].colour == "#fde725"
    with pytest.raises(ValueError, match="unknown colouring"):
        deck_legend(frame, "size")


def test_colour_by_id_names_each_band_by_its_first_and_last_id():
    frame = synthetic_frame(512)  # a 512-row position table: eight bands of 64 ids
    frame["id"] = np.arange(512)
    legend = deck_legend(frame, "id")
    assert [entry.label for entry in legend] == [f"{64 * k} – {64 * k + 63}" for k in range(8)]
    assert [entry.count for entry in legend] == [64] * 8


def test_the_legend_chart_lists_each_colour_with_its_count():
    frame = synthetic_frame(100)
    entries = deck_legend(frame)
    spec = legend_chart(entries, "token category").to_dict()
    rows = next(iter(spec["datasets"].values()))
    assert [row["colour"] for row in rows] == [e.colour for e in entries]
    assert [row["shown"] for row in rows] == [f"{e.label} ({e.count:,})" for e in entries]
    assert spec["title"]["text"] == "token category"


def test_each_category_has_the_same_colour_in_the_webgl_map_its_legend_and_the_vega_lite_map():
    """Switching renderer (or reading the exported PNG beside the WebGL view) keeps every category's colour."""
    from dashboard.charts.token_map import category_label, token_map_chart

    frame = synthetic_frame(len(CATEGORIES) * 20)
    frame["category"] = pd.Categorical(list(CATEGORIES) * 20)
    spec = token_map_chart(frame, axis_titles=["x", "y"]).to_dict()
    scale = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "circle")["encoding"]["color"]["scale"]
    vega_lite = dict(zip(scale["domain"], scale["range"]))
    legend = {entry.label: entry.colour for entry in deck_legend(frame)}
    legend_data = legend_chart(deck_legend(frame), "category").to_dict()["datasets"]
    squares = {row["label"]: row["colour"] for rows in legend_data.values() for row in rows}
    layers = [layer["getFillColor"] for layer in spec_of(token_map_deck(frame))["layers"]]
    assert set(vega_lite) == set(CATEGORIES) and len(set(vega_lite.values())) == len(CATEGORIES)
    for category in CATEGORIES:
        colour = vega_lite[category]
        assert legend[category_label(category)] == squares[category_label(category)] == colour, category
    assert len(layers) == len(CATEGORIES) and {tuple(rgb) for rgb in layers} == {
        tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5)) for colour in vega_lite.values()}


def test_selected_ids_read_the_points_streamlit_returns():
    selection = {"indices": {"points-0": [0, 4]},
                 "objects": {"points-0": [[1, 2, "cat", 17, 1.2, "word"], [5, 5, "dog", 3, 1.1, "word"]],
                             "highlight-1": [[1, 2, "pet", 17, 1.0, "word"]]}}
    assert selected_ids(selection, 2).tolist() == [3, 17]
    assert selected_ids({}, 2).tolist() == [] and selected_ids(None, 3).tolist() == []


def test_the_json_is_compact_and_keeps_utf8():
    frame = synthetic_frame(20)
    frame.loc[0, "token"] = "한국어"
    text = token_map_deck(frame).to_json()
    assert "\n" not in text and ": " not in text and "한국어" in text


def test_a_long_token_is_cut_in_the_3d_tooltip():
    frame = synthetic_frame(2, dims=3)
    frame["token"] = ["@@" + "x" * 2_000, "ok"]
    tokens = sorted(point[3] for layer in spec_of(token_map_deck(frame))["layers"] for point in layer["data"])
    assert tokens == sorted(["@\u200b@" + "x" * 57 + "… (2,002 characters)", "ok"])


def test_a_token_that_looks_like_a_deck_expression_stays_text():
    frame = synthetic_frame(5)
    frame.loc[0, "token"] = "@@=this[0]"
    frame.loc[1, "token"] = "@@#GL.ONE"
    text = token_map_deck(frame).to_json()
    assert '"@@=this[0]"' not in text and '"@@#GL.ONE"' not in text
    assert "@\u200b@=this[0]" in text and "@\u200b@#GL.ONE" in text  # shown as @@, read as text


def test_an_empty_map_is_refused():
    with pytest.raises(ValueError, match="at least one point"):
        token_map_deck(synthetic_frame(1).iloc[:0])


@pytest.mark.parametrize("dims", [2, 3])
def test_256000_points_fit_the_browser_budget(dims):
    # Tokens of 2-9 letters (mean 5.5 characters); every point has token, id, norm and category.
    deck = token_map_deck(synthetic_frame(256_000, dims=dims))
    assert deck_bytes(deck) <= BYTES_256K
