"""Procrustes residual, drift, neighbour overlap and linear CKA of two tables."""

import numpy as np
import pytest
from scipy.spatial import procrustes
from scipy.stats import ortho_group

from dashboard.errors import InvalidTableError, ShapeMismatchError
from dashboard.training.compare import _nearest_units, compare_tables


@pytest.fixture(scope="module")
def table():
    rng = np.random.default_rng(0)
    # Rows with structure (clusters), as a trained table has, so neighbours are well defined.
    centres = rng.normal(size=(20, 24))
    return (centres[rng.integers(0, 20, 400)] + 0.3 * rng.normal(size=(400, 24))).astype(np.float32)


def _direct_cka(a, b):
    """Linear CKA from n x n Gram matrices with the centring matrix H (Kornblith et al. 2019, eq. 3)."""
    n = a.shape[0]
    h = np.eye(n) - np.ones((n, n)) / n
    k, l = a @ a.T, b @ b.T
    hsic = lambda x, y: np.trace(x @ h @ y @ h)  # noqa: E731
    return hsic(k, l) / np.sqrt(hsic(k, k) * hsic(l, l))


def test_a_rotated_scaled_shifted_copy_is_the_same_table(table):
    rotation = ortho_group.rvs(24, random_state=1)
    copy = 3.0 * table @ rotation + 5.0
    result = compare_tables(table, copy)
    assert result.procrustes_residual == pytest.approx(0.0, abs=1e-3)
    assert result.cka == pytest.approx(1.0, abs=1e-6)
    assert result.mean_overlap == pytest.approx(1.0, abs=0.01)  # float ties may swap a 10th neighbour
    assert result.drift.max() < 1e-2


def test_noise_shares_nothing(table):
    noise = np.random.default_rng(2).normal(size=table.shape)
    result = compare_tables(table, noise)
    assert result.procrustes_residual > 0.85
    assert result.cka < 0.2
    assert result.mean_overlap < 0.1  # chance is 10/399


def test_residual_is_the_square_root_of_scipys_procrustes_disparity(table):
    other = table + np.random.default_rng(3).normal(scale=0.5, size=table.shape)
    result = compare_tables(table, other)
    _, _, disparity = procrustes(other, table)
    assert result.procrustes_residual == pytest.approx(np.sqrt(disparity), rel=1e-5)
    # the root mean square of the drifts is the residual (drift in units of B's rms row length)
    assert np.sqrt(np.mean(result.drift.astype(np.float64) ** 2)) == pytest.approx(result.procrustes_residual,
                                                                                  rel=1e-4)


def test_the_moved_rows_are_ranked_first(table):
    moved = table.copy()
    moved[[7, 100, 250]] += 4 * np.random.default_rng(4).normal(size=(3, 24))
    result = compare_tables(table, moved)
    assert set(result.top_drift(3)) == {7, 100, 250}
    assert list(result.drift[result.top_drift(5)]) == sorted(result.drift[result.top_drift(5)], reverse=True)


@pytest.mark.parametrize("d_b", [24, 16, 40])
def test_cka_matches_the_gram_matrix_formula(table, d_b):
    other = np.random.default_rng(5).normal(size=(400, d_b)) + table[:, :1]
    assert compare_tables(table, other).cka == pytest.approx(_direct_cka(table - table.mean(0), other - other.mean(0)),
                                                     rel=1e-6)


def test_tables_of_different_widths_are_padded_not_refused(table):
    wider = np.hstack([table, np.zeros((400, 8), np.float32)])
    result = compare_tables(table, wider)
    assert result.procrustes_residual == pytest.approx(0.0, abs=1e-3)
    assert result.aligned.shape == (400, 32)


def test_neighbour_search_in_chunks_equals_the_whole_matrix(table):
    ids = np.arange(len(table))
    units = table / np.linalg.norm(table, axis=1, keepdims=True)
    small_chunks = _nearest_units(units, ids, 10, budget=3 * len(table))  # 3 query rows per chunk
    full = units @ units.T
    np.fill_diagonal(full, -np.inf)
    expected = np.argsort(-full, axis=1)[:, :10]
    assert all(set(a) == set(b) for a, b in zip(small_chunks, expected))


def test_sampled_overlap_rows_are_reported(table):
    result = compare_tables(table, table, max_overlap_rows=50)
    assert len(result.overlap_ids) == 50 and len(set(result.overlap_ids)) == 50


def test_different_row_counts_are_refused_naming_both(table):
    with pytest.raises(ShapeMismatchError, match="400 rows but B has 300"):
        compare_tables(table, table[:300])


def test_an_all_zero_table_is_refused(table):
    with pytest.raises(InvalidTableError, match="all-zero"):
        compare_tables(np.zeros_like(table), table)


def test_a_tables_product_with_itself_is_the_general_product():
    """CKA's A^T A takes the symmetric (syrk) path; it must equal the general A^T B with B a copy of A."""
    from dashboard.training import compare

    table = np.random.default_rng(3).standard_normal((20_000, 48)).astype(np.float32) + 0.5
    mean = table.mean(axis=0, dtype=np.float64)
    own = compare._cross(table, mean, table, mean)
    general = compare._cross(table, mean, table.copy(), mean.copy())
    np.testing.assert_allclose(own, general, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(own, own.T)
