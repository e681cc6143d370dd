"""PCA and UMAP of a whole table on an NVIDIA GPU with RAPIDS cuML, with the CPU path's settings and row handling.

References: cuML's API documentation for ``cuml.decomposition.PCA`` and
``cuml.manifold.UMAP`` (docs.rapids.ai/api/cuml); Nolet et al. (2021),
"Bringing UMAP Closer to the Speed of Light with GPU Acceleration" (AAAI).

- **PCA**: ``PCA(n_components=dims, svd_solver="full")``: cuML's "full"
  solver eigendecomposes the ``(d_model, d_model)`` covariance, the same
  computation as scikit-learn's ``covariance_eigh``, which the CPU uses for
  all but the largest and the shortest tables (those get a seeded randomized
  solver or the full SVD: :mod:`dashboard.analysis.pca_solvers`). Signs are
  then fixed as scikit-learn's ``svd_flip(u_based_decision=False)`` fixes
  them (the largest-magnitude entry of each component positive), so the two
  backends draw the same map the same way round.
- **UMAP**: ``UMAP(n_components, n_neighbors, min_dist, metric="cosine",
  random_state=seed, init="spectral")`` on each distinct non-zero row once
  (:func:`~dashboard.analysis.projection_result.find_umap_rows`), spread back to
  every row as on the CPU. cuML computes cosine with an exact (brute-force)
  neighbour search when seeded, and from 50,000 rows unseeded with NN-descent
  (its ``build_algo="auto"``). ``init`` differs from the CPU's ``"pca"``:
  cuML releases before 26.02 take only ``"spectral"`` or ``"random"``, and
  the CPU path uses PCA only because umap-learn's spectral start is slow on a
  CPU; the two maps are compared by trustworthiness instead
  (:mod:`dashboard.analysis.backend_check`). ``n_epochs`` is left to both
  libraries, which choose 500 for small tables and 200 for large ones. Seeded, cuML
  repeats its layout ("reproducible embeddings, but at the cost of slower
  training", its documentation); unseeded it does not.

cuML returns NumPy arrays here (``output_type="numpy"``); the table is
copied to the GPU once per fit (for PCA by us: :func:`to_device`). Nothing
here runs on a machine without cuML:
:func:`~dashboard.analysis.backends.require_backend` is called first, so the
error says why and what to do.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from dashboard.analysis.backends import require_backend
from dashboard.analysis.projection_result import (
    Projection,
    find_umap_rows,
    fit_pca_with,
    rows_to_fit,
    umap_projection,
)
from dashboard.analysis.projection_settings import ProgressCallback, ProjectionSettings
from dashboard.i18n import msg


def to_device(rows: np.ndarray) -> Any:
    """``rows`` as a C-ordered float32 CuPy array on the GPU: one copy, made before cuML sees the table.

    Given a NumPy array, cuML 26.10 converts it with ``cupy.array`` inside every call that takes it (``fit`` and
    ``transform``): on a 256,000 x 2,304 table those conversions were nearly all of the PCA's time, one copy made
    here a fraction of it (docs/benchmarks.md, ``cuml``). Used for PCA; UMAP keeps its NumPy input, as its
    benchmark ran.

    Args:
        rows: ``(n_rows, d_model)`` table rows, any real dtype (converted to float32).
    """
    import cupy

    return cupy.asarray(np.ascontiguousarray(rows, dtype=np.float32))


def to_host(array: Any) -> np.ndarray:
    """``array`` as a NumPy array: as is when it already is one (``output_type="numpy"``), copied from the GPU
    when cuML handed back a CuPy array (``.get()``) or a cuDF object (``.to_numpy()``)."""
    if isinstance(array, np.ndarray):
        return array
    for method in ("get", "to_numpy"):
        if callable(getattr(array, method, None)):
            return np.asarray(getattr(array, method)())
    return np.asarray(array)


def flip_signs(coords: np.ndarray, components: np.ndarray) -> np.ndarray:
    """Coordinates with scikit-learn's sign convention: each component's largest-magnitude entry positive.

    Args:
        coords: ``(n_rows, dims)`` float32 along ``components``.
        components: ``(dims, d_model)`` the principal axes the coordinates are along.

    Returns:
        ``(n_rows, dims)`` float32, columns negated where the component's largest-magnitude entry was negative
        (scikit-learn's ``svd_flip`` with ``u_based_decision=False``).
    """
    components = np.asarray(components)
    largest = components[np.arange(len(components)), np.abs(components).argmax(axis=1)]
    signs = np.where(largest < 0, -1.0, 1.0).astype(np.float32)
    return (np.asarray(coords, dtype=np.float32) * signs).astype(np.float32)


def project_pca_cuml(table: np.ndarray, settings: ProjectionSettings,
                     progress: ProgressCallback | None = None) -> Projection:
    """PCA of every row on the GPU with cuML, centred on the mean row (see the module docstring).

    Args:
        table: ``(n_rows, d_model)`` float32.
        settings: ``method="pca"``, ``backend="cuml"`` settings; only ``dims`` is used.
        progress: unused (accepted so that every projector is called the same way).

    Returns:
        Coordinates ``(n_rows, dims)`` float32 and the fraction of variance each component explains;
        ``backend="cuml"``.

    Raises:
        BackendUnavailableError: cuML or a CUDA device is not usable here.
        QueryError: fewer rows or columns than ``dims + 1`` / ``dims``.
    """
    require_backend("cuml")
    from cuml.decomposition import PCA

    def fit(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        pca = PCA(**settings.parameters(), output_type="numpy")
        coords = to_host(pca.fit_transform(to_device(rows)))
        return flip_signs(coords, to_host(pca.components_)), to_host(pca.explained_variance_ratio_)

    return fit_pca_with(table, settings, fit)


def project_umap_cuml(table: np.ndarray, settings: ProjectionSettings,
                      progress: ProgressCallback | None = None) -> Projection:
    """Cosine UMAP of every distinct non-zero row on the GPU with cuML; copies share their first row's point.

    Args:
        table: ``(n_rows, d_model)`` float32.
        settings: ``method="umap"``, ``backend="cuml"`` settings.
        progress: called with 0.0 and ``projection.stage.cuml`` when the fit starts (cuML reports nothing while it
            runs) and with 1.0 and ``projection.stage.done`` at the end.

    Returns:
        Coordinates ``(n_rows, dims)`` float32; NaN for all-zero rows; ``backend="cuml"``.

    Raises:
        BackendUnavailableError: cuML or a CUDA device is not usable here.
        QueryError: too few distinct non-zero rows for ``n_neighbors``.
    """
    require_backend("cuml")
    from cuml.manifold import UMAP

    report = progress or (lambda fraction, label: None)
    distinct, fit_rows = find_umap_rows(table, settings)
    report(0.0, msg("projection.stage.cuml", count=len(fit_rows)))
    reducer = UMAP(**settings.parameters(), output_type="numpy")
    fitted = reducer.fit_transform(np.ascontiguousarray(rows_to_fit(table, fit_rows), dtype=np.float32))
    report(1.0, msg("projection.stage.done"))
    return umap_projection(to_host(fitted).astype(np.float32), fit_rows, distinct, settings,
                           msg("projection.note.cuml_unseeded"))


#: Method name -> the function computing it with cuML (t-SNE has none: see :mod:`dashboard.analysis.backends`).
CUML_PROJECTORS: dict[str, Callable[..., Projection]] = {"pca": project_pca_cuml, "umap": project_umap_cuml}
