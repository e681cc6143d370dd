"""The Compare page's charts through their Vega-Lite specs."""

import numpy as np
import pandas as pd
import pytest

from dashboard.i18n import use_language
from dashboard.training import view_compare as frames
from dashboard.training.compare import compare_checkpoints
from dashboard.training.compare_charts import (aligned_maps_chart, drift_chart, overlap_counts_chart,
                                               score_histogram_chart)
from tests.map_fixtures import tables_of


def _comparison(moved=(3, 40)):
    rng = np.random.default_rng(0)
    a = rng.normal(size=(120, 8)).astype(np.float32)
    b = a.copy()
    b[list(moved)] += 5.0
    return compare_checkpoints(tables_of(a), tables_of(b))


def test_maps_share_axes_and_mark_the_movers():
    comparison = _comparison()
    frame = frames.aligned_maps_frame(comparison, marked=2, max_points=50)
    assert len(frame) == 2 * 50 and set(frame.loc[frame["mover"], "id"]) == {3, 40}
    assert set(frame.loc[frame["label"] != "", "label"]) == {"t3", "t40"}
    spec = aligned_maps_chart(frame, title="maps").to_dict()
    panels = spec["hconcat"]
    assert [p["title"] for p in panels] == ["A: test (A)", "B: test (B)"]
    domains = [p["layer"][0]["encoding"]["x"]["scale"]["domain"] for p in panels]
    assert domains[0] == domains[1]


def test_drift_bars_are_largest_first_with_ids_for_tokens_only():
    drifts = frames.drift_frame(_comparison(), n=5)
    assert list(drifts["id"][:2]) in ([3, 40], [40, 3])
    spec = drift_chart(drifts, title="movers", k=10).to_dict()
    assert spec["encoding"]["y"]["sort"][0].endswith(f"#{drifts['id'].iloc[0]}")
    assert spec["encoding"]["tooltip"][-1] == {"field": "shared", "type": "quantitative", "format": "d",
                                                "title": "nearest neighbours shared (of 10)"}
    positions = pd.DataFrame({"rank": [1], "id": [7], "token": ["position 7"], "drift": [1.0], "overlap": [0.5],
                              "shared": [5.0]})
    assert drift_chart(positions, title="p", k=10).to_dict()["encoding"]["y"]["sort"] == ["position 7"]


@pytest.mark.parametrize("lang, position", [("en", "position"), ("ko", "위치")])
def test_a_position_is_named_as_a_position_not_a_token(lang, position):
    """On the position table, tooltips say "position: 7" (in the page's language), not "token: position 7"."""
    rng = np.random.default_rng(0)
    token, positions = rng.normal(size=(20, 6)), rng.normal(size=(12, 6))
    comparison = compare_checkpoints(tables_of(token, position=positions),
                                     tables_of(token, position=positions + rng.normal(size=(12, 6))), "position", k=3)
    use_language(lang)
    try:
        drift_spec = drift_chart(frames.drift_frame(comparison, n=3), title="p", k=3).to_dict()
        maps_spec = aligned_maps_chart(frames.aligned_maps_frame(comparison, marked=1, max_points=12), title="m").to_dict()
    finally:
        use_language("en")
    for tooltips in (drift_spec["encoding"]["tooltip"], maps_spec["hconcat"][0]["layer"][0]["encoding"]["tooltip"]):
        assert tooltips[0] == {"field": "id", "type": "quantitative", "title": position}
        assert "token" not in [tip["field"] for tip in tooltips]
    assert all(row.startswith(position) for row in drift_spec["encoding"]["y"]["sort"])


def test_a_movers_shared_neighbours_are_counted_out_of_k():
    comparison = _comparison()
    drifts = frames.drift_frame(comparison, n=len(comparison.result.drift))
    k = comparison.result.k
    sampled = drifts["overlap"].notna()
    assert sampled.any()
    np.testing.assert_array_equal(drifts["shared"][sampled], np.rint(drifts["overlap"][sampled] * k))
    assert drifts["shared"][sampled].between(0, k).all() and (drifts["shared"][sampled] % 1 == 0).all()
    assert drifts["shared"][~sampled].isna().all()


def test_overlap_counts_cover_every_row():
    comparison = _comparison()
    counts = frames.overlap_counts_frame(comparison)
    assert counts["rows"].sum() == comparison.result.n_rows and list(counts["shared"]) == list(range(11))
    assert overlap_counts_chart(counts, title="o").to_dict()["mark"]["type"] == "bar"


def test_histogram_draws_the_threshold():
    frame = pd.DataFrame({"start": [0.0, 1.0], "stop": [1.0, 2.0], "rows": [3, 5], "below": [True, False]})
    spec = score_histogram_chart(frame, 0.9, indicator="E_in L2 norm", title="h").to_dict()
    assert spec["layer"][1]["mark"]["type"] == "rule"
    assert spec["layer"][0]["encoding"]["x"]["title"] == "E_in L2 norm"


def test_the_histograms_log_axis_is_labelled_at_powers_of_ten_up_to_the_tallest_bar():
    frame = pd.DataFrame({"start": [0.0, 1.0], "stop": [1.0, 2.0], "rows": [3, 1_500], "below": [True, False]})
    spec = score_histogram_chart(frame, 0.9, indicator="E_in L2 norm", title="h").to_dict()
    assert spec["layer"][0]["encoding"]["y"]["axis"]["values"] == [0, 10, 100, 1_000, 10_000]
    few = score_histogram_chart(frame.assign(rows=[3, 4]), 0.9, indicator="E_in L2 norm", title="h").to_dict()
    assert few["layer"][0]["encoding"]["y"]["axis"]["values"] == [0, 1, 10]


def test_a_row_named_by_its_id_shows_the_id_once():
    """Without a tokenizer the rows are named "#71"; the bar's label is "#71", not "#71  #71"."""
    table = np.random.default_rng(0).normal(size=(30, 6)).astype(np.float32)
    moved = table.copy()
    moved[[4, 21]] += 5.0
    words = [f"#{i}" for i in range(30)]
    drifts = frames.drift_frame(compare_checkpoints(tables_of(table, words), tables_of(moved, words), k=3), n=4)
    rows = drift_chart(drifts, title="movers", k=3).to_dict()["encoding"]["y"]["sort"]
    assert rows == [f"#{i}" for i in drifts["id"]] and {"#4", "#21"} <= set(rows)
