"""Typed words in byte-level BPE vocabularies: the word-initial token first, then the tokenizer on ' word'."""

import numpy as np
import pytest

from dashboard.analysis.queries import TermResolver, resolve_expression, split_expression
from dashboard.checkpoints import load_tables
from dashboard.checkpoints.tokenizer import load_tokenizer
from dashboard.cli import main
from tests.tokenizer_factories import SPECIAL, byte_level_gguf


@pytest.fixture(scope="module")
def gguf(tmp_path_factory):
    return byte_level_gguf(tmp_path_factory.mktemp("gguf") / "model.gguf")


@pytest.fixture(scope="module")
def tables(gguf):
    return load_tables(str(gguf))


@pytest.fixture(scope="module")
def resolver(tables):
    return TermResolver(tables, load_tokenizer(tables))


def _id(tables, raw):
    return tables.vocabulary.raw.index(raw)


def test_a_typed_word_is_its_word_initial_token_not_the_mid_word_piece(tables, resolver):
    term = resolver.resolve("king")
    assert term.ids == (_id(tables, "Ġking"),) and term.how == "word-initial token"
    assert "matched the word-initial token `␣king`" in term.explain()
    assert f"mid-word piece `king` is a different token, #{_id(tables, 'king')}" in term.explain()


@pytest.mark.parametrize("typed", [" king", "␣king", "Ġking", "king "])
def test_every_spelling_of_the_word_initial_form_is_that_token(tables, resolver, typed):
    assert resolver.resolve(typed).ids == (_id(tables, "Ġking"),)


def test_a_word_that_is_not_one_token_is_split_as_in_running_text(tables, resolver):
    for typed in ("xylophone", "␣xylophone"):
        term = resolver.resolve(typed)
        assert term.ids == (_id(tables, "Ġxyl"), _id(tables, "ophone")) and term.tokenized == " xylophone"
        assert "' xylophone' (with the space a word has in running text) into 2 pieces" in term.explain()
        np.testing.assert_allclose(resolver.vector(term), tables.token[list(term.ids)].mean(axis=0), rtol=1e-6)


@pytest.mark.parametrize("typed", ["😀", "한국어"])
def test_emoji_and_korean_become_the_mean_of_their_byte_pieces(tables, resolver, typed):
    term = resolver.resolve(typed)
    assert term.is_split and "pieces" in term.explain() and "averaged" in term.explain()
    assert not set(term.ids) & tables.vocabulary.special_ids
    assert "␣" not in term.pieces  # a lone space piece is not part of the word


def test_punctuation_and_special_tokens_are_taken_as_typed(tables, resolver):
    assert resolver.resolve(",").ids == (_id(tables, ","),)
    assert resolver.resolve(SPECIAL).ids == (0,)


def test_an_expression_uses_word_initial_tokens(tables, resolver):
    expression, vector = resolve_expression("king - man + woman", resolver)
    assert expression.ids == {_id(tables, "Ġking"), _id(tables, "Ġman"), _id(tables, "Ġwoman")}
    assert expression.describe() == "king - man + woman"


def test_a_leading_space_survives_the_expression_split():
    assert split_expression(" king - man") == [(1, " king"), (-1, "man")]
    assert split_expression("king") == [(1, "king")]


def test_the_cli_keeps_a_leading_space_and_says_which_token_it_used(gguf, capsys):
    assert main(["neighbours", str(gguf), " king", "--k", "3", "--json"]) == 0
    note = capsys.readouterr().err
    assert "word-initial token `␣king`" in note and "mid-word" not in note  # the space asked for ␣king itself
    assert main(["neighbours", str(gguf), "king", "--k", "3", "--json"]) == 0
    assert "mid-word piece `king`" in capsys.readouterr().err
