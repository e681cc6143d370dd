"""Is a GPU map as faithful as the CPU map? Trustworthiness of both on the same seeded sample of rows.

Trustworthiness (Venna & Kaski 2001; ``sklearn.manifold.trustworthiness``) is in [0, 1]: 1 when every point's
``k`` nearest neighbours on the map are among its nearest in the table (cosine). scikit-learn builds an
``(n, n)`` distance matrix, so it runs on a seeded sample, the same rows for both maps.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from dashboard.maps.projection import Projection, ProjectionSettings, project_table
from dashboard.errors import QueryError
from dashboard.i18n import msg

#: Rows of the seeded sample.
SAMPLE_ROWS = 5_000
#: Neighbours each point's are compared over.
TRUST_K = 10


@dataclass(frozen=True)
class TrustworthinessCheck:
    """Trustworthiness, in [0, 1], of one backend's map and of the CPU map, on one sample of rows.

    ``score``: the checked map's (``backend``, e.g. ``cuml``); ``cpu_score``: the CPU map's, same settings;
    ``rows``: ``(n_sample,)`` int64 0-based, ascending; ``n_neighbors``: ``k``.
    """

    backend: str
    score: float
    cpu_score: float
    rows: np.ndarray
    n_neighbors: int

    @property
    def difference(self) -> float:
        """``score - cpu_score``: negative when the checked map keeps fewer neighbourhoods than the CPU's."""
        return self.score - self.cpu_score


def sample_rows(placed: np.ndarray, size: int, seed: int) -> np.ndarray:
    """Up to ``size`` (>= 1) rows drawn uniformly where ``placed`` (``(n_rows,)`` bool) is true, seeded.

    ``(min(size, placed.sum()),)`` int64 row indices, ascending, without replacement (``default_rng(seed)``).
    """
    candidates = np.flatnonzero(placed)
    if len(candidates) <= size:
        return candidates
    return np.sort(np.random.default_rng(seed).choice(candidates, size, replace=False))


def trustworthiness_on(table: np.ndarray, coords: np.ndarray, rows: np.ndarray, n_neighbors: int) -> float:
    """scikit-learn's trustworthiness, in [0, 1], of ``coords`` for ``table`` on ``rows``, cosine in the table.

    ``table`` is ``(n_rows, d_model)`` float32 and ``coords`` ``(n_rows, dims)`` float32; every one of ``rows`` is
    placed; ``n_neighbors`` is less than half of ``len(rows)``.
    """
    from sklearn.manifold import trustworthiness

    return float(trustworthiness(table[rows], coords[rows], n_neighbors=n_neighbors, metric="cosine"))


def compare_with_cpu(table: np.ndarray, projection: Projection, settings: ProjectionSettings, *,
                     cpu_projection: Projection | None = None, sample_size: int = SAMPLE_ROWS,
                     n_neighbors: int = TRUST_K, seed: int = 0, compute=project_table) -> TrustworthinessCheck:
    """Trustworthiness of ``projection`` (computed with ``settings``) and of the CPU map of the same settings.

    ``table`` is ``(n_rows, d_model)`` float32; ``cpu_projection`` the CPU map if already computed, else ``compute``
    makes it. Both are measured on one seeded sample of ``sample_size`` (>= 3) rows placed on both maps (an all-zero
    row is on neither UMAP map), ``n_neighbors`` lowered below half the sample.

    Raises:
        QueryError: fewer than 3 rows are placed on both maps, or the maps are of another size than ``table``.
    """
    cpu_settings = dataclasses.replace(settings, backend="cpu")
    cpu = cpu_projection if cpu_projection is not None else compute(table, cpu_settings, None)
    if projection.n_rows != len(table) or cpu.n_rows != len(table):
        raise QueryError(msg("err.backend_check.size", rows=len(table), checked=projection.n_rows, cpu=cpu.n_rows))
    placed = np.isfinite(projection.coords).all(axis=1) & np.isfinite(cpu.coords).all(axis=1)
    rows = sample_rows(placed, sample_size, seed)
    if len(rows) < 3:
        raise QueryError(msg("err.backend_check.too_few", count=len(rows)))
    k = max(1, min(n_neighbors, (len(rows) - 1) // 2))
    return TrustworthinessCheck(backend=projection.backend,
                                score=trustworthiness_on(table, projection.coords, rows, k),
                                cpu_score=trustworthiness_on(table, cpu.coords, rows, k), rows=rows, n_neighbors=k)
