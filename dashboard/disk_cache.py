"""The on-disk cache every derived file goes to (``EXPLORER_CACHE_DIR``): where, written how, kept within what.

Maps (:mod:`dashboard.maps.cache`), tables shared with map workers, aligned run maps, bundled checkpoints' prepared
forms and strangers' exported models live below :func:`cache_dir`. Files are renamed into place
(:func:`write_atomically`), so no crash or race leaves a half-written file; :func:`prune` keeps the folder within
``EXPLORER_CACHE_MB`` so students' uploads cannot fill it.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Callable

from dashboard.errors import CacheFolderError
from dashboard.i18n import msg
from dashboard.settings import CACHE_DIR_ENV, current_settings

#: Seconds after which a ``.tmp`` file is a write that will never finish.
STALE_TMP_S = 3600
#: Most files of a folder whose size and time key what is kept of it (:func:`kept_path`).
KEYED_FILES = 10_000


def cache_dir() -> Path:
    """The directory projections are cached in (created on first write): ``EXPLORER_CACHE_DIR``."""
    return current_settings().cache_dir


def writable_cache_dir() -> Path:
    """:func:`cache_dir`, made if missing: for a command whose work is to write there (``precompute``).

    Raises:
        CacheFolderError: it is a file, or a folder this process cannot make or write.
    """
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError as error:
        if folder.exists() and not folder.is_dir():
            raise CacheFolderError(msg("err.cache.a_file", setting=CACHE_DIR_ENV, folder=str(folder))) from error
        raise CacheFolderError(msg("err.cache.not_writable", setting=CACHE_DIR_ENV, folder=str(folder),
                                   reason=error.strerror or type(error).__name__)) from error
    return folder


def kept_path(kind: str, source: Path, suffix: str = "") -> Path:
    """Where a checkpoint's prepared form is kept: ``cache_dir()/<kind>/<name>-<digest><suffix>``.

    ``kind`` is ``models`` (a bundled GGUF dequantised to a safetensors folder), ``tokenizers`` (a bundled
    ``tokenizer.json`` converted) or ``exports`` (a stranger's model as its capped child exported it, pruned with the
    maps). The digest covers the resolved path and the size and modification time of the file, or of each entry
    of the folder (:data:`KEYED_FILES` at most; a model folder's files are all at its top), so a changed file is
    prepared again.

    Raises:
        OSError: ``source`` or an entry of it cannot be read (stat).
    """
    real = source.resolve()
    paths = [real] if real.is_file() else sorted(itertools.islice(real.iterdir(), KEYED_FILES))
    key = "|".join([str(real), *(f"{p.name}:{p.stat().st_size}:{p.stat().st_mtime_ns}" for p in paths)])
    digest = hashlib.blake2b(key.encode(), digest_size=8).hexdigest()
    return cache_dir() / kind / f"{real.stem}-{digest}{suffix}"


def budget_bytes() -> int:
    """Most bytes the cache directory may hold: ``EXPLORER_CACHE_MB`` megabytes (10**6 bytes)."""
    return current_settings().cache_mb * 1_000_000


def prune(directory: Path, keep: Path | None = None) -> list[Path]:
    """Delete the least recently used maps (``.npz``), shared tables (``tables/*.npy``) and strangers' exported
    models (``exports/*/``) of ``directory``, never ``keep``, until it holds at most :func:`budget_bytes`, and
    ``.tmp`` files older than :data:`STALE_TMP_S`; return what was deleted."""
    files = []
    entries = []
    for folder in (directory, directory / "tables", directory / "aligned", directory / "exports"):
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
            elif path.parent.name == "exports" and path.is_dir() and not path.name.startswith("."):
                size = sum(file.stat().st_size for file in path.iterdir())
                files.append((path.stat().st_mtime, size, path))
            elif path.suffix == ".tmp" and now - path.stat().st_mtime > STALE_TMP_S:
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
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
                path.with_suffix(".json").unlink(missing_ok=True)  # its manifest (dashboard.maps.manifest)
        except OSError:
            continue
        total -= size
        deleted.append(path)
    return deleted


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Write ``path`` through ``write(temporary)``: a world-readable ``.tmp`` file in the same folder, then renamed
    over ``path``, so no reader sees half a file and racing writers leave one whole file.

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
        Path(temporary).unlink(missing_ok=True)  # a failed write leaves no .tmp
