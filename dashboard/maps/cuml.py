"""PCA and UMAP of a whole table on an NVIDIA GPU with RAPIDS cuML, with the CPU path's settings and row handling.

References: cuML's ``cuml.decomposition.PCA`` and ``cuml.manifold.UMAP`` (docs.rapids.ai/api/cuml); Nolet et al.
(2021, AAAI) on GPU UMAP. PCA: ``svd_solver="full"`` (the covariance's eigendecomposition, as scikit-learn's
``covariance_eigh``) with scikit-learn's signs, so both backends draw the map the same way round. UMAP:
``init="spectral"`` (cuML before 26.02 takes only ``"spectral"`` or ``"random"``); seeded, cuML repeats its layout.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from dashboard.i18n import msg
from dashboard.maps.backends import require_backend
from dashboard.maps.result import (
    Projection,
    find_umap_rows,
    fit_pca_with,
    rows_to_fit,
    umap_projection,
)
from dashboard.maps.settings import ProgressCallback, ProjectionSettings


def to_device(rows: np.ndarray) -> Any:
    """``rows`` (``(n_rows, d_model)``, any real dtype) as a C-ordered float32 CuPy array on the GPU.

    One copy, where cuML would convert a NumPy array inside each of ``fit`` and ``transform``.
    """
    import cupy

    return cupy.asarray(np.ascontiguousarray(rows, dtype=np.float32))


def to_host(array: Any) -> np.ndarray:
    """``array`` as a NumPy array, copied from the GPU when it is CuPy (``.get()``) or cuDF (``.to_numpy()``)."""
    if isinstance(array, np.ndarray):
        return array
    for method in ("get", "to_numpy"):
        if callable(getattr(array, method, None)):
            return np.asarray(getattr(array, method)())
    return np.asarray(array)


def flip_signs(coords: np.ndarray, components: np.ndarray) -> np.ndarray:
    """Coordinates in scikit-learn's sign convention: each component's largest-magnitude entry positive.

    As ``svd_flip(u_based_decision=False)``: ``coords`` ``(n_rows, dims)`` along ``components`` ``(dims, d_model)`` ->
    ``(n_rows, dims)`` float32.
    """
    components = np.asarray(components)
    largest = components[np.arange(len(components)), np.abs(components).argmax(axis=1)]
    signs = np.where(largest < 0, -1.0, 1.0).astype(np.float32)
    return (np.asarray(coords, dtype=np.float32) * signs).astype(np.float32)


def project_pca_cuml(table: np.ndarray, settings: ProjectionSettings,
                     progress: ProgressCallback | None = None) -> Projection:
    """PCA of every row on the GPU with cuML, centred on the mean row (``progress`` unused).

    ``(n_rows, d_model)`` float32 ``table`` -> ``(n_rows, dims)`` float32 and each component's variance fraction.

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

    ``(n_rows, d_model)`` float32 ``table`` -> ``(n_rows, dims)`` float32, NaN for all-zero rows; ``progress`` hears
    0.0 as the fit starts (cuML reports nothing while it runs) and 1.0 at the end.

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


#: Method name -> the function computing it with cuML (t-SNE has none: see :mod:`dashboard.maps.backends`).
CUML_PROJECTORS: dict[str, Callable[..., Projection]] = {"pca": project_pca_cuml, "umap": project_umap_cuml}
