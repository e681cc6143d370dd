"""The Token map, Nearest neighbours and Similarity heatmap pages in Korean beyond their views.

:mod:`tests.i18n.test_korean_pages` opens each page on the default model and
on ``tiny-gpt-pydocs`` (byte-level BPE, an untied output head, learned
positions), on its output head and with the dot product where the page offers
them; here a word the vocabulary cannot represent, whose error must be Korean
too, a bad highlight, the map's legend, a queued UMAP and cached notes.
"""

from __future__ import annotations

import pytest

from tests.pages.fake_projection import gated  # noqa: F401 - a fixture
from tests.i18n.page_prose import assert_korean, english_runs
from tests.pages.app_test import map_figures, open_app_page, shown

GPT = "tiny-gpt-pydocs"


def test_a_word_the_vocabulary_cannot_represent_is_a_korean_error():
    # all-MiniLM-L6-v2's WordPiece vocabulary has no token for 고양이: its tokenizer gives [UNK].
    at = open_app_page("pages/neighbours.py", query={"lang": "ko", "query": "고양이"})
    assert_korean(at)
    [error] = at.error
    assert "[UNK]" in shown(error.value) and "알 수 없는 토큰" in shown(error.value)


def test_an_unknown_word_left_out_of_the_heatmap_is_named_in_korean():
    at = open_app_page("pages/similarity.py", query={"lang": "ko", "terms": "cat, dog, 고양이"})
    assert_korean(at)
    [warning] = at.warning
    assert "고양이" in shown(warning.value) and "히트맵에서 뺀 항" in shown(warning.value)


def test_a_bad_highlight_pattern_is_a_korean_error_on_the_map():
    at = open_app_page("pages/token_map.py", model=GPT, query={"lang": "ko", "highlight": "(ing", "regex": "true"})
    assert_korean(at)
    [error] = at.error
    assert "정규 표현식" in shown(error.value)


def test_the_map_legend_names_categories_in_korean_but_keeps_english_values():
    at = open_app_page("pages/token_map.py", model=GPT, query={"lang": "ko"})
    figure = map_figures(at)[0]
    entries = {trace["legendgroup"]: trace["name"] for trace in figure["data"] if trace.get("showlegend")}
    assert entries["whole word"].startswith("온전한 단어 (")  # the group is the value, the name the reader's word
    assert figure["layout"]["legend"]["title"]["text"] == "토큰 범주"


def test_a_queued_umap_reports_its_place_in_line_in_korean(gated):
    open_app_page("pages/token_map.py", model=GPT, query={"method": "umap", "n_neighbors": "20"})  # runs first
    at = open_app_page("pages/token_map.py", model=GPT, query={"lang": "ko", "method": "umap"})
    assert_korean(at)
    text = at.get("progress")[0].proto.text
    assert english_runs([text]) == [] and "UMAP" in text and "1번째" in text and "기다리는 중" in text
    at.radio(key="map_method").set_value("pca").run()  # moving on drops the queued fit: nothing runs after
    gated.opened.set()
    assert not at.exception


def test_projection_notes_read_back_from_the_cache_are_shown_in_korean(tmp_path):
    import numpy as np

    from dashboard.maps.projection import Projection, ProjectionSettings, project_pca
    from dashboard.i18n import Text, render

    table = np.random.default_rng(0).standard_normal((12, 4)).astype(np.float32)
    table[3] = table[2]
    table[5] = 0
    projection = project_pca(table, ProjectionSettings("pca", 2))
    projection.save(tmp_path / "map.npz")
    loaded = Projection.load(tmp_path / "map.npz")
    assert loaded.notes == projection.notes and all(isinstance(note, Text) for note in loaded.notes)
    assert all(english_runs([render(note, "ko")]) == [] for note in loaded.notes)
    assert "영벡터" in render(loaded.notes[-1], "ko")
