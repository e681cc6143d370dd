"""The lessons' pages (lookup, similarity quiz, parameter calculator) in Korean beyond their first view.

:mod:`tests.i18n.test_korean_pages` opens them on every bundled model. The
quiz's answer area (the table, the score, the explanation of the threshold)
appears only after the guesses are revealed, so it is opened that far here,
and each lesson's errors are checked in Korean.
"""

from __future__ import annotations

import pytest

from tests import factories
from tests.i18n.page_prose import assert_korean
from tests.pages.app_test import open_app_page

MODELS = ["tiny-gpt-pydocs", "smollm2-135m"]
QUIZ = "pages/similarity_quiz.py"


@pytest.mark.real
@pytest.mark.parametrize("model", [None, *MODELS])
def test_the_quiz_answers_and_score_in_korean_after_the_guesses(model):
    at = open_app_page(QUIZ, model=model, query={"lang": "ko"})
    radios = list(at.radio)
    radios[0].set_value("similar")
    radios[1].set_value("unrelated")
    at.run()
    at.button(key="quiz_reveal").click().run()
    assert_korean(at)
    shown = at.dataframe[0].value
    assert list(shown.columns) == ["쌍", "내 짐작", "코사인 유사도", "내적", "이웃 가운데 순위", "모델의 판정", "맞혔나요?"]
    assert set(shown["내 짐작"]) == {"비슷함", "관계없음", "-"}
    assert set(shown["맞혔나요?"]) <= {"맞음", "틀림", "-"} and set(shown["모델의 판정"]) <= {"비슷함", "관계없음"}
    assert all("위" in rank and "개 중" in rank for rank in shown["이웃 가운데 순위"])
    assert at.metric[0].label == "내 점수" and at.metric[0].value.startswith("2쌍 중 ")
    assert radios[0].options == ["비슷함", "관계없음"]  # shown in Korean; the values stay similar/unrelated
    assert at.radio(key=radios[0].key).value == "similar"


@pytest.mark.parametrize("page, query, session, korean", [
    ("pages/lookup.py", {"sentence": "#999"}, {}, "이 모델의 토큰 id가 아닙니다"),
    ("pages/lookup.py", {"sentence": "the cat"}, {}, "대신 토큰 id를 입력하세요"),
    (QUIZ, {}, {"quiz_pairs": "cat dog"}, "쉼표로 구분한 두 단어가 아닙니다"),
    ("pages/parameter_calculator.py", {}, {"calc_vocab_size": 10, "calc_d_model": 10, "calc_total": 5}, None),
])
def test_the_errors_of_the_lessons_in_korean(tmp_path, page, query, session, korean):
    folder = factories.gpt2_folder(tmp_path / "gpt2")  # no tokenizer files: a sentence cannot be split
    at = open_app_page(page, model=folder, query={**query, "lang": "ko"}, session=session)
    assert not at.exception and len(at.error) == 1
    if korean is not None:  # the calculator's SpecError is accounting.py's (helper "start")
        assert korean in at.error[0].value
    assert_korean(at)
