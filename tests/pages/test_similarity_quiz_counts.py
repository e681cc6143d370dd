"""The quiz's count of pairs still without a guess, on every bundled model and in both languages: 'all' when
none has one, never '6 of 6' (Korean '6쌍 가운데 6쌍')."""

import pytest

from tests.pages.app_test import open_app_page

PAGE = "pages/similarity_quiz.py"
NONE_YET = {"en": "None of the {total} pairs has a guess yet.", "ko": "{total}쌍 모두 아직 짐작하지 않았습니다."}
SOME = {"en": "{left} of {total} pairs still without a guess.", "ko": "{total}쌍 가운데 {left}쌍은 아직 짐작하지 않았습니다."}


def _count_line(at, lang):
    marks = {"en": ("guess yet", "without a guess"), "ko": ("아직 짐작하지",)}[lang]
    [line] = [c.value for c in at.caption if any(mark in c.value for mark in marks)]
    return line


@pytest.mark.real
@pytest.mark.parametrize("model", ["all-minilm-l6-v2", "tiny-gpt-pydocs", "smollm2-135m"])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_guess_yet_is_said_as_all_pairs_and_one_guess_as_the_rest(model, lang):
    at = open_app_page(PAGE, model=model, query={"lang": lang})
    assert not at.exception, [e.value for e in at.exception]
    guesses = [radio for radio in at.radio if radio.key and radio.key.startswith("quiz_guess|")]
    total = len(guesses)
    assert total >= 2 and _count_line(at, lang) == NONE_YET[lang].format(total=total)
    guesses[0].set_value("similar").run()  # the option's value; the page shows it in its language
    assert _count_line(at, lang) == SOME[lang].format(left=total - 1, total=total)


@pytest.mark.parametrize("lang, one", [("en", "The pair has no guess yet."), ("ko", "이 쌍은 아직 짐작하지 않았습니다.")])
def test_a_quiz_of_one_pair_says_the_pair(lang, one):
    at = open_app_page(PAGE, model="tiny-gpt-pydocs", query={"lang": lang}, session={"quiz_pairs": "the, a"})
    assert not at.exception, [e.value for e in at.exception]
    assert _count_line(at, lang) == one
