"""A ``.zip`` of a model folder given by local path: unpacked once with the uploads' checks, then read as the folder.

The folder is named after the zip's path, size and modification time, so a changed zip is unpacked again.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from pathlib import Path

from dashboard.checkpoints.uploads import extract_zip
from dashboard.errors import CheckpointReadError
from dashboard.i18n import msg

#: Folder under the temporary directory that holds unpacked local zips.
UNPACK_DIR = "embedding-explorer-zips"
#: Written last into an unpacked folder: a folder without it is a half-finished unpacking.
_COMPLETE = ".unpacked"


def is_zip_path(path: Path) -> bool:
    """True for an existing file whose name ends in ``.zip`` (any case)."""
    return path.is_file() and path.suffix.lower() == ".zip"


def unpack_local_zip(archive: Path, *, root: Path | None = None, max_bytes: int | None = None) -> Path:
    """The folder holding the local ``.zip`` ``archive``'s files, unpacked now or reused from an earlier call.

    Args:
        root: where unpacked folders live; default ``<tmp>/embedding-explorer-zips``.
        max_bytes: most bytes the zip may unpack to (``None``: :func:`~dashboard.checkpoints.uploads.extraction_limit`).

    Raises:
        UnsafeArchiveError: an entry would land outside the folder (nothing kept).
        ArchiveLimitError: over the extraction limit or compressed suspiciously well (nothing kept).
        CheckpointReadError: not a readable zip, not enough disk space, or the folder cannot be written.
    """
    stat = archive.stat()
    key = f"{archive.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    digest = hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()
    root = Path(tempfile.gettempdir()) / UNPACK_DIR if root is None else root
    folder = root / f"{archive.stem[:80]}-{digest}"
    if (folder / _COMPLETE).is_file():
        return folder
    try:
        root.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(prefix=f".{digest}-", dir=root))
    except OSError as error:
        raise CheckpointReadError(msg("err.ckpt.zip_root_unwritable", name=archive.name, root=root,
                                      reason=error.strerror or error)) from error
    try:
        extract_zip(archive, partial, max_bytes=max_bytes)
        (partial / _COMPLETE).touch()
        shutil.rmtree(folder, ignore_errors=True)  # a half-finished earlier attempt
        partial.rename(folder)
    except OSError as error:
        raise CheckpointReadError(msg("err.ckpt.zip_unpack_failed", name=archive.name, root=root,
                                      reason=error.strerror or error)) from error
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return folder
