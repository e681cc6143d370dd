"""The Token map's first map of a large token table, computed in the background from the moment the table is read.

A 256,000 x 2,304 token table (Gemma's) takes about 5-6 s to project with
PCA on the 2-core machine (:mod:`dashboard.analysis.pca_solvers`), and the
Token map opens on that map. So when a checkpoint whose token table has at
least :data:`PREFETCH_MIN_VALUES` values (``vocab_size * d_model``: Llama 3's,
Qwen2's and Gemma's tables, not GPT-2's or any bundled one, whose PCA takes
under a second) is shown, its token table's 2D PCA is asked for when the page
asks for the tables (:func:`dashboard.ui.loading.active_tables`, before the page's
own work: at once after the read on a session's first run or a load), by
:func:`prefetch_token_pca`, on one daemon thread, with the settings
the Token map asks for (:func:`dashboard.ui.map_data.page_pca_settings`). It
lands in the on-disk cache (:mod:`dashboard.projection_cache`); a Token map
opened while it runs waits for it rather than starting a second one. Each
map is asked for once per process (also where it cannot be stored); one
already on disk is not asked for; a map asked for and not started yet is
dropped when another table's is asked for.

It runs beside the first page's own work (the Overview's norms and charts:
about 2 s for that table after the read), which it barely slows, and a user who
opens the Token map at once waits for the rest of it. It used to start once that
page was drawn; starting at the read gives the map those seconds. Each later page
run asks again (a few checks, the map being on disk or asked for already), so a map
dropped unstarted for another table's is asked for again when its table is next shown. The cost: a
reader who never opens the Token map has spent one PCA of the table (seconds of
both cores, once per table: the map stays on disk). ``EXPLORER_PREFETCH_PCA=0``
turns it off (a class server whose maps were computed beforehand with
``python -m dashboard precompute`` has no use for it).
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Mapping

import numpy as np

from dashboard.analysis.projection import ProjectionSettings
from dashboard.projection_cache import cache_path, cached_projection
from dashboard.tables import EmbeddingTables

#: Environment variable: ``0`` turns the prefetch off; anything else, or unset, leaves it on.
PREFETCH_ENV = "EXPLORER_PREFETCH_PCA"
#: Smallest token table prefetched, in values (``vocab_size * d_model``): 1e8 is 0.4 GB of float32, and a
#: PCA of seconds; GPT-2's 50,257 x 768 (3.9e7) takes well under one.
PREFETCH_MIN_VALUES = 10**8
#: Dimensions of the map prefetched: the Token map's default.
PREFETCH_DIMS = 2

_lock = threading.Condition()
#: The map asked for and not started yet: at most one, the latest (a reader who moved on to another table wants
#: that one's map; the one before is dropped, unstarted, and its table not held).
_pending: list[tuple] = []
#: Maps queued or running, by cache path.
_asked: dict[Path, Future] = {}
#: Maps this process has computed or failed to compute, so that each is asked for once per process even where
#: it cannot be stored (an unwritable cache directory, a full disk): cache paths.
_done: set[Path] = set()
_worker: threading.Thread | None = None


def prefetch_enabled(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether maps are prefetched: unless ``$EXPLORER_PREFETCH_PCA`` is ``0``."""
    return environ.get(PREFETCH_ENV, "1").strip() != "0"


def prefetch_token_pca(tables: EmbeddingTables | None) -> Future | None:
    """Ask for the 2D PCA map of ``tables``' token table in the background, where it is worth it.

    Args:
        tables: the tables a page is about to show (:func:`dashboard.ui.loading.active_tables`), or ``None``
            (nothing to do).

    Returns:
        The computation's future (resolves to the :class:`~dashboard.analysis.projection.Projection`, or to
        its error, which is also what a page asking for the map then meets; cancelled if a later table's map
        was asked for before it started), the same one each time for one map; ``None`` when nothing is asked
        for: no tables, a table under :data:`PREFETCH_MIN_VALUES`, prefetching turned off, or the map already
        on disk. Never raises.
    """
    if tables is None or not prefetch_enabled() or tables.token.size < PREFETCH_MIN_VALUES:
        return None
    try:
        return _ask(tables)
    except Exception:  # noqa: BLE001 - a prefetch is a courtesy: the page computes the map itself if need be
        return None


def _ask(tables: EmbeddingTables) -> Future | None:
    from dashboard.ui.map_data import page_pca_settings  # the map pages' imports: only for a large table

    settings = page_pca_settings(PREFETCH_DIMS)
    path = cache_path(tables.content_hash, "token", settings)
    with _lock:
        if path in _asked and not _asked[path].cancelled():
            return _asked[path]
        if path in _done or os.path.isfile(path):  # os.path: False, not an error, for a folder it may not search
            return None
        _start_worker()  # first: a thread that cannot start leaves nothing queued
        for *_, dropped_path, dropped in _pending:
            dropped.cancel()
            _asked.pop(dropped_path, None)
        future = _asked[path] = Future()
        _pending[:] = [(tables.token, tables.content_hash, settings, path, future)]
        _lock.notify()
    return future


def _start_worker() -> None:
    global _worker
    if _worker is None or not _worker.is_alive():
        _worker = threading.Thread(target=_work, name="map-prefetch", daemon=True)
        _worker.start()


def _work() -> None:
    """Compute the asked maps one at a time (two at once would each take twice as long on two cores)."""
    while True:
        with _lock:
            while not _pending:
                _lock.wait()
            job = _pending.pop()
        _run(*job)
        del job  # the table is not held past its map: its checkpoint may leave the cache meanwhile


def _run(table: np.ndarray, content_hash: str, settings: ProjectionSettings, path: Path, future: Future) -> None:
    if not future.set_running_or_notify_cancel():  # its holder cancelled it
        with _lock:
            if _asked.get(path) is future:
                del _asked[path]
        return
    failure: BaseException | None = None
    projection = None
    try:
        projection = cached_projection(table, content_hash, "token", settings, directory=path.parent)
    except BaseException as error:  # noqa: BLE001 - kept for whoever holds the future; the worker goes on
        failure = error
    with _lock:
        _asked.pop(path, None)
        _done.add(path)
    if failure is None:
        future.set_result(projection)
    else:
        future.set_exception(failure)
