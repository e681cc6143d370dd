"""Nearest neighbours equal a brute-force numpy reference; the query is excluded; chunking changes nothing."""

import numpy as np
import pytest
from hypothesis import given, settings as hyp_settings, strategies as st

from dashboard.analysis.neighbours import build_index, score_chunk, top_k_neighbours
from dashboard.errors import QueryError
from tests.map_fixtures import random_table


def brute_force(table, query, metric, mean):
    if metric == "dot":
        scores = table @ query
    else:
        rows, q = (table - mean, query - mean) if metric == "centered" else (table, query)
        scores = rows @ q / (np.linalg.norm(rows, axis=1) * np.linalg.norm(q))
    return scores


@pytest.mark.parametrize("metric", ["cosine", "dot", "centered"])
@pytest.mark.parametrize("chunk_rows", [7, 8192])
def test_top_k_matches_brute_force(metric, chunk_rows):
    table = random_table(120, 16)
    index = build_index(table, chunk_rows=chunk_rows)
    query = table[17]
    found = top_k_neighbours(index, query, k=10, metric=metric, exclude=[17], chunk_rows=chunk_rows)
    scores = brute_force(table.astype(np.float64), query.astype(np.float64), metric, table.mean(axis=0))
    scores[17] = -np.inf
    expected = np.argsort(-scores, kind="stable")[:10]
    assert list(found.ids) == list(expected)
    np.testing.assert_allclose(found.scores, scores[expected], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(found.norms, np.linalg.norm(table[expected], axis=1), rtol=1e-5)
    assert 17 not in found.ids


def test_mean_is_over_the_vocabulary_rows_only():
    table = random_table(30, 4)
    table[25:] = 100.0  # untrained padding rows must not move the mean
    index = build_index(table, n_used=25)
    np.testing.assert_allclose(index.mean, table[:25].mean(axis=0), rtol=1e-6)


@hyp_settings(max_examples=30, deadline=None)
@given(st.integers(5, 60), st.integers(1, 12), st.integers(0, 10_000), st.sampled_from(["cosine", "centered"]))
def test_cosine_scores_stay_in_range(n_rows, d_model, seed, metric):
    table = random_table(n_rows, d_model, seed=seed) * np.float32(10.0 ** (seed % 7 - 3))
    index = build_index(table)
    query = table[0]
    if metric == "centered" and not np.linalg.norm(query - index.mean):
        return
    scores = score_chunk(index, query, metric, 0, n_rows)
    finite = scores[np.isfinite(scores)]
    assert ((finite >= -1.0) & (finite <= 1.0)).all()


def test_zero_rows_are_skipped_under_cosine_and_counted():
    table = random_table(20, 4)
    table[[3, 4]] = 0.0
    found = top_k_neighbours(build_index(table), table[0], k=19, metric="cosine", exclude=[0])
    assert 3 not in found.ids and 4 not in found.ids and found.n_skipped == 2
    assert len(found.ids) == 17


def test_ties_break_by_lower_id():
    table = np.tile(np.array([[1.0, 0.0]], np.float32), (6, 1))
    found = top_k_neighbours(build_index(table), table[0], k=3, exclude=[0])
    assert list(found.ids) == [1, 2, 3]


@pytest.mark.parametrize("vector, metric, k, message", [
    (np.zeros(4, np.float32), "cosine", 3, "all zero: it has no direction.*nothing can be ranked; change the query"),
    (np.zeros(4, np.float32), "dot", 3, "dot product with every row is 0"),  # was ten ties at 0.0, in id order
    (np.ones(4, np.float32), "manhattan", 3, "unknown metric"),
    (np.ones(3, np.float32), "cosine", 3, "d_model=4"),
    (np.ones(4, np.float32), "cosine", 0, "at least 1"),
])
def test_bad_queries_raise_query_errors(vector, metric, k, message):
    with pytest.raises(QueryError, match=message):
        top_k_neighbours(build_index(random_table(10, 4)), vector, k=k, metric=metric)
