"""The Sentence reorder page in Korean beyond the default: each order kind, every bundled model, bad orders.

:mod:`tests.i18n.test_korean_pages` opens the page once, on the default
model with its default order (reverse). What the page says also depends on
the model (the causal warning and the next-token chart of the GPTs, the
rotary caption of SmolLM2, the mean-input note of learned tables) and on the
order kind (each has its own widgets), and a bad order shows a typed error
and the last input that worked; each is measured here the same way.
"""

from __future__ import annotations

import pytest

from dashboard.lessons.reorder.chart import next_token_chart, token_difference_chart, token_order_chart
from dashboard.i18n import use_language
from dashboard.ui import state
from dashboard.lessons.reorder.view_frames import shown_labels
from tests.i18n.page_prose import assert_korean
from tests.pages.app_test import open_app_page

PAGE = "pages/reorder.py"
#: The page's default sentence: English on purpose, the bundled models are English-trained.
SENTENCE = "the cat sat on a mat"
#: Order kind -> the session state that picks it (the swap and custom fields start from the sentence).
KINDS = {"reverse": {}, "shuffle": {state.REORDER_SEED: 3}, "swap": {}, "custom": {}}
#: Bundled model -> a Korean note only that kind of model gets.
MODEL_NOTES = {
    "all-minilm-l6-v2": "(토큰 + 위치) 입력의 평균은 두 문장에서 같습니다",
    "tiny-gpt-pydocs": "**이 모델은 인과(causal) 모델입니다**",
    "smollm2-135m": "회전 위치 임베딩(RoPE)은 룩업에서 아무것도 더하지 않습니다",
}


def _open(model: str, **session):
    at = open_app_page(PAGE, model=model, query={"lang": "ko"}, session=session, timeout=900)
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.real
@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("model", list(MODEL_NOTES))
def test_every_order_kind_on_every_bundled_model_reads_in_korean(model, kind):
    at = _open(model, **{state.REORDER_KIND: kind, **KINDS[kind]})
    assert not at.error, [e.value for e in at.error]
    prose = assert_korean(at)
    assert at.radio(key=state.REORDER_KIND).value == kind  # option values do not depend on the language
    assert [h.value for h in at.header] == ["1. 룩업: 첫 블록에 들어가는 벡터", "2. 첫 번째 어텐션 층", "3. 모델 전체"]
    assert any(MODEL_NOTES[model] in text for text in prose)


@pytest.mark.real
@pytest.mark.parametrize("model", ["all-minilm-l6-v2", "tiny-gpt-pydocs"])
def test_a_bad_custom_order_is_a_korean_error_and_the_last_result_stays(model):
    at = _open(model, **{state.REORDER_KIND: "custom"})
    assert not at.error, [e.value for e in at.error]
    good = [(m.label, m.value) for m in at.metric]
    reverse = at.text_input(key=state.REORDER_CUSTOM).value  # this model's movable positions, reversed
    at.text_input(key=state.REORDER_CUSTOM).set_value(f"{reverse.split(',')[0]},{reverse}").run()
    assert not at.exception
    assert len(at.error) == 1 and "여러 번 나옵니다" in at.error[0].value, at.error[0].value
    assert any("마지막으로 계산에 성공한 입력" in c.value for c in at.caption)
    assert [(m.label, m.value) for m in at.metric] == good
    assert_korean(at, typed=(SENTENCE,))  # the caption quotes the last sentence that worked, as typed


@pytest.mark.real
def test_orders_that_are_not_numbers_or_move_a_special_token_are_korean_errors():
    at = _open("all-minilm-l6-v2", **{state.REORDER_KIND: "custom", state.REORDER_CUSTOM: "backwards"})
    assert len(at.error) == 1 and "토큰 번호의 순서가 아닙니다" in at.error[0].value
    assert_korean(at)
    at = _open("all-minilm-l6-v2", **{state.REORDER_KIND: "swap", state.REORDER_SWAP_I: 0, state.REORDER_SWAP_J: 1})
    assert len(at.error) == 1 and "토크나이저가 붙이는 토큰이라 움직이지 않습니다" in at.error[0].value
    assert not at.metric
    assert_korean(at)


def test_korean_chart_labels_match_the_scales_and_sorts_they_are_drawn_with():
    # The frames keep English labels; a chart drawn from shown_labels() must find those labels in its
    # colour domain and facet sort, or the colours and the order of the panels silently fall back.
    import pandas as pd

    frame = pd.DataFrame({"position": [0, 0, 1, 1], "token": ["0 a", "0 a", "1 b", "1 b"],
                          "setting": ["with positions", "without positions"] * 2, "max_abs_diff": [0.0, 0.1, 0.2, 0.3],
                          "sentence": ["original", "permuted"] * 2, "rank": [1, 1, 1, 1],
                          "probability": [0.5, 0.4, 0.3, 0.2], "token_index": [0, 1, 0, 1], "special": False})
    use_language("ko")
    try:
        shown = shown_labels(frame)
        bars = token_difference_chart(shown, title="제목").to_dict()
        facets = next_token_chart(shown).to_dict()
        order = token_order_chart(shown).to_dict()
    finally:
        use_language("en")
    assert set(shown.setting) == set(bars["encoding"]["color"]["scale"]["domain"]) == {"위치 포함", "위치 제거"}
    assert list(shown.sentence.unique()) == facets["facet"]["column"]["sort"] == ["원래 문장", "바꾼 문장"]
    assert facets["facet"]["row"]["sort"] == ["위치 포함", "위치 제거"]
    assert order["layer"][0]["encoding"]["y"]["sort"] == ["원래 문장", "바꾼 문장"]
    assert shown_labels(frame).equals(frame)  # English: the frame as it was
