"""Token map, heatmap and neighbour charts, checked through their Vega-Lite specs."""

import numpy as np
import pandas as pd
import pytest

from dashboard.analysis.projection import ProjectionSettings, project_pca
from dashboard.analysis.similarity import similarity_frame, similarity_matrix
from dashboard.analysis.token_map import choose_drawn_rows, table_rows, token_map_frame
from dashboard.charts.neighbours import neighbour_scores_chart
from dashboard.charts.similarity import similarity_heatmap_chart
from dashboard.charts.token_map import BOX_SELECTION, CATEGORY_COLOURS, find_rows_in_box, token_map_chart
from tests.map_fixtures import random_table, tables_of

WORDS = ["[CLS]", "cat", "##s", "42", "!", "α"] * 5


def _frame(dims, highlight=()):
    tables = tables_of(random_table(len(WORDS), 6), WORDS, special=frozenset({0}))
    rows = table_rows(tables)
    highlighted = np.isin(np.arange(len(WORDS)), highlight)
    projection = project_pca(rows.table, ProjectionSettings("pca", dims))
    return token_map_frame(projection, choose_drawn_rows(np.ones(len(WORDS), bool), 100), labels=rows.labels,
                           raw=rows.raw, categories=rows.categories, norms=rows.norms, highlighted=highlighted)


def _points(layer_spec):
    return next(layer for layer in layer_spec["layer"] if layer["mark"]["type"] == "circle")


def test_2d_map_colours_by_fixed_category_colours_and_shows_token_details_on_hover():
    spec = token_map_chart(_frame(2), axis_titles=["PC1", "PC2"], subtitle=["all 30 rows are drawn", "PCA ..."]
                           ).to_dict()
    points = _points(spec)
    scale = points["encoding"]["color"]["scale"]
    assert scale["domain"] == ["special", "number", "punctuation", "non-Latin script", "word piece", "whole word"]
    assert scale["range"] == [CATEGORY_COLOURS[c] for c in scale["domain"]]
    tips = {t["field"] for t in points["encoding"]["tooltip"]}
    assert {"token", "raw", "id", "norm"} <= tips
    assert spec["title"]["subtitle"] == ["all 30 rows are drawn", "PCA ..."]
    assert points["encoding"]["x"]["title"] == "PC1"


def test_legend_tells_reserved_tokens_from_padding_rows():
    # BERT's [unused0] is a token id in the vocabulary; a nanoGPT padding row has no token at all.
    words = ["[CLS]", "[unused0]", "cat"]
    tables = tables_of(random_table(5, 6), words, special=frozenset({0}))  # 2 rows past the vocabulary
    rows = table_rows(tables)
    projection = project_pca(rows.table, ProjectionSettings("pca", 2))
    frame = token_map_frame(projection, choose_drawn_rows(np.ones(5, bool), 100), labels=rows.labels, raw=rows.raw,
                            categories=rows.categories, norms=rows.norms, highlighted=np.zeros(5, bool))
    scale = _points(token_map_chart(frame, axis_titles=["a", "b"]).to_dict())["encoding"]["color"]["scale"]
    assert scale["domain"] == ["padding row", "reserved token", "special", "whole word"]
    assert len(set(scale["range"])) == 4


def test_highlight_fades_the_rest_and_labels_matches():
    spec = token_map_chart(_frame(2, highlight=[1, 7]), axis_titles=["a", "b"]).to_dict()
    colour = _points(spec)["encoding"]["color"]
    assert colour["condition"]["test"] == "datum.highlighted" and colour["value"] == "#dddddd"
    labels = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "text")
    assert labels["transform"] == [{"filter": "datum.label != ''"}]


def test_3d_map_is_three_linked_views_two_to_a_row_sharing_one_dataset():
    spec = token_map_chart(_frame(3), axis_titles=["a", "b", "c"], color_by="norm").to_dict()
    assert len(spec["concat"]) == 3 and spec["columns"] == 2 and len(spec["datasets"]) == 1
    pairs = [(_points(view)["encoding"]["x"]["field"], _points(view)["encoding"]["y"]["field"])
             for view in spec["concat"]]
    assert pairs == [("x", "y"), ("x", "z"), ("y", "z")]
    picked = [p for p in spec["params"] if p["name"] == "picked"]
    assert len(picked) == 1 and picked[0]["select"]["fields"] == ["id"]
    assert _points(spec["concat"][0])["encoding"]["color"]["field"] == "norm"


