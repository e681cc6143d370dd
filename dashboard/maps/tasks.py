"""A map as a Dask task: submitted by reference, computed on a worker, stored in the projection cache.

A task names its table (:class:`TableRef`), never ships it; its key is the projection's cache key (:func:`map_key`),
so identical requests share one future; it reports stage and progress as Dask events on :func:`progress_topic`.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from distributed import Client, Future, get_worker

from dashboard.disk_cache import cache_dir, write_atomically
from dashboard.i18n import msg
from dashboard.maps.backends import require_backend
from dashboard.maps.cache import cache_path, cached_projection, load_cached, projection_key
from dashboard.maps.manifest import manifest_path, write_manifest
from dashboard.maps.settings import FitCancelledError, ProjectionSettings
from dashboard.wall.runner import encode

#: Seconds between two progress events of one task.
REPORT_EVERY_S = 0.5
#: Priority bands: a map a page waits for goes before ``precompute``'s; within a band, first come first served.
PAGE_PRIORITY = 1
PRECOMPUTE_PRIORITY = 0
#: Width of a band: more than the milliseconds since 1970.
BAND = 10**13


@dataclass(frozen=True)
class TableRef:
    """Where a worker finds table ``name`` (``token``, ``position`` or ``head``).

    ``array``: a float32 ``(n_rows, d_model)`` ``.npy`` file (:func:`share_table`), else ``source``: a checkpoint
    path or bundled name the worker reads itself; ``content_hash``: the table's digest, empty if not read yet.
    """

    content_hash: str
    name: str
    array: str | None = None
    source: str | None = None


@dataclass(frozen=True)
class MapResult:
    """What a map task answers: the map's cache ``file`` (``.npz``) and how it was made.

    ``status``: ``computed``, or ``cached`` if on disk already; ``worker``: the Dask worker's address; ``seconds``:
    wall-clock time, reading included; ``rows``: the table's; ``source``: the checkpoint's display name.
    """

    file: str
    status: str
    worker: str
    seconds: float
    rows: int
    source: str


def share_table(table: np.ndarray, content_hash: str, name: str, directory: Path | None = None) -> TableRef:
    """Write ``table`` (``(n_rows, d_model)``) once, atomically, as float32 ``tables/<content_hash>-<name>.npy``.

    Under ``directory`` (default :func:`~dashboard.disk_cache.cache_dir`); a file already there is reused.

    Raises:
        OSError: the cache folder cannot be written.
    """
    folder = (directory or cache_dir()) / "tables"
    path = folder / f"{content_hash}-{name}.npy"
    if path.is_file():
        with contextlib.suppress(OSError):  # reused: the newest for prune() (unless the cache is read-only)
            os.utime(path)
    else:
        def write(temporary: Path) -> None:
            with open(temporary, "wb") as out:
                np.save(out, np.ascontiguousarray(table, dtype=np.float32), allow_pickle=False)

        write_atomically(path, write)
    return TableRef(content_hash, name, array=str(path))


def open_table(ref: TableRef) -> tuple[np.ndarray, str, str]:
    """On a worker: the table ``ref`` names, its content hash and its checkpoint's name.

    Raises:
        ExplorerError: the source cannot be read, or lacks the table.
        OSError, ValueError: the ``.npy`` file is missing or not a float32 ``.npy``.
    """
    if ref.array is not None:
        return np.load(ref.array, mmap_mode="r", allow_pickle=False), ref.content_hash, Path(ref.array).stem
    from dashboard.analysis.table_rows import table_rows
    from dashboard.wall.tables import read_checkpoint

    tables = read_checkpoint(ref.source)
    rows = table_rows(tables, ref.name)
    return rows.table, rows.content_hash, tables.name


def check_table(source: str, name: str) -> TableRef:
    """``precompute``'s first task: read ``source`` on a worker and answer a reference to its table ``name``.

    Raises:
        QueryError: the checkpoint has no such table (a head for an encoder, a position table for a rotary model).
        ExplorerError: the source cannot be read.
    """
    from dashboard.analysis.table_rows import table_rows
    from dashboard.wall.tables import read_checkpoint

    return TableRef(table_rows(read_checkpoint(source), name).content_hash, name, source=source)


def progress_topic(key: str) -> str:
    """The Dask event topic a task's progress is reported on."""
    return f"progress-{key}"


