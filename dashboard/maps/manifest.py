"""How faithful a map is, and the manifest that says so: ``<map>.json`` beside each map ``precompute`` writes.

Trustworthiness (Venna & Kaski 2001, cosine in the table) on a seeded sample of placed rows, ``k`` =
:data:`TRUST_K`: :data:`MANIFEST_SAMPLE_ROWS` for a manifest, :data:`SAMPLE_ROWS` when a GPU map is checked
against the CPU map of the same table (:func:`compare_with_cpu`).
"""

from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from dashboard.disk_cache import write_atomically
from dashboard.errors import QueryError
from dashboard.i18n import msg
from dashboard.maps.projection import Projection, ProjectionSettings, project_table

#: Rows of the seeded sample a manifest's trustworthiness is measured on (neighbours: :data:`TRUST_K`).
MANIFEST_SAMPLE_ROWS = 2_000


def manifest_path(map_file: Path) -> Path:
    """``<map>.json`` beside the map's ``.npz``."""
    return map_file.with_suffix(".json")


def trustworthiness_record(table: np.ndarray, projection: Projection, seed: int = 0) -> dict[str, Any] | None:
    """``{"score", "k", "rows", "seed"}``: trustworthiness in [0, 1] of ``projection`` for ``table``.

    On up to :data:`MANIFEST_SAMPLE_ROWS` placed rows drawn with ``seed`` (``table``: ``(n_rows, d_model)`` float32);
    ``None`` when fewer than 3 rows are placed.
    """
    placed = np.isfinite(projection.coords).all(axis=1)
    rows = sample_rows(placed, MANIFEST_SAMPLE_ROWS, seed)
    if len(rows) < 3:
        return None
    k = max(1, min(TRUST_K, (len(rows) - 1) // 2))
    score = trustworthiness_on(np.asarray(table, dtype=np.float32), projection.coords, rows, k)
    return {"score": round(score, 6), "k": k, "rows": int(len(rows)), "seed": seed}


def write_manifest(map_file: Path, *, source: str, table_name: str, content_hash: str, settings: ProjectionSettings,
                   projection: Projection, table: np.ndarray, worker: str, seconds: float) -> Path:
    """Write the manifest of the map stored at ``map_file``, atomically.

    Keys: ``source``, ``table``, ``content_hash``, ``method``, ``dims``, ``backend``, ``seed`` (``null``: unseeded),
    ``parameters``, ``versions``, ``rows``, ``trustworthiness`` (:func:`trustworthiness_record`), ``worker`` and
    ``seconds`` (who computed it, how long the task took), ``written`` (UTC, ISO 8601).

    Raises:
        OSError: the cache folder cannot be written.
    """
    record = {"source": source, "table": table_name, "content_hash": content_hash, "method": settings.method,
              "dims": settings.dims, "backend": projection.backend, "seed": settings.seed,
              "parameters": dict(projection.parameters), "versions": dict(projection.versions),
              "rows": projection.n_rows, "trustworthiness": trustworthiness_record(table, projection),
              "worker": worker, "seconds": seconds,
              "written": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    path = manifest_path(map_file)
    write_atomically(path, lambda temporary: temporary.write_text(json.dumps(record, indent=1), encoding="utf-8"))
    return path


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
