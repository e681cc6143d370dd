"""The heatmap's matrix: symmetric, cosine in [-1, 1], equal to the pairwise definition."""

import numpy as np
import pytest
from hypothesis import given, settings as hyp_settings, strategies as st

from dashboard.lessons.similarity.analysis import similarity_frame, similarity_matrix
from dashboard.errors import QueryError
from tests.map_fixtures import random_table


@hyp_settings(max_examples=40, deadline=None)
@given(st.integers(1, 8), st.integers(1, 10), st.integers(0, 1000), st.sampled_from(["cosine", "dot", "centered"]))
def test_symmetric_and_in_range(n, d_model, seed, metric):
    vectors = random_table(n, d_model, seed=seed)
    matrix = similarity_matrix(vectors, metric, mean=vectors.mean(axis=0) * 0.5)
    assert matrix.shape == (n, n)
    np.testing.assert_array_equal(matrix, matrix.T)
    if metric != "dot":
        finite = matrix[np.isfinite(matrix)]
        assert ((finite >= -1) & (finite <= 1)).all()


def test_values_match_the_definitions():
    vectors = random_table(4, 6)
    cosine = similarity_matrix(vectors, "cosine")
    a, b = vectors[0].astype(float), vectors[2].astype(float)
    assert cosine[0, 2] == pytest.approx(a @ b / np.linalg.norm(a) / np.linalg.norm(b), rel=1e-6)
    np.testing.assert_allclose(np.diag(cosine), 1.0, rtol=1e-6)
    assert similarity_matrix(vectors, "dot")[0, 2] == pytest.approx(a @ b, rel=1e-6)
    mean = vectors.mean(axis=0)
    centred = similarity_matrix(vectors, "centered", mean=mean)
    ca, cb = a - mean, b - mean
    assert centred[0, 2] == pytest.approx(ca @ cb / np.linalg.norm(ca) / np.linalg.norm(cb), rel=1e-6)


def test_a_zero_vector_has_no_cosine():
    vectors = random_table(3, 4)
    vectors[1] = 0
    matrix = similarity_matrix(vectors, "cosine")
    assert np.isnan(matrix[1]).all() and np.isnan(matrix[:, 1]).all() and np.isfinite(matrix[0, 2])


def test_frame_is_tidy_in_the_users_order():
    frame = similarity_frame(["cat", "dog"], np.array([[1.0, 0.5], [0.5, 1.0]]))
    assert list(frame["row"]) == ["cat", "cat", "dog", "dog"]
    assert list(frame["column"]) == ["cat", "dog", "cat", "dog"]
    assert list(frame["value"]) == [1.0, 0.5, 0.5, 1.0]
    with pytest.raises(QueryError, match="repeated"):
        similarity_frame(["cat", "cat"], np.eye(2))
    with pytest.raises(QueryError, match="centred cosine needs"):
        similarity_matrix(random_table(2, 3), "centered")
