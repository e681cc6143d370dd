"""The cuML path's plumbing, with a recording stand-in for cuML (tests/fake_cuml.py): our settings reach cuML
exactly, duplicate and all-zero rows are handled as on the CPU, the map records its backend and the cache key
carries it. cuML itself runs only in tests/maps/test_cuml_gpu.py, where a GPU exists."""

import dataclasses
import sys

import numpy as np
import pytest

from dashboard.errors import BackendUnavailableError
from dashboard.maps.cache import cached_projection, projection_key
from dashboard.maps.manifest import compare_with_cpu, sample_rows
from dashboard.maps.projection import ProjectionSettings, project_table
from tests.fake_cuml import DeviceArray, forget_backend_status, install_fake_cuml
from tests.map_fixtures import random_table


@pytest.fixture(autouse=True)
def _fresh_status():
    forget_backend_status()
    yield
    forget_backend_status()


@pytest.fixture
def fake(monkeypatch):
    return install_fake_cuml(monkeypatch, version="99.1.0")


def _clustered(n_rows=300, d_model=16, clusters=6, seed=0):
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(clusters, d_model)) * 4
    return (centres[rng.integers(0, clusters, n_rows)] + rng.normal(size=(n_rows, d_model))).astype(np.float32)


def test_pca_settings_reach_cuml_and_the_map_equals_the_cpu_map_after_sign_fixing(fake):
    table = random_table(60, 8)
    gpu = project_table(table, ProjectionSettings("pca", 3, backend="cuml"))
    [(name, kwargs, given)] = fake.calls
    assert name == "PCA" and kwargs == {"n_components": 3, "svd_solver": "full", "output_type": "numpy"}
    np.testing.assert_array_equal(given, table)
    cpu = project_table(table, ProjectionSettings("pca", 3))
    np.testing.assert_allclose(gpu.coords, cpu.coords, atol=1e-4)  # the fake flipped every sign; ours flipped back
    np.testing.assert_allclose(gpu.explained_variance, cpu.explained_variance, atol=1e-6)
    assert gpu.backend == "cuml" and gpu.versions == {"numpy": np.__version__, "cuml": "99.1.0"}
    assert gpu.parameters == {"n_components": 3, "svd_solver": "full"}
    assert "cuml 99.1.0" in gpu.describe() and "scikit-learn" not in gpu.describe()


def test_pca_hands_cuml_the_table_already_copied_to_the_gpu(fake):
    # cuML converts a NumPy input slowly on each call that takes it (13.9 s of 14.1 s at 256,000 x 2,304 on an H200).
    table = np.asfortranarray(random_table(60, 8), dtype=np.float64)
    project_table(table, ProjectionSettings("pca", 2, backend="cuml"))
    [given] = fake.inputs
    assert type(given) is DeviceArray
    assert given.dtype == np.float32 and given.flags.c_contiguous


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
@pytest.mark.parametrize("seed", [0, 12345, None])
def test_umap_settings_reach_cuml_exactly(fake, seed):
    table = _clustered()
    settings = ProjectionSettings("umap", 2, seed=seed, n_neighbors=7, min_dist=0.3, backend="cuml")
    projection = project_table(table, settings)
    [(name, kwargs, given)] = fake.calls
    assert name == "UMAP" and kwargs == {"n_components": 2, "metric": "cosine", "init": "spectral",
                                         "random_state": seed, "n_neighbors": 7, "min_dist": 0.3,
                                         "output_type": "numpy"}
    np.testing.assert_array_equal(given, table)
    assert projection.n_placed == len(table) and projection.backend == "cuml"
    unseeded = [note for note in projection.notes if getattr(note, "key", "") == "projection.note.cuml_unseeded"]
    assert len(unseeded) == (1 if seed is None else 0)


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_umap_on_cuml_fits_each_distinct_non_zero_row_once_and_spreads_back(fake):
    table = _clustered(200)
    table[5] = table[3]
    table[6] = table[3]
    table[[10, 11]] = 0.0
    table[12] = -0.0
    stages = []
    projection = project_table(table, ProjectionSettings("umap", 2, backend="cuml"),
                               lambda fraction, label: stages.append((fraction, label.key)))
    [(_, _, given)] = fake.calls
    fitted = np.delete(np.arange(200), [5, 6, 10, 11, 12])
    np.testing.assert_array_equal(given, table[fitted])  # duplicates and zero rows never reach cuML
    assert np.isnan(projection.coords[[10, 11, 12]]).all()
    np.testing.assert_array_equal(projection.coords[5], projection.coords[3])
    np.testing.assert_array_equal(projection.coords[6], projection.coords[3])
    assert projection.n_placed == 197
    keys = [getattr(note, "key", "") for note in projection.notes]
    assert keys == ["projection.note.umap_duplicates.many", "projection.note.umap_zero.many"]
    assert stages == [(0.0, "projection.stage.cuml"), (1.0, "projection.stage.done")]


