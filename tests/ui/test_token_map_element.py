"""The Token map's plotly.js element: plotly.js served as a file, selections from the browser checked."""

import os

import numpy as np
import pytest

import dashboard.ui.token_map_element as element
from dashboard.ui.token_map_element import plotly_source, read_selection


@pytest.fixture
def vendor(tmp_path, monkeypatch):
    folder = tmp_path / "static" / "vendor"
    monkeypatch.setattr(element, "VENDOR_DIR", folder)
    element._served_copy.cache_clear()
    yield folder
    element._served_copy.cache_clear()


def test_plotly_js_is_copied_once_under_its_content_hash_and_named_relative_to_the_page(vendor):
    url = element._served_copy()
    assert url is not None and url.startswith("app/static/vendor/plotly-") and url.endswith(".min.js")
    served = vendor / url.rsplit("/", 1)[1]
    assert served.read_bytes() == plotly_source().read_bytes()
    assert oct(served.stat().st_mode & 0o777) == "0o644"  # readable by the server that serves it
    assert [p.name for p in vendor.iterdir()] == [served.name]  # no temporary file left behind


def test_copies_of_an_earlier_plotly_js_and_stale_temporary_files_are_removed(vendor):
    """The Docker image keeps static/ on a volume: each upgrade of plotly.js would leave its old copy there."""
    vendor.mkdir(parents=True)
    old_copy, other, fresh_tmp, stale_tmp = (vendor / name for name in (
        "plotly-0123456789abcdef.min.js", "notes.txt", "abc.tmp", "def.tmp"))
    for path in (old_copy, other, fresh_tmp, stale_tmp):
        path.write_text("x")
    os.utime(stale_tmp, (1, 1))
    url = element._served_copy()
    assert sorted(p.name for p in vendor.iterdir()) == sorted([url.rsplit("/", 1)[1], "notes.txt", "abc.tmp"])


def test_a_folder_that_cannot_be_written_means_no_url_and_the_page_falls_back(vendor):
    vendor.parent.mkdir(parents=True)
    vendor.parent.chmod(0o500)
    try:
        if os.access(vendor.parent, os.W_OK):  # root ignores the mode: make the target a file instead
            vendor.parent.chmod(0o700)
            vendor.write_text("not a folder")
        assert element._served_copy() is None
    finally:
        vendor.parent.chmod(0o700)


def test_read_selection_keeps_whole_ids_of_drawn_rows_once_each():
    drawn = np.array([0, 1, 2, 5, 8], np.int64)
    assert read_selection([8, 1, 1, 5.0], drawn).tolist() == [1, 5, 8]
    assert read_selection([3, 4, -1, 99, 2**63, 2.5, "1", True, None, [1]], drawn).tolist() == []
    assert read_selection([float("nan"), float("inf"), 0], drawn).tolist() == [0]


@pytest.mark.parametrize("seed", range(5))
def test_read_selection_is_the_intersection_with_the_drawn_rows(seed):
    rng = np.random.default_rng(seed)
    drawn = np.unique(rng.integers(0, 500, 200))
    asked = rng.integers(-20, 520, 150).tolist()
    np.testing.assert_array_equal(read_selection(asked, drawn), np.intersect1d(asked, drawn))
    assert read_selection([], drawn).tolist() == [] and read_selection([], drawn[:0]).tolist() == []


@pytest.mark.parametrize("value", [None, "1,2", {"selection": [1]}, 5, b"\x01"])
def test_read_selection_of_anything_but_a_list_selects_nothing(value):
    assert read_selection(value, np.arange(10)).tolist() == []


def test_a_list_longer_than_the_drawn_rows_selects_nothing():
    assert read_selection([1, 2, 3, 4], np.arange(3)).tolist() == []  # forged: each row is sent once at most
    assert read_selection([0, 1, 2], np.arange(3)).tolist() == [0, 1, 2]


def test_two_checkpoints_with_the_same_weights_and_other_tokens_never_share_a_drawn_map():
    # Two students' uploads: the same weights, other vocabularies. The map is cached across sessions.
    from dashboard.analysis.projection import Projection
    from dashboard.analysis.token_map import table_rows
    from dashboard.tables import EmbeddingTables, Tying, Vocabulary
    from dashboard.ui.map_data import get_map_deck, get_map_plotly

    token = np.random.default_rng(0).normal(size=(6, 4)).astype(np.float32)
    maps = []
    for words in (("alice", "a1", "a2", "a3", "a4", "a5"), ("bob", "b1", "b2", "b3", "b4", "b5")):
        tables = EmbeddingTables(token=token, vocabulary=Vocabulary(raw=words, display=words),
                                 tying=Tying("untied", "test"), source="test", format="test",
                                 architecture="test", source_dtype="float32")
        rows = table_rows(tables)
        projection = Projection(token[:, :2].copy(), "pca", {}, {})
        plotly_map, _, key = get_map_plotly(projection, rows, np.zeros(6, bool), "category", ("x", "y"), "")
        texts = {text for trace in plotly_map.figure["data"] for text in trace["text"]}
        _, _, _, deck_key = get_map_deck(Projection(token[:, :3].copy(), "pca", {}, {}), rows, np.zeros(6, bool),
                                         "category")
        maps.append((rows.content_hash, texts, key, deck_key))
    (alice_hash, alice, alice_key, alice_deck), (bob_hash, bob, bob_key, bob_deck) = maps
    assert alice_hash == bob_hash  # the weights are the same
    assert alice == {"alice", "a1", "a2", "a3", "a4", "a5"} and bob == {"bob", "b1", "b2", "b3", "b4", "b5"}
    assert alice_key != bob_key and alice_deck != bob_deck
