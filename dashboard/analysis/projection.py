"""2D and 3D projections of a whole table: PCA, UMAP and t-SNE.

Every row is projected, never a sample; what is drawn is decided later
(:mod:`dashboard.analysis.token_map`). Both methods are deterministic for a
given table and :class:`ProjectionSettings`, except UMAP asked to run unseeded.

- **PCA**: scikit-learn's exact ``PCA(svd_solver="covariance_eigh")``, which
  eigendecomposes the ``(d_model, d_model)`` covariance instead of taking the
  SVD of the ``(n_rows, d_model)`` table: the exact components, many times
  faster when ``n_rows >> d_model`` (docs/benchmarks.md). Its cost grows with
  ``n_rows * d_model**2``, so the largest tables (Gemma's, Llama 3's) get
  scikit-learn's seeded randomized solver (Halko, Martinsson & Tropp 2011) on
  the implicitly centred table, which never copies it: about half the exact
  solver's time, with the same axes on the benchmark tables
  (:mod:`dashboard.analysis.pca_solvers`). Signs are fixed by scikit-learn's
  ``svd_flip``.
- **UMAP**: umap-learn (McInnes, Healy & Melville 2018) with
  ``metric="cosine"``, ``init="pca"`` and, by default, a seed
  (:mod:`dashboard.analysis.umap_fit`). Seeded, umap-learn optimises on one
  thread and repeats its layout exactly; unseeded (``seed=None``), it uses
  every core (faster: docs/benchmarks.md), and each fit gives another layout.
  Cosine is undefined for an all-zero row, so those rows are not placed
  (their coordinates are NaN and the caller says so). Exact duplicate rows
  are fitted once and share their representative's point
  (:mod:`dashboard.analysis.projection_result`). The PCA start skips umap's
  spectral one, which on 30k rows costs more than the optimisation itself;
  on the largest tables (Llama 3's, Qwen2's, Gemma's) it is this project's
  PCA, given to umap-learn as ``init=`` (:mod:`dashboard.analysis.umap_init`).
- **On a GPU** (``backend="cuml"``): PCA and UMAP run through RAPIDS cuML
  with the same settings (:mod:`dashboard.analysis.cuml_projection`); which
  backends are usable here is :mod:`dashboard.analysis.backends`' answer.
- **t-SNE**: openTSNE (Poličar, Stražar & Zupan 2024) with ``metric="cosine"``,
  PCA initialisation and a seed, on the same distinct non-zero rows as UMAP
  (:mod:`dashboard.analysis.tsne`). Seeded, the layout repeats exactly.

What to compute is a :class:`~dashboard.analysis.projection_settings.ProjectionSettings`; the result, a
:class:`~dashboard.analysis.projection_result.Projection`, saves itself with ``np.savez`` and loads with
``allow_pickle=False`` (see :mod:`dashboard.projection_cache`). This module is the entry point: it dispatches to
the backend's projector (:data:`PROJECTORS`, :data:`~dashboard.analysis.cuml_projection.CUML_PROJECTORS`) and
names what the modules below it define, so callers import from one place.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from dashboard.analysis.cuml_projection import CUML_PROJECTORS
from dashboard.analysis.pca_solvers import fit_pca
from dashboard.analysis.projection_result import (
    DistinctRows,
    Projection,
    find_distinct_rows,
    find_fit_rows,
    find_umap_rows,
    fit_pca_with,
    rows_to_fit,
    spread_to_rows,
)
from dashboard.analysis.projection_settings import (
    DIMS,
    METHODS,
    SLOW_METHODS,
    ProgressCallback,
    ProjectionSettings,
    library_versions,
)
from dashboard.analysis.tsne import project_tsne
from dashboard.analysis.umap_fit import project_umap, warm_umap

__all__ = [
    "DIMS", "METHODS", "PROJECTORS", "SLOW_METHODS", "DistinctRows", "ProgressCallback", "Projection",
    "ProjectionSettings", "find_distinct_rows", "find_fit_rows", "find_umap_rows", "library_versions", "project_pca",
    "project_table", "project_tsne", "project_umap", "rows_to_fit", "spread_to_rows", "warm_umap",
]


def project_pca(table: np.ndarray, settings: ProjectionSettings,
                progress: ProgressCallback | None = None) -> Projection:
    """PCA of every row, centred on the mean row (solver: :func:`~dashboard.analysis.pca_solvers.pca_solver`).

    Args:
        table: ``(n_rows, d_model)`` float32.
        settings: ``method="pca"`` settings; only ``dims`` is used.
        progress: unused (PCA reports no stages, and takes seconds even on the largest tables); accepted so
            that every entry of :data:`PROJECTORS` is called the same way.

    Returns:
        Coordinates ``(n_rows, dims)`` float32 along the top principal
        components, with the fraction of variance each explains.

    Raises:
        QueryError: fewer rows or columns than ``dims + 1`` / ``dims``.
    """
    return fit_pca_with(table, settings, lambda rows: fit_pca(rows, settings.dims))


#: Method name -> the function computing it on the CPU (t-SNE: :mod:`dashboard.analysis.tsne`).
PROJECTORS: dict[str, Callable[..., Projection]] = {"pca": project_pca, "umap": project_umap, "tsne": project_tsne}


def project_table(table: np.ndarray, settings: ProjectionSettings,
                  progress: ProgressCallback | None = None) -> Projection:
    """Project every row of ``table`` with the method and backend ``settings`` name.

    Raises:
        QueryError: the table is too small for the settings.
        BackendUnavailableError: ``backend="cuml"`` where cuML or a CUDA device is not usable.
    """
    if settings.backend == "cuml":
        return CUML_PROJECTORS[settings.method](table, settings, progress)
    return PROJECTORS[settings.method](table, settings, progress)
