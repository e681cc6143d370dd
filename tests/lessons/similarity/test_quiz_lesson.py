"""Whether a model shows the similarity lesson's claim: decided from its rows and its vocabulary, never its name."""

import dataclasses

import numpy as np
import pytest

from dashboard.analysis.neighbours import build_index
from dashboard.analysis.queries import ResolvedTerm, TermResolver
from dashboard.lessons.similarity.quiz import LessonCheck, PairAnswer, check_lesson
from dashboard.checkpoints import load_tables
from dashboard.checkpoints.tokenizer import load_tokenizer
from tests.map_fixtures import ID, bert_with_tokenizer


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    """The tiny WordPiece BERT: cat, dog, pet and tuesday are one token each, xylophone is x + ##yl + ##ophone."""
    tables = load_tables(bert_with_tokenizer(tmp_path_factory.mktemp("bert")))
    return tables, load_tokenizer(tables)


def _check(bert, near: tuple[str, ...]):
    """The check on the BERT's table with the rows of the words ``near`` moved close to one direction."""
    tables, tokenizer = bert
    token = tables.token.copy()
    rng = np.random.default_rng(1)
    direction = rng.standard_normal(token.shape[1]).astype(np.float32) * 3
    for word in near:
        token[ID[word]] = direction + 0.1 * rng.standard_normal(token.shape[1])
    moved = dataclasses.replace(tables, token=token)
    return check_lesson(TermResolver(moved, tokenizer), build_index(token, len(moved.vocabulary)),
                        len(moved.vocabulary))


def test_related_rows_close_together_show_the_claim(bert):
    check = _check(bert, ("cat", "dog", "pet"))
    assert [w.text for w in check.split_words] == ["xylophone"] and len(check.words) == 5
    assert not check.mostly_split and not check.order_fails and check.holds
    assert check.farthest_related.rank < check.nearest_unrelated.rank


def test_an_unrelated_pair_nearer_than_a_related_one_fails_the_claim(bert):
    check = _check(bert, ("cat", "tuesday"))  # cat · Tuesday now ranks first; dog and pet stay random
    assert not check.mostly_split and check.order_fails and not check.holds
    assert (check.nearest_unrelated.first.text, check.nearest_unrelated.second.text) == ("cat", "Tuesday")
    assert check.nearest_unrelated.rank == 1 and check.farthest_related.rank > 1


def test_a_lesson_word_the_vocabulary_cannot_look_up_claims_nothing(tmp_path):
    from tests import reorder_factories

    folder = reorder_factories.gpt2_with_words(tmp_path / "gpt2")  # its words: the cat sat on a mat dog ran
    tables = load_tables(folder)
    resolver = TermResolver(tables, load_tokenizer(tables))
    assert check_lesson(resolver, build_index(tables.token, len(tables.vocabulary)), len(tables.vocabulary)) is None


def _term(word: str, pieces: int) -> ResolvedTerm:
    return ResolvedTerm(word, tuple(range(pieces)), tuple(f"p{i}" for i in range(pieces)), "tokenizer")


def _answer(rank: int) -> PairAnswer:
    return PairAnswer(_term("a", 1), _term("b", 1), 0.1, 0.1, rank, 99, "unrelated", 1)


@pytest.mark.parametrize("pieces, mostly_split", [((2, 2, 2, 3, 5), True), ((1, 1, 2, 3, 5), True),
                                                  ((1, 1, 1, 3, 5), False), ((1, 1, 1, 1, 3), False)])
def test_the_vocabulary_splits_the_words_when_more_than_half_are_several_tokens(pieces, mostly_split):
    words = tuple(_term(w, n) for w, n in zip(("cat", "dog", "pet", "Tuesday", "xylophone"), pieces))
    check = LessonCheck(words, _answer(4), _answer(300))
    assert check.mostly_split is mostly_split and check.holds is not mostly_split and not check.order_fails


@pytest.mark.parametrize("related, unrelated, fails", [(689, 160, True), (160, 160, True), (8, 309, False)])
def test_the_order_fails_when_the_farthest_related_pair_ranks_no_nearer(related, unrelated, fails):
    check = LessonCheck((_term("cat", 1),), _answer(related), _answer(unrelated))
    assert check.order_fails is fails and check.holds is not fails