def _params(spec):
    return {param["name"]: param for param in spec.get("params", [])}


def test_a_2d_map_selects_a_box_with_shift_drag_and_pans_with_a_plain_drag():
    spec = token_map_chart(_frame(2), axis_titles=["a", "b"]).to_dict()
    params = _params(spec)
    box, zoom = params[BOX_SELECTION], params["zoom_xy"]
    assert box["select"]["type"] == "interval" and box["select"]["encodings"] == ["x", "y"]
    assert "event.shiftKey" in box["select"]["on"] and "!event.shiftKey" not in box["select"]["on"]
    assert "!event.shiftKey" in zoom["select"]["translate"] and zoom["bind"] == "scales"  # a bound interval pans so
    assert box["select"]["zoom"] is False and box["select"]["translate"] is False  # the wheel zooms the map only
    assert BOX_SELECTION not in _params(token_map_chart(_frame(3), axis_titles=["a", "b", "c"]).to_dict())


def test_the_rows_in_a_box_are_those_inside_the_box_either_end_first_and_never_an_unplaced_row():
    coords = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [np.nan, np.nan], [1.5, -3.0]])
    assert find_rows_in_box({BOX_SELECTION: {"x": [2.1, 0.5], "y": [0.5, 2.0]}}, coords).tolist() == [1, 2]
    assert find_rows_in_box({BOX_SELECTION: {"x": [-10, 10], "y": [-10, 10]}}, coords).tolist() == [0, 1, 2, 4]
    assert find_rows_in_box({BOX_SELECTION: {"x": [1.0, 1.0], "y": [1.0, 1.0]}}, coords).tolist() == [1]  # edges in
    for nothing in ({}, {BOX_SELECTION: {}}, {BOX_SELECTION: {"x": [0, 1]}}, {BOX_SELECTION: {"x": [0], "y": [0, 1]}},
                    None):
        assert find_rows_in_box(nothing, coords).dtype == np.int64 and not len(find_rows_in_box(nothing, coords))


def test_unknown_colouring_is_refused():
    with pytest.raises(ValueError, match="colouring"):
        token_map_chart(_frame(2), axis_titles=["a", "b"], color_by="shoe size")


@pytest.mark.parametrize("metric, domain", [("cosine", [-1.0, 1.0]), ("dot", None)])
def test_heatmap_uses_a_diverging_scale_over_the_true_range(metric, domain):
    vectors = random_table(3, 4)
    matrix = similarity_matrix(vectors, metric)
    spec = similarity_heatmap_chart(similarity_frame(["cat", "dog", "pet"], matrix), metric).to_dict()
    rect = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "rect")
    scale = rect["encoding"]["color"]["scale"]
    bound = np.abs(matrix).max()
    assert scale["domain"] == (domain or [-bound, bound]) and scale["domainMid"] == 0
    assert scale["scheme"] == "redblue"
    assert rect["encoding"]["x"]["sort"] == ["cat", "dog", "pet"] == rect["encoding"]["y"]["sort"]
    text = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "text")
    assert text["encoding"]["text"]["field"] == "text"
    values = next(iter(spec["datasets"].values()))
    assert values[1]["text"] == f"{matrix[0, 1]:.2f}"


def test_neighbour_bars_keep_rank_order():
    frame = pd.DataFrame({"rank": [1, 2], "token": ["cats", "kitten"], "id": [5, 9], "score": [0.8, 0.5],
                          "norm": [1.0, 1.2]})
    spec = neighbour_scores_chart(frame, "cosine").to_dict()
    assert spec["encoding"]["y"]["sort"] == ["1. cats", "2. kitten"]
    assert spec["encoding"]["x"]["scale"]["domain"] == [-1.0, 1.0]
