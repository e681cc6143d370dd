"""The Training, Compare and Under-trained tokens pages in Korean, on the cases their English tests open.

The default-model pages, and the Under-trained page on each bundled model and
indicator, are in :mod:`tests.i18n.test_korean_pages`; here the pages open on
runs and models whose text differs: the bundled GPT's run at its first and
last step, a nanoGPT run folder, the Compare page on each table and with a
refused pair, and English left as it was.
"""

from __future__ import annotations

import pytest

from dashboard.checkpoints.bundled import BUNDLED_RUN
from dashboard.training import view_run as frames
from tests import run_factories
from tests.i18n.page_prose import assert_korean
from tests.pages.app_test import open_app_page

TRAINING, COMPARE = "pages/training.py", "pages/compare.py"
KO = {"lang": "ko"}


@pytest.mark.real
def test_the_bundled_run_folder_in_korean_at_its_first_and_last_step():
    at = open_app_page(TRAINING, model="tiny-gpt-pydocs", query=KO, session={frames.FOLDER_KEY: str(BUNDLED_RUN)})
    assert_korean(at)
    assert any("지수 이동 평균" in m.value for m in at.markdown)  # the run's log says weights: ema
    assert at.select_slider(key=frames.STEP_KEY).value == 2000  # it opens at the last step
    assert any("평균 코사인 유사도는" in m.value for m in at.markdown)  # the position rows are no longer zero
    at.select_slider(key=frames.STEP_KEY).set_value(0).run()
    assert_korean(at)


def test_a_nanogpt_run_folder_in_korean(tmp_path):
    folder = run_factories.nanogpt_run(tmp_path / "run")
    at = open_app_page(TRAINING, query=KO, session={frames.FOLDER_KEY: str(folder), frames.WORDS_KEY: "cat, zzzq"})
    assert_korean(at)
    assert any("best_val_loss" in m.value and "검증 손실" in m.value for m in at.markdown)


def test_a_folder_that_is_not_a_run_says_why_in_korean(tmp_path):
    (tmp_path / "empty").mkdir()
    at = open_app_page(TRAINING, query=KO, session={frames.FOLDER_KEY: str(tmp_path / "empty")})
    assert_korean(at)
    assert any("학습 체크포인트가 없습니다" in e.value for e in at.error)


@pytest.mark.real
@pytest.mark.parametrize("table", ["token", "head"])
def test_compare_the_bundled_gpt_with_its_first_snapshot_in_korean(table):
    at = open_app_page(COMPARE, model="tiny-gpt-pydocs", query=KO, session={"cmp_table": table})
    assert_korean(at)
    assert at.selectbox(key="cmp_with").value == "models/tiny-gpt-pydocs/training/step-00000.safetensors"
    options = at.selectbox(key="cmp_with").options  # the labels the browser shows
    assert "tiny-gpt-pydocs · step-00000" in options and not any(o.startswith("models/") for o in options), options
    assert at.get("vega_lite_chart")


@pytest.mark.real
def test_compare_position_tables_in_korean_and_why_step_0_has_nothing_to_align():
    at = open_app_page(COMPARE, model="tiny-gpt-pydocs", query=KO, session={"cmp_table": "position"})
    assert_korean(at)
    assert any("모든 행이 같습니다" in e.value for e in at.error)  # the bundled GPT's position table starts at zero
    at = open_app_page(COMPARE, model="tiny-gpt-pydocs", query=KO, session={
        "cmp_table": "position", "cmp_with": "models/tiny-gpt-pydocs/training/step-01000.safetensors"})
    assert_korean(at)
    movers = at.dataframe[0].value  # rows are positions, under a Korean header, not tokens
    assert "토큰" not in movers and set(movers["위치"]) <= set(range(256))
    assert at.get("vega_lite_chart")


@pytest.mark.real
def test_compare_refuses_another_vocabulary_in_korean():
    at = open_app_page(COMPARE, model="tiny-gpt-pydocs", query=KO, session={"cmp_with": "all-minilm-l6-v2"})
    assert_korean(at)
    assert any("어휘가 다릅니다" in e.value for e in at.error)


@pytest.mark.real
def test_english_stays_english():
    at = open_app_page(COMPARE, model="tiny-gpt-pydocs")
    assert not at.exception
    assert {m.label for m in at.metric} == {"rows", "Procrustes residual", "linear CKA", "10-NN overlap"}
    assert list(at.dataframe[0].value.columns) == ["rank", "id", "token", "drift", "nearest neighbours shared"]
    assert [r.options for r in at.radio if r.key == "cmp_table"] == [["token", "position", "head"]]
