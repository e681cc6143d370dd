"""Digests of table bytes for cache keys, on every core for the largest tables (``hashlib`` releases the GIL)."""

from __future__ import annotations

import hashlib
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

#: Arrays of at least this many bytes are digested in chunks.
PARALLEL_MIN_BYTES = 256 * 2**20
#: Bytes per chunk: small enough that a large table's chunks keep every core busy to the end.
CHUNK_BYTES = 64 * 2**20
#: Most threads digesting at once.
MAX_THREADS = 8
#: Written before the chunk digests, so no chunked array feeds the same bytes as one digested whole.
_CHUNKED_TAG = b"sha256-chunks-64MiB\x00"


def _usable_cores() -> int:
    """Cores this process may run on (``os.sched_getaffinity``, which macOS and Windows lack: all cores there)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def update_with_array(digest: Any, array: np.ndarray) -> None:
    """Feed ``array``'s bytes (C order) into ``digest``: as they are, or, from :data:`PARALLEL_MIN_BYTES`, as the
    SHA-256 digests of its :data:`CHUNK_BYTES` chunks in order, computed on up to one thread per core.

    Args:
        digest: a ``hashlib`` object; its ``update`` is called from this thread only.
        array: C-contiguous and not empty, any dtype and shape; never copied.

    Raises:
        TypeError: ``array`` is not C-contiguous, or empty with more than one axis (``memoryview.cast`` refuses both).
    """
    data = memoryview(array).cast("B")
    if len(data) < PARALLEL_MIN_BYTES:
        digest.update(data)
        return
    starts = range(0, len(data), CHUNK_BYTES)
    threads = max(1, min(MAX_THREADS, _usable_cores(), len(starts)))
    digest.update(_CHUNKED_TAG)
    with ThreadPoolExecutor(threads, thread_name_prefix="table-digest") as pool:
        for chunk_digest in pool.map(lambda start: hashlib.sha256(data[start:start + CHUNK_BYTES]).digest(), starts):
            digest.update(chunk_digest)
