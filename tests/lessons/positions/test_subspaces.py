"""Token/position subspace overlap on tables with known geometry."""

import numpy as np
import pytest

from dashboard.lessons.positions.structure import compare_subspaces, principal_directions

RNG = np.random.default_rng(0)
D = 24


def _table_in(basis_rows, n, scales):
    return (RNG.normal(size=(n, len(scales))) * scales) @ basis_rows


def test_principal_directions_are_orthonormal_and_sorted():
    table = RNG.normal(size=(300, D)) * np.r_[10.0, np.linspace(1, 0.1, D - 1)]
    dirs = principal_directions(table, 5)
    np.testing.assert_allclose(dirs @ dirs.T, np.eye(5), atol=1e-10)
    np.testing.assert_allclose(np.abs(dirs[0]), np.eye(D)[0], atol=0.1)  # largest-variance axis first


def test_position_inside_token_top_subspace_is_fully_captured():
    basis = np.linalg.qr(RNG.normal(size=(D, D)))[0].T
    token = _table_in(basis, 2000, np.r_[[10.0, 8.0, 6.0], np.linspace(1, 0.1, D - 3)])
    position = _table_in(basis[:3], 100, [1.0, 0.5, 0.2])  # in the token table's top-3 directions
    overlap = compare_subspaces(token, position, max_k=8, angle_k=3)
    share = overlap.frame.pivot(index="k", columns="measure", values="share")
    assert share.loc[3, "position variance in token top-k"] == pytest.approx(1.0, abs=1e-3)
    np.testing.assert_allclose(overlap.angles, 0.0, atol=2.0)


def test_orthogonal_tables_share_nothing():
    basis = np.linalg.qr(RNG.normal(size=(D, D)))[0].T
    token = _table_in(basis[:12], 2000, np.linspace(5, 1, 12))
    position = _table_in(basis[12:], 100, np.linspace(5, 1, 12))
    overlap = compare_subspaces(token, position, max_k=8, angle_k=4)
    frame = overlap.frame.set_index(["measure", "k"])["share"]
    assert frame["position variance in token top-k"].max() < 1e-6
    assert frame["random k-dim subspace"].loc[8] == pytest.approx(8 / D)
    np.testing.assert_allclose(overlap.angles, 90.0, atol=1e-4)
