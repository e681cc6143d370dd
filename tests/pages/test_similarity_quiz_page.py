"""The Predict-the-similarity page: guesses first, then the model's numbers and a score; guesses survive reruns."""

import re

import pytest

from dashboard.analysis.neighbours import build_index
from dashboard.analysis.queries import TermResolver
from dashboard.lessons.similarity.quiz import answer_pair
from dashboard.checkpoints import load_tables
from dashboard.checkpoints.tokenizer import load_tokenizer
from tests.map_fixtures import bert_with_tokenizer
from tests.pages.app_test import open_app_page, shown

PAGE = "pages/similarity_quiz.py"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


def _guess(at, pair_key):
    return at.radio(key=f"quiz_guess|{pair_key}")


def test_nothing_is_revealed_before_the_button(folder):
    at = open_app_page(PAGE, model=folder)
    assert not at.exception
    assert len(at.radio) == 6 and all(radio.value is None for radio in at.radio)
    assert not at.dataframe and not at.metric
    assert any("None of the 6 pairs has a guess yet" in c.value for c in at.caption)
    assert any("'xylophone' is not one token" in c.value and "3 pieces" in c.value for c in at.caption)


def test_reveal_shows_the_models_cosine_dot_rank_and_the_score(folder):
    at = open_app_page(PAGE, model=folder)
    tables = load_tables(folder)
    resolver = TermResolver(tables, load_tokenizer(tables))
    index = build_index(tables.token, len(tables.vocabulary))
    truth = {pair: answer_pair(resolver, index, *pair.split("|"), len(tables.vocabulary))
             for pair in ("cat|dog", "cat|Tuesday")}
    _guess(at, "cat|dog").set_value(truth["cat|dog"].verdict)
    _guess(at, "cat|Tuesday").set_value("similar" if truth["cat|Tuesday"].verdict == "unrelated" else "unrelated")
    at.run()
    at.button(key="quiz_reveal").click().run()
    assert not at.exception
    frame = at.dataframe[0].value.set_index("pair")
    assert frame.loc["cat · dog", "cosine"] == pytest.approx(truth["cat|dog"].cosine, abs=1e-6)
    assert frame.loc["cat · dog", "dot"] == pytest.approx(truth["cat|dog"].dot, rel=1e-6)
    assert frame.loc["cat · dog", "rank among neighbours"].startswith(f"{truth['cat|dog'].rank:,} of ")
    assert frame.loc["cat · dog", "right?"] == "yes" and frame.loc["cat · Tuesday", "right?"] == "no"
    assert frame.loc["dog · pet", "your guess"] == "-"
    assert at.metric[0].value == "1 of 2"
    assert any(md.value.startswith("**xylophone** is 3 tokens") for md in at.markdown)


def test_guesses_survive_reruns_and_a_visit_to_another_page(folder):
    at = open_app_page(PAGE, model=folder)
    _guess(at, "cat|pet").set_value("similar")
    at.run()
    at.run()
    assert _guess(at, "cat|pet").value == "similar"
    at.switch_page("pages/overview.py").run()
    at.switch_page(PAGE).run()
    assert not at.exception
    assert _guess(at, "cat|pet").value == "similar"
    at.button(key="quiz_reset").click().run()
    assert _guess(at, "cat|pet").value is None


def test_a_bad_line_is_an_error_in_the_page(folder):
    at = open_app_page(PAGE, model=folder, session={"quiz_pairs": "cat dog"})
    assert not at.exception
    assert any("not two words separated by a comma" in e.value for e in at.error)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_threshold_caption_gives_the_share_the_threshold_really_is(folder, lang):
    at = open_app_page(PAGE, model=folder, query={"lang": lang}, session={"quiz_share": 7.0})
    at.button(key="quiz_reveal").click().run()
    assert not at.exception
    vocabulary = len(load_tables(folder).vocabulary)
    caption = next(shown(c.value) for c in at.caption if "%" in c.value and ("cosine" in c.value or "코사인" in c.value))
    threshold, share = re.search(r"(\d[\d,]*) ?(?:nearest rows|개 안에).*?([\d.]+)%", caption).groups()
    assert float(share) == float(f"{100 * int(threshold.replace(',', '')) / vocabulary:.2g}")
    assert share != "7.00" and float(share) != 7.0  # the share asked for is not what the threshold is here


def test_a_word_the_vocabulary_cannot_look_up_costs_its_pair_only_and_says_why(folder):
    at = open_app_page(PAGE, model=folder, session={"quiz_pairs": "cat, dog\n고양이, cat"})
    assert not at.exception and not at.error
    assert [radio.key for radio in at.radio] == ["quiz_guess|cat|dog"]
    # the one pair's warning (the tiny random BERT also gets the lesson's: it does not show the claim)
    warning, = [w for w in at.warning if "left out" in w.value]
    assert warning.value.startswith("The pair **고양이** · **cat** is left out: the tokenizer turns '고양이' into")
    assert "UNK" in warning.value
    assert any("고양이" in info.value for info in at.info)  # the Hangul note: what this vocabulary does with it


def test_pairs_left_out_are_listed_in_one_warning(folder):
    """Six pairs of words a checkpoint could not look up stacked six warnings down the page."""
    at = open_app_page(PAGE, model=folder, session={"quiz_pairs": "cat, dog\n고양이, cat\ndog, 강아지"})
    assert not at.exception and not at.error
    warning, = [w for w in at.warning if "left out" in w.value]
    lines = warning.value.splitlines()
    assert len(lines) == 2 and lines[0].startswith("- The pair **고양이** · **cat** is left out")
    assert lines[1].startswith("- The pair **dog** · **강아지** is left out")


def test_a_korean_pair_of_byte_pieces_is_not_judged_and_not_scored_in_korean_too():
    at = open_app_page(PAGE, model="tiny-gpt-pydocs", query={"lang": "ko"},
                       session={"quiz_pairs": "사과, 화요일\ncat, dog"})
    _guess(at, "사과|화요일").set_value("similar")
    at.run()
    at.button(key="quiz_reveal").click().run()
    assert not at.exception and not at.error
    frame = at.dataframe[0].value.set_index("쌍")
    assert frame.loc["사과 · 화요일", "모델의 판정"] == "판정하지 않음: 바이트 조각"
    assert frame.loc["사과 · 화요일", "맞혔나요?"] == "-" and at.metric[0].value == "짐작 없음"
    assert any(info.value.startswith("이 어휘가 UTF-8 바이트 조각으로만 적는 단어(**사과**, **화요일**)가 든 쌍은")
               for info in at.info)
