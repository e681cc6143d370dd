"""On-disk cache of projections, so a revisit or a restart shows a map at once.

One ``.npz`` per result in :func:`dashboard.disk_cache.cache_dir`, named by a digest of what determines it: the
table's content hash, which table, the method's parameters and the libraries' versions. An unreadable file is
recomputed; a second request in one process waits for the first (across processes: :mod:`dashboard.maps.tasks`).
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Callable

import numpy as np

from dashboard.disk_cache import cache_dir, prune, write_atomically
from dashboard.errors import ExplorerError
from dashboard.maps.projection import (
    ProgressCallback,
    Projection,
    ProjectionSettings,
    library_versions,
    project_table,
)

Compute = Callable[[np.ndarray, ProjectionSettings, ProgressCallback | None], Projection]

#: Projections being computed in this process, by cache path: what a second caller of the same one waits for.
_COMPUTING: dict[Path, Future] = {}
_COMPUTING_LOCK = threading.Lock()


def projection_key(content_hash: str, table_name: str, settings: ProjectionSettings) -> str:
    """File stem for a projection: a hex digest of what determines the result (``table_name``: token/position).

    A ``cpu`` key's document names no backend (so maps cached without one are found); a ``cuml`` key adds the
    backend to the document and ``-cuml`` to the stem, so the two never share a file.

    Raises:
        ImportError: ``backend="cuml"`` where cuML is not importable (the key holds its version).
    """
    document = {"table": content_hash, "which": table_name, "method": settings.method,
                "parameters": settings.parameters(), "versions": library_versions(settings.method, settings.backend)}
    tag = ""
    if settings.backend != "cpu":
        document["backend"] = settings.backend
        tag = f"-{settings.backend}"
    digest = hashlib.blake2b(json.dumps(document, sort_keys=True).encode(), digest_size=16).hexdigest()
    return f"{table_name}-{settings.method}{settings.dims}d{tag}-{digest}"


def cache_path(content_hash: str, table_name: str, settings: ProjectionSettings, directory: Path | None = None) -> Path:
    """Where this projection is cached: ``<directory or cache_dir()>/<projection_key>.npz`` (nothing touched)."""
    return (directory or cache_dir()) / f"{projection_key(content_hash, table_name, settings)}.npz"


def load_cached(path: Path, n_rows: int) -> Projection | None:
    """The projection stored at ``path``, or ``None`` if absent, unreadable or of another size.

    A hit's modification time is set to now, so that :func:`prune` keeps it longest.
    """
    if not path.is_file():
        return None
    try:
        projection = Projection.load(path)
    except (OSError, ValueError, KeyError, json.JSONDecodeError):
        return None
    if projection.n_rows != n_rows:
        return None
    try:
        os.utime(path)
    except OSError:  # a read-only cache (an image's precomputed maps) is served all the same
        pass
    return projection


def _finish(path: Path, computing: Future, *, result: Projection | None = None,
            error: BaseException | None = None) -> None:
    """Take ``path`` off the projections being computed, then hand its waiters the result or the error."""
    with _COMPUTING_LOCK:
        _COMPUTING.pop(path, None)
    if error is not None:
        computing.set_exception(error)
    else:
        computing.set_result(result)


def store(projection: Projection, path: Path) -> None:
    """Write ``projection`` to ``path`` atomically (:func:`write_atomically`)."""
    write_atomically(path, projection.save)


def cached_projection(
    table: np.ndarray,
    content_hash: str,
    table_name: str,
    settings: ProjectionSettings,
    *,
    progress: ProgressCallback | None = None,
    directory: Path | None = None,
    compute: Compute = project_table,
) -> Projection:
    """The projection of ``table``, from disk when computed before, else computed and stored.

    ``table``: ``(n_rows, d_model)`` float32, described by ``content_hash``; ``directory`` defaults to
    :func:`cache_dir`. While another thread computes the same projection, this call waits for its result
    (``progress`` hears nothing) or its :class:`~dashboard.errors.ExplorerError`; if that fails otherwise or is
    stopped, this call computes it.

    Raises:
        QueryError: from ``compute``, when the table is too small for the settings.
    """
    path = cache_path(content_hash, table_name, settings, directory)
    while True:
        found = load_cached(path, len(table))
        if found is not None:
            return found
        with _COMPUTING_LOCK:
            running = _COMPUTING.get(path)
            if running is None:
                mine = _COMPUTING[path] = Future()
                break
        try:  # the same projection is being computed on another thread: its result, once it has one
            return running.result()
        except ExplorerError:
            raise  # bad input fails the same way here: not computed again
        except BaseException:
            if not running.done():
                raise  # this thread's own interruption, not the computation's
            continue  # it was stopped or failed there for its own reasons: look again, then compute here
    try:
        projection = compute(table, settings, progress)
        try:
            store(projection, path)
            prune(path.parent, keep=path)
        except OSError:
            pass  # a read-only or full disk costs the next visit a recomputation, nothing more
    except BaseException as error:
        _finish(path, mine, error=error)
        raise
    _finish(path, mine, result=projection)
    return projection
