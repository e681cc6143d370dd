"""2D and 3D projections of every row of a table (never a sample): PCA, UMAP and t-SNE, on a CPU or a GPU.

PCA: scikit-learn (:mod:`.pca`); UMAP: umap-learn (McInnes, Healy & Melville 2018; :mod:`.umap_fit`); t-SNE:
openTSNE (Poličar, Stražar & Zupan 2024; :mod:`.tsne`), both cosine from a PCA start; ``backend="cuml"`` runs PCA
and UMAP on RAPIDS cuML (:mod:`.cuml`). This module dispatches (:data:`PROJECTORS`; UMAP's, t-SNE's and cuML's
modules load at their first fit, so a page that shows maps imports no fitter but PCA's) and re-exports settings
and results for callers; :func:`import_in_background` starts importing a method's library while other work goes on.
"""

from __future__ import annotations

import importlib
import threading
from typing import Callable

import numpy as np

from dashboard import maps  # UMAP's, t-SNE's and cuML's fitters load on first use
from dashboard.maps.pca import fit_pca
from dashboard.maps.result import (DistinctRows, Projection, find_distinct_rows, find_fit_rows, find_umap_rows,
                                   fit_pca_with, rows_to_fit, spread_to_rows)
from dashboard.maps.settings import DIMS, METHODS, ProgressCallback, ProjectionSettings, SLOW_METHODS, library_versions


__all__ = [
    "DIMS", "METHODS", "PROJECTORS", "SLOW_METHODS", "DistinctRows", "ProgressCallback", "Projection",
    "ProjectionSettings", "find_distinct_rows", "find_fit_rows", "find_umap_rows", "import_in_background",
    "library_versions", "project_pca", "project_table", "rows_to_fit", "spread_to_rows",
]


def project_pca(table: np.ndarray, settings: ProjectionSettings,
                progress: ProgressCallback | None = None) -> Projection:
    """PCA of every row, centred on the mean row (solver: :func:`~dashboard.maps.pca.pca_solver`).

    ``table`` is ``(n_rows, d_model)`` float32; only ``settings.dims`` is used, and ``progress`` is not (PCA reports no
    stages). Returns ``(n_rows, dims)`` float32 coordinates and the fraction of variance each component explains.

    Raises:
        QueryError: fewer rows or columns than ``dims + 1`` / ``dims``.
    """
    return fit_pca_with(table, settings, lambda rows: fit_pca(rows, settings.dims))


#: Method name -> the function computing it on the CPU (t-SNE: :mod:`dashboard.maps.tsne`).
PROJECTORS: dict[str, Callable[..., Projection]] = {
    "pca": project_pca,
    "umap": lambda table, settings, progress=None: maps.project_umap(table, settings, progress),
    "tsne": lambda table, settings, progress=None: maps.project_tsne(table, settings, progress),
}


def project_table(table: np.ndarray, settings: ProjectionSettings,
                  progress: ProgressCallback | None = None) -> Projection:
    """Project every row of ``table`` with the method and backend ``settings`` name.

    Raises:
        QueryError: the table is too small for the settings.
        BackendUnavailableError: ``backend="cuml"`` where cuML or a CUDA device is not usable.
    """
    if settings.backend == "cuml":
        return maps.CUML_PROJECTORS[settings.method](table, settings, progress)
    return PROJECTORS[settings.method](table, settings, progress)


def import_in_background(module: str) -> threading.Thread:
    """Start importing ``module`` in a daemon thread and return it, so the import overlaps work outside the GIL. The
    caller's own ``import`` waits for it and raises any import error; a command that may end early joins it first."""
    def load() -> None:
        try:
            importlib.import_module(module)
        except Exception:  # raised again where the module is imported for use
            pass

    thread = threading.Thread(target=load, name=f"import-{module}", daemon=True)
    thread.start()
    return thread
