"""Heatmap and neighbour charts, checked through their Vega-Lite specs (the token map: tests/maps/test_chart.py)."""

import numpy as np
import pandas as pd
import pytest

from dashboard.charts.similarity import neighbour_scores_chart, similarity_heatmap_chart
from dashboard.lessons.similarity.analysis import similarity_frame, similarity_matrix
from tests.map_fixtures import random_table


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
