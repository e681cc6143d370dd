"""Typed words on the bundled SmolLM2 (byte-level BPE stored in its GGUF), read for real (marked `real`)."""

from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from dashboard.analysis.queries import TermResolver
from dashboard.cli.neighbours import neighbours_document
from dashboard.ui import state
from tests.shared_models import shared_tables, shared_tokenizer

pytestmark = pytest.mark.real
ROOT = Path(__file__).resolve().parents[2]
DEFAULT_TERMS = ["cat", "dog", "pet", "Tuesday", "xylophone"]


@pytest.fixture(scope="module")
def tables():
    return shared_tables("smollm2-135m")


@pytest.fixture(scope="module")
def resolver(tables):
    tokenizer = shared_tokenizer("smollm2-135m")
    assert tokenizer.describe == "the tokenizer stored in SmolLM2-135M-Instruct.Q4_1.gguf"
    return TermResolver(tables, tokenizer)


def _tokens(tables, query, k):
    document, _ = neighbours_document(tables, query, k=k)
    return [d["token"] for d in document]


def test_king_minus_man_plus_woman_has_queen_in_the_top_5(tables):
    assert "␣queen" in _tokens(tables, "king - man + woman", k=5)


def test_cat_is_near_cats_and_dog(tables):
    assert {"␣cats", "␣dog"} & set(_tokens(tables, "cat", k=10))


def test_king_is_the_word_initial_token(tables, resolver):
    term = resolver.resolve("king")
    assert term.ids == (4197,) and tables.vocabulary.raw[4197] == "Ġking"
    assert [resolver.resolve(t).ids for t in (" king", "␣king", "Ġking")] == [(4197,)] * 3


def test_the_default_similarity_terms_all_resolve(resolver):
    terms = [resolver.resolve(t) for t in DEFAULT_TERMS]
    assert [t.how for t in terms[:4]] == ["word-initial token"] * 4
    assert terms[4].pieces == ("␣xyl", "ophone")


@pytest.mark.parametrize("typed", ["😀", "한국어"])
def test_emoji_and_korean_are_the_mean_of_their_byte_pieces(tables, resolver, typed):
    term = resolver.resolve(typed)
    assert term.is_split and "averaged" in term.explain()
    assert np.isfinite(resolver.vector(term)).all()


def test_the_similarity_page_opens_on_smollm2_without_an_error():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=300)
    at.query_params[state.MODEL_PARAM] = "smollm2-135m"
    at.run()
    at.switch_page("pages/similarity.py").run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert any("xylophone" in m.value and "averaged" in m.value for m in at.markdown)
