"""A run's token maps on the last step's PCA axes: the same axes at every step, so movement is the table's."""

import numpy as np
import pytest
from sklearn.decomposition import PCA

from dashboard.errors import QueryError
from dashboard.maps.aligned import AlignedMaps, align_run


def _tables(seed=0):
    rng = np.random.default_rng(seed)
    last = (rng.normal(size=(200, 16)) * np.linspace(3, 0.1, 16)).astype(np.float32)
    shift = np.zeros(16, np.float32)
    shift[0] = 5.0
    return {0: rng.normal(size=(200, 16)).astype(np.float32), 10: last + shift, 20: last}


def test_the_last_step_is_its_own_pca_and_every_step_is_projected_on_the_same_axes():
    tables = _tables()
    maps = align_run([0, 10, 20], tables.__getitem__)
    assert maps.coords.shape == (3, 200, 2) and maps.basis_step == 20
    pca = PCA(n_components=2, svd_solver="covariance_eigh").fit(tables[20])
    np.testing.assert_allclose(maps.coords[2], pca.transform(tables[20]), atol=1e-4)
    np.testing.assert_allclose(maps.explained, pca.explained_variance_ratio_, rtol=1e-6)
    # Step 10 is step 20 moved by 5 along the first coordinate: on fixed axes every point moves by the same
    # vector, the shift's projection (a map fitted on step 10 alone would have recentred it away).
    moved = maps.coords[1] - maps.coords[2]
    np.testing.assert_allclose(moved, np.broadcast_to(pca.components_ @ np.eye(16)[0] * 5.0, moved.shape), atol=1e-4)
    own = PCA(n_components=2, svd_solver="covariance_eigh").fit_transform(tables[10])
    assert not np.allclose(own, maps.coords[1], atol=1e-2)


def test_a_step_of_another_shape_is_refused_by_name(tmp_path):
    tables = _tables()
    tables[10] = tables[10][:150]
    with pytest.raises(QueryError, match="step 10's token table is 150 x 16, the last step's \\(20\\) is 200 x 16"):
        align_run([0, 10, 20], tables.__getitem__)


def test_saved_maps_read_back_the_same(tmp_path):
    maps = align_run([0, 10, 20], _tables().__getitem__)
    maps.save(tmp_path / "aligned.npz")
    again = AlignedMaps.load(tmp_path / "aligned.npz")
    assert again.steps == (0, 10, 20)
    np.testing.assert_array_equal(again.coords, maps.coords)
