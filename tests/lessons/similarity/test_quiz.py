"""The Predict-the-similarity activity: pairs parsed, cosine, dot and rank against a brute-force computation."""

import numpy as np
import pytest

from dashboard.lessons.similarity import quiz as similarity_quiz
from dashboard.analysis.neighbours import build_index
from dashboard.analysis.queries import TermResolver
from dashboard.lessons.similarity.quiz import LESSON_PAIRS, answer_pair, parse_pairs, score_guesses
from dashboard.checkpoints import load_tables
from dashboard.checkpoints.tokenizer import load_tokenizer
from dashboard.errors import QueryError
from tests.map_fixtures import ID, bert_with_tokenizer, random_table, tables_of


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    tables = load_tables(bert_with_tokenizer(tmp_path_factory.mktemp("bert")))
    return tables, TermResolver(tables, load_tokenizer(tables)), build_index(tables.token, len(tables.vocabulary))


def _brute_rank(table, a_ids, b_ids):
    va, vb = table[list(a_ids)].mean(axis=0), table[list(b_ids)].mean(axis=0)
    with np.errstate(invalid="ignore"):  # BERT's [PAD] row is all zero: no cosine, not ranked
        cosines = table @ va / (np.linalg.norm(table, axis=1) * np.linalg.norm(va))
    target = va @ vb / (np.linalg.norm(va) * np.linalg.norm(vb))
    others = np.delete(cosines, list(set(a_ids) | set(b_ids)))
    others = others[~np.isnan(others)]
    return int((others > target).sum()) + 1, len(others), target


def test_the_lessons_pairs_are_the_default():
    assert parse_pairs(LESSON_PAIRS) == [("cat", "dog"), ("cat", "pet"), ("dog", "pet"), ("cat", "Tuesday"),
                                         ("cat", "xylophone"), ("Tuesday", "xylophone")]


@pytest.mark.parametrize("text, message", [("cat", "two words"), ("cat, dog, pet", "two words"), ("", "at least one"),
                                           ("cat, cat", "itself"),
                                           ("\n".join(f"a, b{i}" for i in range(13)), "at most")])
def test_bad_pairs_say_what_is_wrong(text, message):
    with pytest.raises(QueryError, match=message):
        parse_pairs(text)


def test_a_pair_typed_again_is_one_pair_and_counts_once_against_the_limit():
    assert parse_pairs("\n".join(["a, b"] * 13)) == [("a", "b")]


@pytest.mark.parametrize("first, second", [("cat", "dog"), ("cat", "xylophone"), ("Tuesday", "king"), ("#40", "#3")])
def test_cosine_dot_and_rank_match_a_brute_force_computation(bert, first, second, monkeypatch):
    tables, resolver, index = bert
    monkeypatch.setattr(similarity_quiz, "QUERY_CHUNK_ROWS", 7)  # several chunks, excluded rows inside them
    answer = answer_pair(resolver, index, first, second, len(tables.vocabulary))
    rank, n_candidates, cosine = _brute_rank(tables.token.astype(np.float64), answer.first.ids, answer.second.ids)
    assert answer.rank == rank and answer.n_candidates == n_candidates
    assert answer.cosine == pytest.approx(cosine, abs=1e-6)
    va, vb = resolver.vector(answer.first), resolver.vector(answer.second)
    assert answer.dot == pytest.approx(float(va.astype(np.float64) @ vb), rel=1e-6)
    reverse = answer_pair(resolver, index, second, first, len(tables.vocabulary))
    assert reverse.cosine == pytest.approx(answer.cosine, abs=1e-12) and reverse.dot == pytest.approx(answer.dot)


def test_a_split_word_is_said_to_be_split(bert):
    tables, resolver, index = bert
    answer = answer_pair(resolver, index, "cat", "xylophone", len(tables.vocabulary))
    assert answer.second.is_split and answer.second.ids == (ID["x"], ID["##yl"], ID["##ophone"])


