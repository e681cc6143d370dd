"""What a projection computes (:class:`ProjectionSettings`), and the arguments each library gets for it.

:data:`PARAMETERS` turns settings into library arguments by backend and method; those arguments and
:func:`library_versions` are what a result depends on, so the projection cache's key holds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import version
from typing import Any, Callable

import numpy as np

from dashboard.errors import QueryError
from dashboard.i18n import msg
from dashboard.maps.backends import BACKEND_METHODS, BACKENDS
from dashboard.maps.pca import EXACT_PCA, pca_solver

#: Method name -> what the caption calls it.
METHODS = {"pca": "PCA", "umap": "UMAP", "tsne": "t-SNE"}
#: Methods that take long enough on a large table to run in the background (the page shows PCA meanwhile).
SLOW_METHODS = ("umap", "tsne")
DIMS = (2, 3)

#: Called with (fraction done in [0, 1], what is happening now: a catalogue message); may raise
#: :class:`FitCancelledError` to stop a t-SNE fit.
ProgressCallback = Callable[[float, str], None]


class FitCancelledError(RuntimeError):
    """A fit was stopped before it finished: nobody waits for it any more (its progress callback raised it)."""

#: openTSNE's two optimisation phases, in iterations (its defaults).
EARLY_EXAGGERATION_ITER = 250
N_ITER = 500
#: Threads of a seeded t-SNE, fixed: openTSNE repeats a seeded layout only for the same number of threads.
SEEDED_THREADS = 2


@dataclass(frozen=True)
class ProjectionSettings:
    """What to compute; only the chosen method's parameters matter.

    Attributes:
        method, dims: ``pca``, ``umap`` or ``tsne``; 2 or 3 output coordinates.
        seed: UMAP's and t-SNE's ``random_state``, in [0, 2**32 - 1]; ``None`` runs unseeded: on every core, faster,
            another layout each fit. PCA needs none (exact, or seeded with 0: :mod:`~dashboard.maps.pca`).
        n_neighbors, min_dist: UMAP's neighbourhood size, >= 2 (larger keeps more global structure), and minimum
            distance between output points, in [0, 1]; ``perplexity``: t-SNE's effective neighbours, in [2, 100].
        backend: ``cpu`` (scikit-learn, umap-learn, openTSNE) or ``cuml`` (RAPIDS cuML on a GPU; PCA and UMAP only);
            in the cache key only for ``cuml``.

    Raises:
        QueryError: a value outside the ranges above, or a method the backend does not compute.
    """

    method: str = "pca"
    dims: int = 2
    seed: int | None = 0
    n_neighbors: int = 15
    min_dist: float = 0.1
    perplexity: float = 30.0
    backend: str = "cpu"

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise QueryError(msg("err.projection.unknown_method", method=repr(self.method),
                                 choices=", ".join(METHODS)))
        if self.dims not in DIMS:
            raise QueryError(msg("err.projection.dims", dims=self.dims))
        if self.n_neighbors < 2:
            raise QueryError(msg("err.projection.n_neighbors", n_neighbors=self.n_neighbors))
        if not 0.0 <= self.min_dist <= 1.0:
            raise QueryError(msg("err.projection.min_dist", min_dist=self.min_dist))
        if not 2.0 <= self.perplexity <= 100.0:
            raise QueryError(msg("err.projection.perplexity", perplexity=self.perplexity))
        if self.seed is not None and not 0 <= self.seed < 2**32:
            raise QueryError(msg("err.projection.seed", seed=self.seed))
        if self.backend not in BACKENDS:
            raise QueryError(msg("err.backends.unknown", backend=repr(self.backend), choices=", ".join(BACKENDS)))
        if self.method not in BACKEND_METHODS[self.backend]:
            raise QueryError(msg("err.backends.method", method=METHODS[self.method], backend=self.backend,
                                 choices=", ".join(METHODS[m] for m in BACKEND_METHODS[self.backend])))

    @property
    def seeded(self) -> bool:
        """Whether a UMAP with these settings repeats its layout exactly."""
        return self.seed is not None

    def parameters(self, shape: tuple[int, int] | None = None) -> dict[str, Any]:
        """The parameters that change the result, as passed to the library (:data:`PARAMETERS`).

        ``shape`` (``(n_rows, d_model)``) picks a CPU PCA's solver (:func:`~dashboard.maps.pca.pca_solver`); ``None``
        gives the ``covariance_eigh`` parameters, which cache keys hold for every size (the table hash fixes the
        solver).
        """
        return PARAMETERS[self.backend, self.method](self, shape)


def _cpu_pca(settings: ProjectionSettings, shape: tuple[int, int] | None) -> dict[str, Any]:
    return {"n_components": settings.dims, **(EXACT_PCA if shape is None else pca_solver(*shape))}


def _cpu_umap(settings: ProjectionSettings, shape: tuple[int, int] | None) -> dict[str, Any]:
    # "pca" names the start even where this project computes it (dashboard.maps.umap_fit): the same PCA.
    return {"n_components": settings.dims, "metric": "cosine", "init": "pca", "random_state": settings.seed,
            "n_neighbors": settings.n_neighbors, "min_dist": settings.min_dist}


def tsne_parameters(settings: ProjectionSettings, shape: tuple[int, int] | None = None) -> dict[str, Any]:
    """The openTSNE ``TSNE`` arguments that change the result (the cache key holds them)."""
    return {"n_components": settings.dims, "perplexity": float(settings.perplexity), "metric": "cosine",
            "initialization": "pca", "random_state": settings.seed,
            "negative_gradient_method": "auto" if settings.dims == 2 else "bh",
            "early_exaggeration_iter": EARLY_EXAGGERATION_ITER, "n_iter": N_ITER, "learning_rate": "auto",
            "n_jobs": SEEDED_THREADS if settings.seeded else -1}


def _cuml_pca(settings: ProjectionSettings, shape: tuple[int, int] | None) -> dict[str, Any]:
    return {"n_components": settings.dims, "svd_solver": "full"}


def _cuml_umap(settings: ProjectionSettings, shape: tuple[int, int] | None) -> dict[str, Any]:
    # cuML releases before 26.02 take only "spectral" or "random" (dashboard.maps.cuml).
    return {"n_components": settings.dims, "metric": "cosine", "init": "spectral", "random_state": settings.seed,
            "n_neighbors": settings.n_neighbors, "min_dist": settings.min_dist}


#: (backend, method) -> its library's arguments for given settings and table shape.
PARAMETERS: dict[tuple[str, str], Callable[[ProjectionSettings, tuple[int, int] | None], dict[str, Any]]] = {
    ("cpu", "pca"): _cpu_pca, ("cpu", "umap"): _cpu_umap, ("cpu", "tsne"): tsne_parameters,
    ("cuml", "pca"): _cuml_pca, ("cuml", "umap"): _cuml_umap,
}


def library_versions(method: str, backend: str = "cpu") -> dict[str, str]:
    """Versions of the libraries a method's result depends on, on ``backend`` (``cpu`` or ``cuml``).

    Raises:
        ImportError: ``backend="cuml"`` where cuML is not importable (its version is read from the module).
    """
    if backend == "cuml":
        return cuml_versions()
    extra = {"umap": ["umap-learn", "pynndescent", "numba"], "tsne": ["openTSNE"]}.get(method, [])
    names = ["numpy", "scikit-learn"] + extra
    return {name: version(name) for name in names}


def cuml_versions() -> dict[str, str]:
    """NumPy's and cuML's versions (the wheel is ``cuml-cu12`` or ``cuml-cu13``, the module ``cuml``).

    Raises:
        ImportError: cuML is not importable.
    """
    import cuml  # heavy and absent on most machines: imported only for a cuML map

    return {"numpy": np.__version__, "cuml": str(cuml.__version__)}
