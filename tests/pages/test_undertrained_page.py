"""The Under-trained tokens page on every bundled model, in both languages: each sentence true of the model shown."""

import pytest

from tests.pages.app_test import open_app_page, shown

PAGE = "pages/undertrained.py"
#: A sentence true only where a row never looked up gets no gradient (untied: the head has rows of its own).
NO_GRADIENT = {"en": "a row that is never looked up gets no gradient, so training can only leave it",
               "ko": "한 번도 룩업되지 않는 행은 기울기를 받지 못합니다"}


def _open(model, lang, **query):
    at = open_app_page(PAGE, model=model, query={"lang": lang, **query})
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def _said(at) -> str:
    return shown(" ".join(m.value for m in at.markdown))


@pytest.mark.real
@pytest.mark.parametrize("lang, fallback, shared_row", [
    ("en", "the norm is this explorer's own fallback, not Land & Bartolo's choice",
     "also the output head's row, which every softmax step updates"),
    ("ko", "노름 지표는 이 탐색기가 스스로 고른 대안이며, Land와 Bartolo가 고르는 지표가 아닙니다",
     "출력 헤드의 행이기도 해서, 소프트맥스를 계산하는 스텝마다 갱신됩니다"),
])
def test_on_a_tied_model_without_unused_rows_the_norm_is_called_a_fallback_and_not_said_to_get_no_gradient(
        lang, fallback, shared_row):
    said = _said(_open("smollm2-135m", lang))
    assert NO_GRADIENT[lang] not in said, said
    assert fallback in said and shared_row in said, said


@pytest.mark.real
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_on_an_untied_model_a_row_never_looked_up_gets_no_gradient(lang):
    said = _said(_open("tiny-gpt-pydocs", lang))
    assert NO_GRADIENT[lang] in said, said


@pytest.mark.real
@pytest.mark.parametrize("lang, conditional", [
    ("en", "if no head was tied to the table in training either, a row that is never looked up got no gradient"),
    ("ko", "학습할 때도 이 테이블을 공유하는 출력 헤드가 없었다면, 한 번도 룩업되지 않는 행은 기울기를 받지 못했습니다"),
])
def test_without_a_stored_head_the_no_gradient_claim_is_made_only_for_training_without_a_tied_head(lang, conditional):
    said = _said(_open("all-minilm-l6-v2", lang))
    assert NO_GRADIENT[lang] not in said and conditional in said, said


@pytest.mark.real
@pytest.mark.parametrize("model", ["all-minilm-l6-v2", "tiny-gpt-pydocs", "smollm2-135m"])
@pytest.mark.parametrize("lang, threshold", [("en", "The 2nd percentile of the indicator"),
                                             ("ko", "지표의 2 백분위수입니다")])
def test_the_threshold_is_named_with_a_right_ordinal(model, lang, threshold):
    at = _open(model, lang)
    [help_text] = [m.proto.help for m in at.metric if m.proto.help and ("percentile" in m.proto.help
                                                                         or "백분위수" in m.proto.help)]
    assert threshold in help_text and "2th" not in help_text, help_text
    caption = " ".join(c.value for c in at.caption)
    assert "2th" not in caption
