"""On-disk cache of projections, so a revisit or a restart shows a map at once.

A result is stored as one ``.npz`` file (see :meth:`Projection.save`) named
by a digest of everything that determines it: the table's content hash
(:attr:`EmbeddingTables.content_hash`), which table (token or position), the
method's parameters and the versions of the libraries that computed it. The
same table read from another path hits the same file; a library upgrade or a
changed parameter misses. Files are written to a temporary name and renamed,
so a crash or two processes racing never leave a half-written file, and an
unreadable file is recomputed and replaced rather than trusted. Within one
process, a projection asked for while the same one is being computed (another
session's) waits for that computation instead of starting a second; across
processes, :mod:`dashboard.cluster.maps` gives identical requests one task.

The directory is ``EXPLORER_CACHE_DIR`` when set, else ``.cache/projections``
in the repository (ignored by git, removed by ``make clean``). It is kept
within ``EXPLORER_CACHE_MB`` megabytes (:func:`budget_bytes`, default
2,000, :mod:`dashboard.settings`): after each write the least recently used maps go
first (a map read from the cache counts as used), so the maps of students'
uploads on a class server cannot fill its disk.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Callable

import numpy as np

from dashboard.analysis.aligned_maps import AlignedMaps, align_run
from dashboard.analysis.projection import (
    ProgressCallback,
    Projection,
    ProjectionSettings,
    library_versions,
    project_table,
)
from dashboard.errors import ExplorerError
from dashboard.settings import current_settings

Compute = Callable[[np.ndarray, ProjectionSettings, ProgressCallback | None], Projection]

#: Seconds after which a ``.tmp`` file is a write that will never finish (a map's write takes seconds).
STALE_TMP_S = 3600

#: Projections being computed in this process, by cache path: what a second caller of the same one waits for.
_COMPUTING: dict[Path, Future] = {}
_COMPUTING_LOCK = threading.Lock()


def cache_dir() -> Path:
    """The directory projections are cached in (created on first write): ``EXPLORER_CACHE_DIR``."""
    return current_settings().cache_dir


def kept_path(kind: str, source: Path, suffix: str = "") -> Path:
    """Where a bundled checkpoint's prepared form is kept: ``cache_dir()/<kind>/<name>-<digest><suffix>``.

    ``kind`` is ``models`` (a GGUF's whole model, dequantised once, as a safetensors folder) or ``tokenizers``
    (a converted ``tokenizer.json``). The digest covers the file's resolved path, size and modification time, so a
    changed file is prepared again. Only bundled checkpoints are kept (a student's files are not: nothing of theirs
    accumulates on disk); :func:`prune` leaves these folders alone (a few per bundled checkpoint).

    Raises:
        OSError: ``source`` cannot be read (stat).
    """
    real = source.resolve()
    stat = real.stat()
    digest = hashlib.blake2b(f"{real}|{stat.st_size}|{stat.st_mtime_ns}".encode(), digest_size=8).hexdigest()
    return cache_dir() / kind / f"{real.stem}-{digest}{suffix}"


def aligned_path(folder: Path, stamp: float, table_name: str = "token") -> Path:
    """Where a training run's aligned maps (:mod:`dashboard.analysis.aligned_maps`) are kept:
    ``cache_dir()/aligned/<folder name>-<digest>.npz``, the digest over the folder's resolved path, its
    :func:`~dashboard.checkpoints.runs.run_stamp` and the table, so a run that gains a checkpoint is aligned again."""
    real = folder.resolve()
    digest = hashlib.blake2b(f"{real}|{stamp!r}|{table_name}".encode(), digest_size=8).hexdigest()
    return cache_dir() / "aligned" / f"{real.name}-{digest}.npz"


def cached_aligned_maps(folder: Path, stamp: float, steps, read_token_table) -> tuple[AlignedMaps, Path, bool]:
    """A run's aligned maps from :func:`aligned_path`, else computed with
    :func:`~dashboard.analysis.aligned_maps.align_run` and stored there (atomically; a cache that cannot be
    written is skipped). Answers ``(maps, path, found)``, ``found`` True when they were on disk.

    Raises:
        QueryError, ExplorerError: as :func:`~dashboard.analysis.aligned_maps.align_run`.
    """
    path = aligned_path(folder, stamp)
    try:
        found = AlignedMaps.load(path)
        if found.steps == tuple(steps):
            return found, path, True
    except (OSError, ValueError, KeyError, json.JSONDecodeError):
        pass
    maps = align_run(steps, read_token_table)
    try:
        write_atomically(path, maps.save)
    except OSError:  # a read-only or full cache: shown all the same
        pass
    return maps, path, False


def projection_key(content_hash: str, table_name: str, settings: ProjectionSettings) -> str:
    """File stem for a projection: a hex digest of what determines the result.

    A ``cpu`` key's document names no backend, so maps cached or precomputed
    without one are found under it; a ``cuml`` key adds the backend to the document (with cuML's parameters and
    version) and ``-cuml`` to the stem, so the two never share a file.

    Args:
        content_hash: :attr:`EmbeddingTables.content_hash` of the tables.
        table_name: ``token`` or ``position``.
        settings: the projection settings.

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
    """Where the projection of these tables and settings is cached: ``DIR/<key>.npz`` (see :func:`projection_key`).

    ``directory`` defaults to :func:`cache_dir`; nothing is created or read here.
    """
    return (directory or cache_dir()) / f"{projection_key(content_hash, table_name, settings)}.npz"


def budget_bytes() -> int:
    """Most bytes the cache directory may hold: ``EXPLORER_CACHE_MB`` megabytes (10**6 bytes)."""
    return current_settings().cache_mb * 1_000_000


def load_cached(path: Path, n_rows: int) -> Projection | None:
    """The projection stored at ``path``, or ``None`` if absent, unreadable or of another size.

    A map found is marked as just used (its modification time), so that :func:`prune` keeps it longest.
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


def prune(directory: Path, keep: Path | None = None) -> list[Path]:
    """Delete the least recently used maps (``.npz``) of ``directory``, and tables shared with the map workers
    (``tables/*.npy``, :func:`dashboard.cluster.maps.share_table`), until it holds at most :func:`budget_bytes`.

    Args:
        directory: the cache directory.
        keep: a map never deleted (the one just written).

    Half-written ``.tmp`` files older than :data:`STALE_TMP_S` (a server killed mid-write) are deleted too.

    Returns:
        The maps deleted. A file that cannot be deleted (removed meanwhile, not ours) is skipped.
    """
    files = []
    entries = []
    for folder in (directory, directory / "tables", directory / "aligned"):
        try:
            entries += list(folder.iterdir())
        except OSError:
            continue
    now = time.time()
    for path in entries:
        try:
            if path.suffix in (".npz", ".npy") and path.is_file():
                stat = path.stat()
                files.append((stat.st_mtime, stat.st_size, path))
            elif path.suffix == ".tmp" and now - path.stat().st_mtime > STALE_TMP_S:  # a write cut by a crash
                path.unlink()
        except OSError:
            continue
    total, budget, deleted = sum(size for _, size, _ in files), budget_bytes(), []
    for _, size, path in sorted(files):
        if total <= budget:
            break
        if path == keep:
            continue
        try:
            path.unlink()
            path.with_suffix(".json").unlink(missing_ok=True)  # its manifest (dashboard.cluster.manifest)
        except OSError:
            continue
        total -= size
        deleted.append(path)
    return deleted


def _finish(path: Path, computing: Future, *, result: Projection | None = None,
            error: BaseException | None = None) -> None:
    """Take ``path`` off the projections being computed (it is on disk by now, if it could be written), then
    hand its waiters the result or the error."""
    with _COMPUTING_LOCK:
        _COMPUTING.pop(path, None)
    if error is not None:
        computing.set_exception(error)
    else:
        computing.set_result(result)


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Write ``path`` through ``write(temporary)``: a temporary file in the same folder (``.tmp``, which
    :func:`prune` clears once stale), readable by everyone who serves the app, then renamed over ``path``, so a
    reader or a worker never sees half a file and two writers racing leave one whole file.

    Raises:
        OSError: the folder cannot be written (a read-only image, a full disk).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    os.close(handle)
    try:
        write(Path(temporary))
        os.chmod(temporary, 0o644)  # mkstemp makes it private
        os.replace(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)  # nothing left after the rename


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

    While another thread of this process computes the same projection (same cache path), this call waits for
    it and returns its result (``progress`` then hears nothing), or raises its
    :class:`~dashboard.errors.ExplorerError` (bad input fails the same way anywhere); if it fails otherwise or
    is stopped, this one looks on disk again and computes it itself.

    Args:
        table: ``(n_rows, d_model)`` float32, the table ``content_hash`` describes.
        content_hash: :attr:`EmbeddingTables.content_hash`.
        table_name: ``token`` or ``position`` (part of the key).
        settings: what to compute.
        progress: passed to ``compute``.
        directory: cache directory; :func:`cache_dir` when ``None``.
        compute: the function that projects (tests pass a counting wrapper).

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
