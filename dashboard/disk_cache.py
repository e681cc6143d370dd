"""The on-disk cache every derived file goes to (``EXPLORER_CACHE_DIR``): where, written how, kept within what.

Maps (:mod:`dashboard.maps.cache`), tables shared with the map workers, aligned run maps, a bundled
checkpoint's prepared forms (a GGUF's dequantised model, a converted tokenizer) all live below :func:`cache_dir`.
Files are written to a temporary name and renamed (:func:`write_atomically`), so a crash or two processes racing
never leave a half-written file. The folder is kept within ``EXPLORER_CACHE_MB`` megabytes (:func:`prune`: the
least recently used maps go first), so the maps of students' uploads on a class server cannot fill its disk.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from pathlib import Path
from typing import Callable

from dashboard.settings import current_settings

#: Seconds after which a ``.tmp`` file is a write that will never finish (a map's write takes seconds).
STALE_TMP_S = 3600


def cache_dir() -> Path:
    """The directory projections are cached in (created on first write): ``EXPLORER_CACHE_DIR``."""
    return current_settings().cache_dir


def kept_path(kind: str, source: Path, suffix: str = "") -> Path:
    """Where a bundled checkpoint's prepared form is kept: ``cache_dir()/<kind>/<name>-<digest><suffix>``.

    ``kind`` is ``models`` (a GGUF's dequantised model as a safetensors folder) or ``tokenizers`` (a converted
    ``tokenizer.json``). The digest covers the resolved path, size and modification time, so a changed file is
    prepared again. Only bundled checkpoints are kept, so nothing of a student's accumulates; :func:`prune` leaves
    these folders alone.

    Raises:
        OSError: ``source`` cannot be read (stat).
    """
    real = source.resolve()
    stat = real.stat()
    digest = hashlib.blake2b(f"{real}|{stat.st_size}|{stat.st_mtime_ns}".encode(), digest_size=8).hexdigest()
    return cache_dir() / kind / f"{real.stem}-{digest}{suffix}"


def budget_bytes() -> int:
    """Most bytes the cache directory may hold: ``EXPLORER_CACHE_MB`` megabytes (10**6 bytes)."""
    return current_settings().cache_mb * 1_000_000


def prune(directory: Path, keep: Path | None = None) -> list[Path]:
    """Delete the least recently used maps (``.npz``) and shared tables (``tables/*.npy``) of ``directory`` until it
    holds at most :func:`budget_bytes`, and ``.tmp`` files older than :data:`STALE_TMP_S` (a write cut by a crash).

    Args:
        directory: the cache directory.
        keep: a map never deleted (the one just written).

    Returns:
        The maps deleted; a file that cannot be deleted is skipped.
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
            path.with_suffix(".json").unlink(missing_ok=True)  # its manifest (dashboard.maps.manifest)
        except OSError:
            continue
        total -= size
        deleted.append(path)
    return deleted


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Write ``path`` through ``write(temporary)``: a ``.tmp`` file in the same folder, made readable by everyone who
    serves the app, then renamed over ``path``, so no reader sees half a file and racing writers leave one whole file.

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
