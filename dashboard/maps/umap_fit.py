"""Cosine UMAP of a whole table with umap-learn, through its public interface, with progress per epoch batch.

Reference: McInnes, Healy & Melville (2018), "UMAP: Uniform Manifold Approximation and Projection for Dimension
Reduction". Seeded, umap-learn runs on one thread and repeats its layout; unseeded it uses every core and each fit
differs (lmcinnes/umap#298). The largest tables start from this project's PCA, given as ``init=``
(:func:`pca_initialisation`).
"""

from __future__ import annotations

import io
import re

import numpy as np

from dashboard.i18n import msg
from dashboard.maps import pca as pca_solvers
from dashboard.maps.result import Projection, find_umap_rows, rows_to_fit, umap_projection
from dashboard.maps.settings import ProgressCallback, ProjectionSettings


class _EpochSink(io.TextIOBase):
    """A file for umap-learn's tqdm bar, turning ``{n}/{total}`` writes into progress calls.

    Must not raise: tqdm writes holding its process-wide lock, released only on a normal return.
    """

    _COUNT = re.compile(r"(\d+)/(\d+)")

    def __init__(self, progress: ProgressCallback) -> None:
        self._progress = progress

    def write(self, text: str) -> int:
        found = self._COUNT.findall(text)
        if found:
            done, total = map(int, found[-1])
            self._progress(done / max(total, 1), msg("projection.stage.epoch", done=done, total=total))
        return len(text)

    def flush(self) -> None:
        pass


def project_umap(table: np.ndarray, settings: ProjectionSettings,
                 progress: ProgressCallback | None = None) -> Projection:
    """Cosine UMAP of every distinct non-zero row, seeded unless ``settings.seed`` is ``None``.

    ``table`` is ``(n_rows, d_model)`` float32; returns ``(n_rows, dims)`` float32 coordinates, NaN for all-zero rows,
    duplicates sharing their first copy's. ``progress`` hears each part as it starts, by label key:
    ``projection.stage.pca_start`` (largest tables), ``.graph`` (neighbour graph and start, unreported), ``.epoch``
    (each epoch batch umap-learn's tqdm bar counts) and ``.done``.

    Raises:
        QueryError: too few distinct non-zero rows for ``n_neighbors``.
    """
    import numba
    import umap

    report = progress or (lambda fraction, label: None)
    distinct, fit_rows = find_umap_rows(table, settings)
    rows = rows_to_fit(table, fit_rows)
    count, parameters = len(fit_rows), settings.parameters()
    if replaces_umap_pca(count, table.shape[1], settings.dims):
        report(0.0, msg("projection.stage.pca_start", count=count))
        start = pca_initialisation(np.asarray(rows, dtype=np.float32), settings.dims,
                                   np.random.RandomState(settings.seed))
        parameters = {**parameters, "init": start}
    report(0.0, msg("projection.stage.graph", n_neighbors=settings.n_neighbors, count=count))
    reducer = umap.UMAP(
        **parameters,
        n_jobs=1 if settings.seeded else -1,  # umap forces 1 when seeded; saying so avoids its warning
        tqdm_kwds={"disable": False, "file": _EpochSink(report), "bar_format": "{n}/{total}", "mininterval": 0.25},
    )
    threads = numba.get_num_threads()
    try:
        fitted = reducer.fit_transform(rows).astype(np.float32)
    finally:
        numba.set_num_threads(threads)  # a seeded fit sets numba to 1 thread for the calling thread; undo it
    report(1.0, msg("projection.stage.done"))
    return umap_projection(fitted, fit_rows, distinct, settings, msg("projection.note.unseeded"))


def warm_umap() -> None:
    """Compile umap-learn's numba code once, on throwaway data.

    4,500 rows exceed umap's 4,096-row threshold for exact neighbours, so pynndescent compiles; 300 rows take the
    exact branch; the seeded and unseeded optimisers both compile.
    """
    import numba
    import umap

    rows = np.random.default_rng(0).standard_normal((4500, 8)).astype(np.float32)
    threads = numba.get_num_threads()
    try:
        umap.UMAP(metric="cosine", init="pca", random_state=0, n_jobs=1, n_epochs=2).fit_transform(rows)
        umap.UMAP(metric="cosine", init="pca", random_state=0, n_jobs=1, n_epochs=2).fit_transform(rows[:300])
    finally:
        numba.set_num_threads(threads)
    umap.UMAP(metric="cosine", init="pca", n_epochs=2).fit_transform(rows)


#: umap-learn's own scale and noise for a PCA initialisation (``umap_.simplicial_set_embedding``).
MAX_COORD, NOISE = 10.0, 0.0001


def pca_initialisation(data: np.ndarray, n_components: int, random_state: np.random.RandomState) -> np.ndarray:
    """The starting layout umap-learn's ``init="pca"`` gives, with our ``fit_pca`` as the PCA.

    ``data`` is ``(n_rows, d_model)`` float32; ``random_state`` draws ``n_rows * n_components`` normals, as umap-learn
    draws them from the fit's. Returns ``(n_rows, n_components)`` float32 scaled to a largest absolute coordinate of
    10, plus normal noise of standard deviation 0.0001.
    """
    from umap.umap_ import noisy_scale_coords

    coords, _ = pca_solvers.fit_pca(data, n_components)
    return noisy_scale_coords(coords, random_state, max_coord=MAX_COORD, noise=NOISE)


def replaces_umap_pca(n_rows: int, d_model: int, n_components: int) -> bool:
    """Whether a fit of an ``(n_rows, d_model)`` table starts from :func:`pca_initialisation` (module docstring).

    scikit-learn's ``auto`` rule is ``PCA._fit``'s (``sklearn/decomposition/_pca.py``, 1.5 and later):
    ``covariance_eigh`` for at most 1,000 columns and at least 10 rows a column, else ``full`` up to 500 of both,
    else ``randomized`` for fewer components than 0.8 x ``min(n_rows, d_model)``.
    """
    sklearn_randomized = (not (d_model <= 1000 and n_rows >= 10 * d_model) and max(n_rows, d_model) > 500
                          and n_components < 0.8 * min(n_rows, d_model))
    return sklearn_randomized and pca_solvers.pca_solver(n_rows, d_model)["svd_solver"] == "randomized"
