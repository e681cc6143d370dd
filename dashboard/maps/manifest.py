"""A map's manifest, ``<map>.json`` beside it, written by ``precompute``: what made the map and how faithful it is.

Trustworthiness as :mod:`dashboard.maps.backend_check` measures it (Venna & Kaski 2001, cosine in the table), on a
seeded sample of :data:`SAMPLE_ROWS` placed rows, ``k`` = :data:`TRUST_K`.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from dashboard.maps.backend_check import sample_rows, trustworthiness_on
from dashboard.maps.projection import Projection, ProjectionSettings
from dashboard.disk_cache import write_atomically

#: Rows of the seeded sample trustworthiness is measured on, and its neighbours.
SAMPLE_ROWS = 2_000
TRUST_K = 10


def manifest_path(map_file: Path) -> Path:
    """``<map>.json`` beside the map's ``.npz``."""
    return map_file.with_suffix(".json")


def trustworthiness_record(table: np.ndarray, projection: Projection, seed: int = 0) -> dict[str, Any] | None:
    """``{"score", "k", "rows", "seed"}``: trustworthiness in [0, 1] of ``projection`` for ``table``.

    On up to :data:`SAMPLE_ROWS` placed rows drawn with ``seed`` (``table``: ``(n_rows, d_model)`` float32); ``None``
    when fewer than 3 rows are placed.
    """
    placed = np.isfinite(projection.coords).all(axis=1)
    rows = sample_rows(placed, SAMPLE_ROWS, seed)
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
