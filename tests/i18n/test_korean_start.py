"""The Start pages in Korean beyond the default model: the Overview on the other bundled models, a failed load.

The Overview's text depends on the model (its tying verdict, its position
kind, its padding rows), so it is measured on every bundled model, not only
the default; a failed load's message is built from the reader's error, so it
is checked in both languages and across a switch of language.
"""

from __future__ import annotations

import pytest

from streamlit.testing.v1 import AppTest

from dashboard.checkpoints.bundled import BUNDLED, DEFAULT_NAME
from dashboard.i18n import render
from dashboard.ui import state
from tests.i18n.page_prose import MIN_HANGUL_SHARE, assert_korean, english_runs, hangul_share
from tests.pages.app_test import ROOT, open_app_page, shown

OTHER_MODELS = [model.name for model in BUNDLED if model.name != DEFAULT_NAME]


def _error_texts(at) -> list[str]:
    return [shown(e.value) for e in at.error]


def test_the_other_bundled_models_are_tiny_gpt_and_smollm2():
    assert set(OTHER_MODELS) == {"tiny-gpt-pydocs", "smollm2-135m"}


@pytest.mark.parametrize("model", OTHER_MODELS)
def test_overview_in_korean_on_the_other_bundled_models(model):
    at = open_app_page("pages/overview.py", model=model, query={"lang": "ko"})
    assert_korean(at)
    assert not at.error, _error_texts(at)  # the link's model opened
    assert model in at.title[0].value and at.title[0].value.startswith("개요")


@pytest.mark.parametrize("model", OTHER_MODELS)
def test_overview_table_cells_are_korean_and_the_numbers_unchanged(model):
    english = open_app_page("pages/overview.py", model=model)
    korean = open_app_page("pages/overview.py", model=model, query={"lang": "ko"})
    en, ko = english.dataframe[0].value, korean.dataframe[0].value
    assert list(en.columns) == ["component", "shape", "parameters", "share of all parameters", "note"]
    assert list(ko.columns) == ["구성 요소", "모양", "파라미터 수", "전체 중 비율", "설명"]
    assert list(ko["구성 요소"])[0] == "토큰 임베딩" and list(en["component"])[0] == "token embedding"
    assert list(ko["파라미터 수"]) == list(en["parameters"]) and list(ko["모양"]) == list(en["shape"])


def _first_run(model: str, query: dict[str, str] | None = None):
    """The app's first run for a link naming ``model``: the sidebar's error is in the tree only on this run."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = model
    for name, value in (query or {}).items():
        at.query_params[name] = value
    return at.run()


def test_a_missing_path_in_the_link_is_reported_in_korean():
    at = _first_run("/nonexistent", {"lang": "ko"})
    assert not at.exception, [e.value for e in at.exception]
    (error,) = [text for text in _error_texts(at) if "/nonexistent" in text]
    assert "/nonexistent를 읽을 수 없습니다" in error and f"지금은 그대로 {DEFAULT_NAME}" in error
    assert english_runs([error]) == [] and hangul_share([error]) >= MIN_HANGUL_SHARE, error
    assert at.session_state[state.ACTIVE_SOURCE] == DEFAULT_NAME  # the default is shown instead


def test_a_missing_path_in_the_link_is_reported_in_english_as_before():
    at = _first_run("/nonexistent")
    (error,) = [text for text in _error_texts(at) if "/nonexistent" in text]
    assert error.startswith("Could not read /nonexistent: ") and error.endswith(f". Still showing {DEFAULT_NAME}.")
    assert "is neither an existing path nor a bundled checkpoint" in error


def test_the_stored_load_error_holds_both_languages_so_a_switch_shows_it_in_the_new_one():
    at = _first_run("/nonexistent", {"lang": "ko"})
    stored = at.session_state[state.LOAD_ERROR]
    assert render(stored, "en").startswith("Could not read /nonexistent: ") and stored == render(stored, "en")
    assert "읽을 수 없습니다" in render(stored, "ko")
    at.session_state[state.LANGUAGE] = "en"  # what the sidebar's switch does
    at.run()
    assert not at.exception and at.session_state[state.LOAD_ERROR] == stored
