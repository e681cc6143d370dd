"""The Token map's first map of a large token table, computed in the background once a page has read the table.

A 256,000 x 2,304 token table (Gemma's) takes about 5-6 s to project with
PCA on the 2-core machine (:mod:`dashboard.analysis.pca_solvers`), and the
Token map opens on that map. So when a script run has read a table with at
least :data:`PREFETCH_MIN_VALUES` values (``vocab_size * d_model``: Llama 3's,
Qwen2's and Gemma's tables, not GPT-2's or any bundled one, whose PCA takes
under a second), the router asks for the token table's 2D PCA once the page is
drawn (:func:`prefetch_token_pca`), on one daemon thread, with the settings
the Token map asks for (:func:`dashboard.ui.map_data.page_pca_settings`). It
lands in the on-disk cache (:mod:`dashboard.projection_cache`); a Token map
opened while it runs waits for it rather than starting a second one. A map
already on disk, or already being computed, is not asked for again.

It starts after the page's own work, so the page that read the table is not
slowed; a user who opens the Token map at once still waits for the rest of
it. The cost: a reader who never opens the Token map has spent one PCA of the
table (seconds of both cores, once per table: the map stays on disk).
``EXPLORER_PREFETCH_PCA=0`` turns it off (a class server whose maps were
computed beforehand with ``python -m dashboard precompute`` has no use for it).
"""

from __future__ import annotations

import os
import queue
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Mapping

from dashboard.projection_cache import cache_path, cached_projection
from dashboard.tables import EmbeddingTables

#: Environment variable: ``0`` turns the prefetch off; anything else, or unset, leaves it on.
PREFETCH_ENV = "EXPLORER_PREFETCH_PCA"
#: Smallest token table prefetched, in values (``vocab_size * d_model``): 1e8 is 0.4 GB of float32, and a
#: PCA of seconds; GPT-2's 50,257 x 768 (3.9e7) takes well under one.
PREFETCH_MIN_VALUES = 10**8
#: Dimensions of the map prefetched: the Token map's default.
PREFETCH_DIMS = 2

_jobs: queue.SimpleQueue = queue.SimpleQueue()
_asked: dict[Path, Future] = {}
_lock = threading.Lock()
_worker: threading.Thread | None = None


def prefetch_enabled(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether maps are prefetched: unless ``$EXPLORER_PREFETCH_PCA`` is ``0``."""
    return environ.get(PREFETCH_ENV, "1").strip() != "0"


def prefetch_token_pca(tables: EmbeddingTables | None) -> Future | None:
    """Ask for the 2D PCA map of ``tables``' token table in the background, where it is worth it.

    Args:
        tables: what the script run read, or ``None`` (nothing read: nothing to do).

    Returns:
        The computation's future (resolves to the :class:`~dashboard.analysis.projection.Projection`, or to
        its error, which is also what a page asking for the map then meets), the same one while it is queued
        or running; ``None`` when nothing is asked for: no tables, a table under :data:`PREFETCH_MIN_VALUES`,
        prefetching turned off, or the map already on disk. Never raises.
    """
    if tables is None or not prefetch_enabled() or tables.token.size < PREFETCH_MIN_VALUES:
        return None
    try:
        from dashboard.ui.map_data import page_pca_settings  # the map pages' imports: only for a large table

        settings = page_pca_settings(PREFETCH_DIMS)
        path = cache_path(tables.content_hash, "token", settings)
        if path.is_file():
            return None
    except Exception:  # noqa: BLE001 - a prefetch is a courtesy: the page computes the map itself if need be
        return None
    with _lock:
        if path in _asked:
            return _asked[path]
        future = _asked[path] = Future()
        _jobs.put((tables.token, tables.content_hash, settings, path, future))
        _start_worker()
    return future


def _start_worker() -> None:
    global _worker
    if _worker is None or not _worker.is_alive():
        _worker = threading.Thread(target=_work, name="map-prefetch", daemon=True)
        _worker.start()


def _work() -> None:
    """Compute the asked maps one at a time (two at once would each take twice as long on two cores)."""
    while True:
        table, content_hash, settings, path, future = _jobs.get()
        try:
            future.set_result(cached_projection(table, content_hash, "token", settings, directory=path.parent))
        except BaseException as error:  # noqa: BLE001 - kept for whoever holds the future; the worker goes on
            future.set_exception(error)
        finally:
            with _lock:
                _asked.pop(path, None)
