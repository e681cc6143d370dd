"""The Lookup page's opening claim on every bundled model, in both languages, and its one Korean name."""

import pytest

from dashboard.i18n import msg, render
from tests.pages.app_test import open_app_page, shown

PAGE = "pages/lookup.py"
MODELS = ["all-minilm-l6-v2", "tiny-gpt-pydocs", "smollm2-135m"]
#: The course's sentence, what is true of it (a row selected, no learned arithmetic), and the one-hot product.
SAID = {
    "en": ("\"An embedding is a lookup, not a function,\" as the course puts it",
           "token id i selects row i of the token table, with no learned arithmetic",
           "the same row is what multiplying the one-hot vector of i by the table, `one_hot(i) @ W`, gives"),
    "ko": ("수업에서는 \"임베딩은 함수가 아니라 룩업입니다\"라고 말합니다",
           "토큰 id i는 토큰 임베딩 테이블의 i번째 행을 골라 올 뿐, 학습된 계산을 거치지 않습니다",
           "이 행은 i의 원-핫 벡터에 테이블을 곱한 값, `one_hot(i) @ W`와 같습니다"),
}


@pytest.mark.real
@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_caption_keeps_the_courses_sentence_and_says_what_is_true_of_it(model, lang):
    at = open_app_page(PAGE, model=model, query={"lang": lang, "sentence": "#5 #17 #3"})  # ids: no tokenizer
    assert not at.exception, [e.value for e in at.exception]
    caption = shown(at.caption[0].value)
    for part in SAID[lang]:
        assert part in caption, caption
    assert "one_hot(ids) @ W" in shown(" ".join(m.value for m in at.markdown))  # the section the caption points to
    if lang == "ko":
        link = render(msg("nav.lookup"), "ko")
        assert link == "실제 행으로 보는 룩업" and at.title[0].value.startswith(f"{link}: ")
