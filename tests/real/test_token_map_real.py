"""Neighbours, similarity, categories and projection on the real bundled default (marked `real`)."""

import numpy as np
import pytest

from dashboard.analysis.neighbours import build_index, top_k_neighbours
from dashboard.analysis.queries import TermResolver, resolve_expression
from dashboard.lessons.similarity.analysis import similarity_matrix
from dashboard.analysis.token_categories import token_categories
from dashboard.checkpoints import load_tables
from dashboard.checkpoints.tokenizer import load_tokenizer
from dashboard.cli.neighbours import neighbours_document

pytestmark = pytest.mark.real


@pytest.fixture(scope="module")
def tables():
    return load_tables("default")


@pytest.fixture(scope="module")
def resolver(tables):
    tokenizer = load_tokenizer(tables)
    assert "tokenizer.json" in tokenizer.describe  # the bundled folder's tokenizer.json matches its vocabulary
    return TermResolver(tables, tokenizer)


def _tokens(tables, query, k=10, metric="cosine"):
    document, _ = neighbours_document(tables, query, k=k, metric=metric)
    return [d["token"] for d in document]


def test_cat_is_near_cats_kitten_and_dog(tables):
    nearest = _tokens(tables, "cat")
    assert nearest[0] == "cats" and {"kitten", "kitty", "dog"} <= set(nearest) and "cat" not in nearest


def test_weekdays_are_near_each_other(tables):
    assert set(_tokens(tables, "Tuesday", k=2)) == {"wednesday", "monday"}


def test_king_minus_man_plus_woman_is_queen(tables):
    assert _tokens(tables, "king - man + woman", k=1) == ["queen"]


def test_neighbours_equal_brute_force_on_the_whole_table(tables, resolver):
    index = build_index(tables.token, n_used=len(tables.vocabulary))
    table = tables.token.astype(np.float64)
    for word in ("cat", "xylophone"):
        expression, vector = resolve_expression(word, resolver)
        found = top_k_neighbours(index, vector, k=20, exclude=expression.ids)
        with np.errstate(invalid="ignore", divide="ignore"):
            scores = table @ vector / np.linalg.norm(table, axis=1) / np.linalg.norm(vector.astype(np.float64))
        scores[list(expression.ids)] = -np.inf
        assert list(found.ids) == list(np.argsort(-scores, kind="stable")[:20])


def test_default_heatmap_terms(tables, resolver):
    terms = [resolver.resolve(t) for t in ["cat", "dog", "pet", "Tuesday", "xylophone"]]
    assert [t.is_split for t in terms] == [False, False, False, False, True]
    matrix = similarity_matrix(np.stack([resolver.vector(t) for t in terms]), "cosine")
    assert matrix[0, 1] > matrix[0, 3] and matrix[0, 1] > matrix[0, 4]
    np.testing.assert_array_equal(matrix, matrix.T)


def test_categories_of_known_rows(tables):
    categories = token_categories(tables)
    raw = tables.vocabulary.raw
    assert categories[raw.index("[CLS]")] == "special" and categories[raw.index("[unused0]")] == "reserved token"
    assert categories[raw.index("##s")] == "word piece" and categories[raw.index("cat")] == "whole word"
    assert categories[raw.index("1986")] == "number" and categories[raw.index("α")] == "non-Latin script"


def test_project_cli_writes_every_row(tables, tmp_path):
    import pandas as pd

    from dashboard.cli import main

    assert main(["project", "default", "--out", str(tmp_path / "map.csv")]) == 0
    frame = pd.read_csv(tmp_path / "map.csv", keep_default_na=False, na_values=[""])
    assert len(frame) == 30522 and list(frame.columns) == ["id", "token", "x", "y"]
    assert frame[["x", "y"]].notna().all().all() and frame.loc[4937, "token"] == "cat"
