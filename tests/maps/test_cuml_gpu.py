"""RAPIDS cuML on a real GPU: PCA and UMAP of a few thousand clustered rows, as faithful as the CPU maps.

Runs only where cuML imports and sees a CUDA device; elsewhere (this project's
machines, which have no GPU) every test here is skipped, and the reason says why.
"""

import numpy as np
import pytest

from dashboard.maps.backends import cuml_status
from dashboard.maps.manifest import compare_with_cpu
from dashboard.maps.projection import ProjectionSettings, project_table

_STATUS = cuml_status()
pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(not _STATUS.available,
                       reason=f"RAPIDS cuML not importable: no GPU machine ({_STATUS.reason})"),
]

#: The trustworthiness a cuML map may lose against the CPU map of the same settings (issue 18, part 6).
TOLERANCE = 0.01


@pytest.fixture(scope="module")
def clustered():
    """4,000 rows of 64 dimensions in 32 clusters, with 20 duplicate and 5 all-zero rows."""
    rng = np.random.default_rng(0)
    centres = rng.normal(size=(32, 64)) * 3
    table = (centres[rng.integers(0, 32, 4000)] + rng.normal(size=(4000, 64))).astype(np.float32)
    table[100:120] = table[0]
    table[200:205] = 0.0
    return table


def test_pca_on_the_gpu_is_the_cpu_map(clustered):
    settings = ProjectionSettings("pca", 2, backend="cuml")
    gpu = project_table(clustered, settings)
    cpu = project_table(clustered, ProjectionSettings("pca", 2))
    assert gpu.backend == "cuml" and "cuml" in gpu.versions
    scale = np.abs(cpu.coords).max()
    np.testing.assert_allclose(gpu.coords, cpu.coords, atol=1e-3 * scale)  # same axes, same signs
    check = compare_with_cpu(clustered, gpu, settings, cpu_projection=cpu)
    assert abs(check.difference) <= TOLERANCE


@pytest.mark.parametrize("dims", [2, 3])
def test_umap_on_the_gpu_is_as_trustworthy_as_on_the_cpu(clustered, dims):
    settings = ProjectionSettings("umap", dims, seed=0, backend="cuml")
    gpu = project_table(clustered, settings)
    assert gpu.backend == "cuml" and gpu.coords.shape == (4000, dims)
    assert np.isnan(gpu.coords[200:205]).all() and gpu.n_placed == 3995
    np.testing.assert_array_equal(gpu.coords[100:120], np.repeat(gpu.coords[:1], 20, axis=0))
    check = compare_with_cpu(clustered, gpu, settings, sample_size=2000)
    assert abs(check.difference) <= TOLERANCE, (check.score, check.cpu_score)


def test_seeded_umap_on_the_gpu_repeats_its_layout(clustered):
    settings = ProjectionSettings("umap", 2, seed=7, backend="cuml")
    first = project_table(clustered[:1500], settings)
    second = project_table(clustered[:1500], settings)
    np.testing.assert_allclose(first.coords, second.coords, atol=1e-4, equal_nan=True)