def test_pca_on_cuml_keeps_the_cpu_notes_and_skips_the_library_for_identical_rows(fake):
    table = random_table(30, 4)
    table[[1, 2]] = table[0]
    table[3] = 0.0
    projection = project_table(table, ProjectionSettings("pca", 2, backend="cuml"))
    keys = [note.key for note in projection.notes]
    assert keys == ["projection.note.pca_duplicates.many", "projection.note.pca_zero.one"]
    identical = project_table(np.ones((10, 4), np.float32), ProjectionSettings("pca", 2, backend="cuml"))
    assert len(fake.calls) == 1 and not identical.coords.any()


def test_the_cache_key_carries_the_backend_and_cumls_version(fake):
    cpu, gpu = ProjectionSettings("umap", 2), ProjectionSettings("umap", 2, backend="cuml")
    key = projection_key("h", "token", gpu)
    assert key.startswith("token-umap2d-cuml-") and key != projection_key("h", "token", cpu)
    assert projection_key("h", "token", ProjectionSettings("pca", 2, backend="cuml")).startswith("token-pca2d-cuml-")
    fake.version = sys.modules["cuml"].__version__ = "99.2.0"
    assert projection_key("h", "token", gpu) != key  # a cuML upgrade misses, as a umap-learn upgrade does


def test_a_cuml_map_is_cached_apart_from_the_cpu_map(fake, tmp_path):
    table = random_table(50, 6)
    gpu = cached_projection(table, "h", "token", ProjectionSettings("pca", 2, backend="cuml"), directory=tmp_path)
    again = cached_projection(table, "h", "token", ProjectionSettings("pca", 2, backend="cuml"), directory=tmp_path,
                              compute=lambda *_: pytest.fail("recomputed a cached cuML map"))
    assert again.backend == gpu.backend == "cuml" and len(fake.calls) == 1
    cpu = cached_projection(table, "h", "token", ProjectionSettings("pca", 2), directory=tmp_path)
    assert cpu.backend == "cpu" and len(fake.calls) == 1 and len(list(tmp_path.glob("*.npz"))) == 2


def test_without_cuml_a_cuml_projection_is_refused_with_the_reason(monkeypatch):
    monkeypatch.setitem(sys.modules, "cuml", None)
    with pytest.raises(BackendUnavailableError, match="not installed"):
        project_table(random_table(40, 6), ProjectionSettings("pca", 2, backend="cuml"))


def test_trustworthiness_check_measures_both_maps_on_the_same_seeded_rows(fake):
    table = _clustered(400, d_model=12)
    settings = ProjectionSettings("pca", 2, backend="cuml")
    gpu = project_table(table, settings)
    check = compare_with_cpu(table, gpu, settings, sample_size=150, seed=3)
    assert check.backend == "cuml" and len(check.rows) == 150 and check.n_neighbors == 10
    np.testing.assert_array_equal(check.rows, sample_rows(np.ones(400, bool), 150, 3))
    assert abs(check.difference) < 1e-6 and 0.5 < check.score <= 1.0  # the same map up to float error
    scrambled = dataclasses.replace(gpu, coords=np.random.default_rng(0).permutation(gpu.coords))
    worse = compare_with_cpu(table, scrambled, settings, sample_size=150, seed=3)
    assert worse.cpu_score == pytest.approx(check.cpu_score) and worse.difference < -0.2


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_trustworthiness_sample_leaves_out_rows_not_placed_on_either_map(fake):
    table = _clustered(120)
    table[[0, 1, 2]] = 0.0
    settings = ProjectionSettings("umap", 2, backend="cuml")
    gpu = project_table(table, settings)
    check = compare_with_cpu(table, gpu, settings, sample_size=1000)
    assert len(check.rows) == 117 and not np.isin([0, 1, 2], check.rows).any()
    assert 0.0 <= check.score <= 1.0 and 0.0 <= check.cpu_score <= 1.0


def test_arrays_cuml_hands_back_from_the_gpu_are_copied_to_the_host():
    from dashboard.maps.cuml import to_host

    class DeviceArray:  # what CuPy's ndarray offers: .get() copies to the host, no implicit conversion
        def __array__(self, *args, **kwargs):
            raise TypeError("Implicit conversion to a NumPy array is not allowed")

        def get(self):
            return np.arange(6, dtype=np.float32).reshape(3, 2)

    np.testing.assert_array_equal(to_host(DeviceArray()), np.arange(6).reshape(3, 2))
    host = np.zeros(2, np.float32)
    assert to_host(host) is host


def test_a_cluster_map_task_dispatches_on_the_backend(monkeypatch, tmp_path):
    """A map task on a Dask worker computes on the backend its settings name: a cuml fit goes to cuML (refused:
    CUDA_VISIBLE_DEVICES is empty here) instead of silently running umap-learn."""
    from dashboard.maps.tasks import compute_map, share_table

    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
    ref = share_table(_clustered(60), "cuml-dispatch", "token", tmp_path)
    with pytest.raises(BackendUnavailableError, match="the cuml backend is not available here"):
        compute_map(ref, ProjectionSettings("umap", 2, n_neighbors=5, backend="cuml"), str(tmp_path))
