"""From typed text to token rows: the checkpoint's tokenizer, mean of pieces, fallback, expressions."""

import numpy as np
import pytest

from dashboard.analysis.queries import TermResolver, resolve_expression, split_expression
from dashboard.checkpoints import load_tables
from dashboard.checkpoints.tokenizer import load_tokenizer
from dashboard.errors import QueryError
from tests import factories
from tests.map_fixtures import ID, bert_with_tokenizer, random_table, tables_of


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    return load_tables(bert_with_tokenizer(tmp_path_factory.mktemp("bert")))


@pytest.fixture(scope="module")
def resolver(tables):
    return TermResolver(tables, load_tokenizer(tables))


def test_a_word_of_several_pieces_is_the_mean_of_their_rows(tables, resolver):
    term = resolver.resolve("Xylophone")
    assert term.ids == (ID["x"], ID["##yl"], ID["##ophone"]) and term.is_split
    assert term.pieces == ("x", "##yl", "##ophone")
    np.testing.assert_allclose(resolver.vector(term), tables.token[list(term.ids)].mean(axis=0), rtol=1e-6)
    assert "3 pieces" in term.explain() and "averaged" in term.explain()


def test_single_tokens_by_text_by_tokenizer_and_by_id(resolver):
    assert resolver.resolve("cat").ids == (ID["cat"],)
    assert resolver.resolve("Tuesday").ids == (ID["tuesday"],)  # lower-cased by the tokenizer
    assert resolver.resolve("##ing").ids == (ID["##ing"],)  # the tokenizer would split this; the token exists
    assert resolver.resolve("#7").ids == (7,) and resolver.resolve("#7").how == "token id"


def test_text_the_tokenizer_only_maps_to_unknown_is_refused(resolver):
    with pytest.raises(QueryError, match=r"\[UNK\]"):
        resolver.resolve("zzz")
    with pytest.raises(QueryError, match="past the last row"):
        resolver.resolve(f"#{factories.VOCAB}")
    with pytest.raises(QueryError, match="empty"):
        resolver.resolve("  ")


def test_without_a_tokenizer_exact_token_match_is_used_and_said(tmp_path):
    folder = factories.bert_folder(tmp_path / "bare")  # no tokenizer files at all
    tables = load_tables(folder)
    assert not load_tokenizer(tables).splits_words
    resolver = TermResolver(tables, None)
    term = resolver.resolve("#3")
    assert term.ids == (3,)
    named = TermResolver(tables_of(random_table(3, 4), ["cat", "dog", "pet"]), None)
    assert "no tokenizer" in named.resolve("dog").explain()
    with pytest.raises(QueryError, match="no tokenizer to split"):
        named.resolve("cats")


def test_a_tokenizer_of_another_model_is_not_used(tmp_path):
    from tests.map_fixtures import WORDS, write_wordpiece_tokenizer

    write_wordpiece_tokenizer(tmp_path)
    same = tables_of(random_table(len(WORDS), 4), WORDS, model_path=tmp_path)
    assert load_tokenizer(same).splits_words
    shuffled = tables_of(random_table(len(WORDS), 4), WORDS[::-1], model_path=tmp_path)
    refused = load_tokenizer(shuffled)
    assert not refused.splits_words and "belongs to another model" in refused.describe


@pytest.mark.parametrize("text, expected", [
    ("king - man + woman", [(1, "king"), (-1, "man"), (1, "woman")]),
    ("t-shirt", [(1, "t-shirt")]),
    ("cat", [(1, "cat")]),
])
def test_split_expression(text, expected):
    assert split_expression(text) == expected


def test_expression_vector_adds_signed_term_vectors_and_excludes_every_term(tables, resolver):
    expression, vector = resolve_expression("king - man + woman", resolver)
    token = tables.token
    np.testing.assert_allclose(vector, token[ID["king"]] - token[ID["man"]] + token[ID["woman"]], rtol=1e-5, atol=1e-6)
    assert expression.ids == {ID["king"], ID["man"], ID["woman"]}
    assert expression.describe() == "king - man + woman"
    with pytest.raises(QueryError, match="empty term"):
        resolve_expression("king - + woman", resolver)


def test_a_lone_operator_that_is_a_token_is_that_token():
    resolver = TermResolver(tables_of(random_table(3, 4), ["-", "a", "b"]), None)
    expression, vector = resolve_expression("-", resolver)
    assert expression.ids == {0}