def _reporter(topic: str, key: str | None, method: str):
    """A progress callback logging at most one Dask event per :data:`REPORT_EVERY_S`, and the first of each stage.

    For a cancelled t-SNE task it raises :class:`~dashboard.maps.settings.FitCancelledError`, ending the optimisation; a
    released UMAP runs on (its progress comes through tqdm, which must not see an exception) and is cached.
    """
    last = [0.0, None]  # when the last event was logged, and its stage's key

    def report(fraction: float, stage) -> None:
        """Log ``fraction`` (0 to 1) done of ``stage``.

        Raises:
            FitCancelledError: a t-SNE task nobody holds any more.
        """
        if method == "tsne" and _released(key):
            raise FitCancelledError(f"nobody holds {key} any more")
        now, kind = time.monotonic(), getattr(stage, "key", stage)
        if now - last[0] >= REPORT_EVERY_S or fraction >= 1.0 or kind != last[1]:
            last[0], last[1] = now, kind
            _log(topic, {"fraction": float(fraction), "stage": encode(stage)})
    return report


def _released(key: str | None) -> bool:
    """Whether this worker was told that nobody wants the task ``key`` any more."""
    try:
        task = get_worker().state.tasks.get(key)
    except ValueError:
        return False
    return task is not None and task.state == "cancelled"


def _log(topic: str, event: dict) -> None:
    try:
        get_worker().log_event(topic, event)
    except ValueError:  # not on a worker (a direct call): nobody to tell
        pass


def compute_map(ref: TableRef, settings: ProjectionSettings, directory: str, manifest: bool = False) -> MapResult:
    """The task: ``ref``'s map with ``settings``, cached or computed; with ``manifest``, a new or missing manifest too.

    Raises:
        ExplorerError: the table cannot be read, or is too small for the settings.
        BackendUnavailableError: the settings name a backend (cuML) this worker cannot use.
    """
    started = time.perf_counter()
    try:
        worker, key = get_worker().address, get_worker().get_current_task()
    except ValueError:
        worker, key = "this process", None
    topic = progress_topic(str(key))
    _log(topic, {"fraction": 0.0, "stage": encode(msg("map_queue.reading")), "started": time.time()})
    if settings.backend != "cpu":  # its cache key needs the backend's versions
        require_backend(settings.backend)
    table, content_hash, source = open_table(ref)
    path = cache_path(content_hash, ref.name, settings, Path(directory))
    status = "cached" if load_cached(path, len(table)) is not None else "computed"
    projection = cached_projection(table, content_hash, ref.name, settings, directory=Path(directory),
                                   progress=_reporter(topic, key, settings.method))
    seconds = round(time.perf_counter() - started, 3)
    if manifest and (status == "computed" or not manifest_path(path).is_file()):
        write_manifest(path, source=source, table_name=ref.name, content_hash=content_hash, settings=settings,
                       projection=projection, table=table, worker=worker, seconds=seconds)
    return MapResult(str(path), status, worker, seconds, len(table), source)


def map_key(ref: TableRef, settings: ProjectionSettings, directory: Path | None = None) -> str:
    """The task key: ``<method>-``, the projection's cache key and a digest of the cache folder.

    The method as Dask's task prefix makes the scheduler keep its average duration. A source not read yet stands for
    its content by its resolved path and modification time.
    """
    basis = ref.content_hash
    if not basis:
        path = Path(str(ref.source))
        basis = f"{path.resolve()}@{path.stat().st_mtime_ns}" if path.exists() else str(ref.source)
    folder = hashlib.blake2b(str(directory or cache_dir()).encode(), digest_size=4).hexdigest()
    return f"{settings.method}-{projection_key(basis, ref.name, settings)}-{folder}"


def submit_map(client: Client, ref: TableRef | Future, settings: ProjectionSettings, *, directory: Path | None = None,
               priority: int = PAGE_PRIORITY, key_ref: TableRef | None = None, manifest: bool = False) -> Future:
    """Submit :func:`compute_map`; the running or finished task of the same map is shared (same key).

    ``ref`` is the table or the future of a :func:`check_table` task answering it (``key_ref`` then names it for the
    key); ``priority`` is :data:`PAGE_PRIORITY` or :data:`PRECOMPUTE_PRIORITY`, within which an earlier submission
    goes first (Dask does not order separate submissions by arrival); ``manifest`` writes the map's manifest.
    """
    ordered = priority * BAND - int(time.time() * 1000)
    key = map_key(key_ref or ref, settings, directory)
    return client.submit(compute_map, ref, settings, str(directory or cache_dir()), manifest, key=key,
                         priority=ordered, pure=False)