def test_the_verdict_follows_the_rank_and_the_share():
    token = random_table(200, 8, seed=3)
    token[1] = token[0] + 0.01  # t1 is t0's nearest row by far
    tables = tables_of(token)
    resolver, index = TermResolver(tables, None), build_index(token)
    near = answer_pair(resolver, index, "t0", "t1", 200, similar_share=0.01)
    assert near.rank == 1 and near.verdict == "similar" and near.similar_rank == 1
    far_id = int(np.argmin(token @ token[0] / np.linalg.norm(token, axis=1)))
    far = answer_pair(resolver, index, "t0", f"t{far_id}", 200, similar_share=0.01)
    assert far.rank == 199 and far.n_candidates == 198 and far.verdict == "unrelated"  # last of 199
    assert answer_pair(resolver, index, "t0", f"t{far_id}", 200, similar_share=1.0).verdict == "similar"
    with pytest.raises(QueryError, match=r"\(0, 1\]"):
        answer_pair(resolver, index, "t0", "t1", 200, similar_share=0)


def test_padding_rows_are_not_ranked():
    token = random_table(50, 4, seed=1)
    token[40:] = token[0] * 2  # padding rows past the vocabulary that would otherwise all rank first
    tables = tables_of(token)
    answer = answer_pair(TermResolver(tables, None), build_index(token, 40), "t0", "t5", n_used=40)
    assert answer.n_candidates == 38


def test_score_counts_right_guesses_among_the_given_ones(bert):
    tables, resolver, index = bert
    answers = [answer_pair(resolver, index, a, b, len(tables.vocabulary)) for a, b in parse_pairs(LESSON_PAIRS)]
    truth = {a.key: a.verdict for a in answers}
    assert score_guesses(answers, truth) == (len(answers), len(answers))
    flipped = {k: ("unrelated" if v == "similar" else "similar") for k, v in truth.items()}
    assert score_guesses(answers, flipped) == (0, len(answers))
    assert score_guesses(answers, {answers[0].key: truth[answers[0].key]}) == (1, 1)


@pytest.fixture(scope="module")
def tiny_gpt():
    """The bundled tiny GPT: byte-level BPE, whose vocabulary spells most Korean syllables as UTF-8 byte pieces."""
    tables = load_tables("tiny-gpt-pydocs")
    return tables, TermResolver(tables, load_tokenizer(tables)), build_index(tables.token, len(tables.vocabulary))


def test_a_pair_with_a_word_of_byte_pieces_is_not_judged_nor_scored_but_keeps_its_numbers(tiny_gpt):
    """Apple and Tuesday came out 'similar' from the means of byte rows every Hangul syllable shares (audit)."""
    tables, resolver, index = tiny_gpt
    answers, left_out = similarity_quiz.answer_pairs(resolver, index, [("사과", "화요일"), ("cat", "dog")],
                                                     len(tables.vocabulary))
    korean, english = answers
    assert not left_out and korean.byte_words == ("사과", "화요일") and korean.verdict == similarity_quiz.NOT_JUDGED
    judged = answer_pair(resolver, index, "cat", "dog", len(tables.vocabulary))
    assert english.byte_words == () and english.verdict == judged.verdict in similarity_quiz.GUESSES
    rank, _, cosine = _brute_rank(tables.token.astype(np.float64), korean.first.ids, korean.second.ids)
    assert korean.rank == rank and korean.cosine == pytest.approx(cosine, abs=1e-6)
    guesses = {korean.key: "similar", english.key: english.verdict}
    assert score_guesses(answers, guesses) == (1, 1)  # the Korean guess is neither right nor counted


def test_a_pair_that_cannot_be_looked_up_is_left_out_with_its_error_and_the_others_are_answered(bert):
    tables, resolver, index = bert
    answers, left_out = similarity_quiz.answer_pairs(resolver, index, [("cat", "dog"), ("고양이", "cat")],
                                                     len(tables.vocabulary))
    assert [a.key for a in answers] == ["cat|dog"]
    (first, second, error), = left_out
    assert (first, second) == ("고양이", "cat") and "[UNK]" in str(error)
    with pytest.raises(QueryError, match=r"\(0, 1\]"):  # the share concerns every pair: the round stops
        similarity_quiz.answer_pairs(resolver, index, [("cat", "dog")], len(tables.vocabulary), similar_share=2)
