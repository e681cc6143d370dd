"""A stand-in ``cuml`` package for machines without a GPU: PCA and UMAP that record what they were given.

It wraps scikit-learn's PCA and umap-learn's UMAP, so the maps it returns are
real maps, and it returns PCA with every component's sign flipped (a
convention cuML may well differ from scikit-learn in), so the sign fixing in
:mod:`dashboard.maps.cuml` is exercised. It proves our settings
reach cuML's constructors and ``fit_transform`` exactly; it proves nothing
about cuML itself (tests/maps/test_cuml_gpu.py does, where a GPU exists).
"""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass, field

import numpy as np

from dashboard.maps import backends


@dataclass
class FakeCuml:
    """What the fake was asked: one ``(class name, constructor kwargs, fit input)`` per fit."""

    version: str
    calls: list[tuple[str, dict, np.ndarray]] = field(default_factory=list)
    #: Each fit's input as given (``calls`` holds a copy): a :class:`DeviceArray` where our code copied the table to
    #: the "GPU" first.
    inputs: list = field(default_factory=list)


class DeviceArray(np.ndarray):
    """What the fake ``cupy.asarray`` returns: a NumPy array marked as copied to the GPU."""


def install_fake_cuml(monkeypatch, version: str = "99.1.0") -> FakeCuml:
    """Put a fake ``cuml`` (and ``cuml.decomposition``, ``cuml.manifold``, ``cupy``) in ``sys.modules``, a GPU seen,
    for one test.

    The caller clears :func:`~dashboard.maps.backends.cuml_status`'s memory after the test
    (:func:`forget_backend_status`), as the modules are taken out again.
    """
    record = FakeCuml(version)

    class PCA:
        def __init__(self, *, n_components, svd_solver, output_type):
            self.kwargs = {"n_components": n_components, "svd_solver": svd_solver, "output_type": output_type}

        def fit_transform(self, X):
            from sklearn.decomposition import PCA as SkPCA

            record.calls.append(("PCA", self.kwargs, np.array(X)))
            record.inputs.append(X)
            assert self.kwargs["svd_solver"] == "full"  # cuML's covariance eigendecomposition
            pca = SkPCA(n_components=self.kwargs["n_components"], svd_solver="covariance_eigh")
            coords = pca.fit_transform(X)
            self.components_ = -pca.components_
            self.explained_variance_ratio_ = pca.explained_variance_ratio_
            return -coords

    class UMAP:
        def __init__(self, *, n_components, metric, init, random_state, n_neighbors, min_dist, output_type):
            self.kwargs = {"n_components": n_components, "metric": metric, "init": init, "random_state": random_state,
                           "n_neighbors": n_neighbors, "min_dist": min_dist, "output_type": output_type}

        def fit_transform(self, X):
            import umap

            record.calls.append(("UMAP", self.kwargs, np.array(X)))
            record.inputs.append(X)
            kwargs = {k: v for k, v in self.kwargs.items() if k != "output_type"}
            jobs = 1 if kwargs["random_state"] is not None else -1  # umap-learn forces 1 when seeded, with a warning
            return umap.UMAP(**kwargs, n_epochs=50, n_jobs=jobs).fit_transform(X)

    package = types.ModuleType("cuml")
    package.__version__ = version
    decomposition = types.ModuleType("cuml.decomposition")
    decomposition.PCA = PCA
    manifold = types.ModuleType("cuml.manifold")
    manifold.UMAP = UMAP
    package.decomposition, package.manifold = decomposition, manifold
    cupy = types.ModuleType("cupy")
    cupy.asarray = lambda array: np.asarray(array).view(DeviceArray)
    for name, module in {"cuml": package, "cuml.decomposition": decomposition, "cuml.manifold": manifold,
                         "cupy": cupy}.items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(backends, "_count_cuda_devices", lambda: 1)
    backends.cuml_status.cache_clear()
    return record


def forget_backend_status() -> None:
    """Drop the remembered cuML status, so the next check looks again (after a test changed ``sys.modules``)."""
    backends.cuml_status.cache_clear()
