"""Writing received files (browser uploads, zips of model folders) to disk, safely.

Three shapes of upload become one path :func:`dashboard.checkpoints.load_tables`
reads: a single file (``ckpt.pt``, ``model.gguf``), several files of one
folder (``config.json`` + ``model.safetensors`` + ``tokenizer.json``), or one
``.zip`` of a folder.

Safety: every name is checked before anything is written. A name that would
land outside the destination (``../x``, ``/etc/x``, ``C:\\x``) is refused
with :class:`~dashboard.errors.UnsafeArchiveError` (the "zip slip" attack);
one the file system cannot hold (a NUL byte, a part longer than 255 bytes)
with :class:`~dashboard.errors.UnusablePathError`; a zip whose declared size
does not fit on the disk is refused before extraction, and a write that fails
anyway (disk full) is a :class:`~dashboard.errors.CheckpointReadError`.
"""

from __future__ import annotations

import os
import shutil
import zipfile
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import BinaryIO, Iterable

from dashboard.checkpoints.user_paths import shorten
from dashboard.errors import CheckpointReadError, UnsafeArchiveError, UnusablePathError

#: Bytes kept free on the upload disk after an extraction.
DISK_MARGIN = 64 * 2**20
_CHUNK = 8 * 2**20
#: Longest file or folder name Linux file systems hold, in bytes (NAME_MAX).
NAME_MAX = 255


def safe_member_path(destination: Path, name: str) -> Path:
    """Where ``name`` (a relative path inside an archive or upload) lands under ``destination``.

    Raises:
        UnsafeArchiveError: the name is absolute, has a drive, or climbs out with ``..``.
        UnusablePathError: the name holds a NUL byte or a character with no
            file-system encoding, or a part of it is longer than
            :data:`NAME_MAX` bytes.
    """
    if "\x00" in name:
        raise UnusablePathError(f"the received name {shorten(name)} holds a NUL character, which no file name can "
                                "contain; nothing was written. Rename the file")
    posix, windows = PurePosixPath(name.replace("\\", "/")), PureWindowsPath(name)
    if posix.is_absolute() or windows.drive or windows.root or ".." in posix.parts or not posix.parts:
        raise UnsafeArchiveError(f"the entry {name!r} would be written outside its folder; nothing was extracted. "
                                 "Re-create the zip from inside the model folder (zip -r model.zip model/)")
    for part in posix.parts:
        try:
            size = len(os.fsencode(part))
        except UnicodeEncodeError as error:
            raise UnusablePathError(f"the received name {shorten(name)} holds characters the file system cannot "
                                    "encode; nothing was written. Rename the file") from error
        if size > NAME_MAX:
            raise UnusablePathError(f"the received name {shorten(part)} is {size:,} bytes long, too long for the "
                                    f"file system (at most {NAME_MAX}); nothing was written. Rename it (and zip the "
                                    "folder again)")
    target = (destination / Path(*posix.parts)).resolve()
    if not target.is_relative_to(destination.resolve()):
        raise UnsafeArchiveError(f"the entry {name!r} would be written outside its folder (through a link); "
                                 "nothing was extracted")
    return target


def extract_zip(archive: Path, destination: Path) -> Path:
    """Extract a zip of a model folder after checking every entry.

    Returns:
        ``destination``, now holding the archive's files.

    Raises:
        UnsafeArchiveError: an entry would land outside ``destination`` (nothing written).
        UnusablePathError: an entry's name cannot be a file name here (nothing written).
        CheckpointReadError: not a zip, larger than the free disk space, or a write failed.
    """
    try:
        with zipfile.ZipFile(archive) as handle:
            members = [m for m in handle.infolist() if not m.is_dir()]
            targets = [safe_member_path(destination, m.filename) for m in members]
            needed = sum(m.file_size for m in members)
            free = shutil.disk_usage(destination).free
            if needed + DISK_MARGIN > free:
                raise CheckpointReadError(f"{archive.name} unpacks to {needed:,} bytes but only {free:,} are free; "
                                          "open the model by its local path instead")
            for member, target in zip(members, targets):
                with handle.open(member) as source:
                    _write(source, target)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError) as error:
        raise CheckpointReadError(f"{archive.name} is not a readable zip ({error}); zip the folder again") from error
    return destination


def _write(stream: BinaryIO, target: Path) -> None:
    """Copy ``stream`` to ``target``, its folders created; a refused write is a typed error."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "wb") as sink:
            shutil.copyfileobj(stream, sink, _CHUNK)
    except OSError as error:  # a full disk, a path over PATH_MAX, a read-only folder
        raise CheckpointReadError(f"cannot write the received file {shorten(target.name)} "
                                  f"({error.strerror or error}); free disk space or open the model by its local "
                                  "path instead") from error


def store_files(files: Iterable[tuple[str, BinaryIO]], destination: Path) -> Path:
    """Write received files under ``destination`` and return the path to read.

    Args:
        files: ``(name, readable binary stream)`` pairs; names may carry a
            relative folder (directory uploads). A lone ``.zip`` is extracted.
        destination: an empty folder owned by the caller.

    Returns:
        The single file when one non-zip file was given, else ``destination``
        (or the extracted folder), which ``load_tables`` resolves.

    Raises:
        UnsafeArchiveError: a name would land outside ``destination``.
        UnusablePathError: a name cannot be a file name here (NUL, a part over 255 bytes).
        CheckpointReadError: no files, a zip that cannot be read, or a write failed (disk full).
    """
    files = list(files)
    if not files:
        raise CheckpointReadError("no files were received; choose a checkpoint file, a model folder's files or a .zip")
    targets = [safe_member_path(destination, name) for name, _ in files]
    for (_, stream), target in zip(files, targets):
        _write(stream, target)
    if len(targets) == 1 and targets[0].suffix.lower() == ".zip":
        folder = targets[0].with_suffix("")
        folder.mkdir(exist_ok=True)
        extract_zip(targets[0], folder)
        targets[0].unlink()  # the extracted copy is what is read; do not keep the archive twice
        return folder
    return targets[0] if len(targets) == 1 else destination
