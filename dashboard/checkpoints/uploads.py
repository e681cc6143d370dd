"""Writing received files (browser uploads, zips of model folders) to disk, every name and size checked first.

An upload (one file, several of one folder, or one ``.zip``) becomes one path for ``load_tables``. Names that climb
out ("zip slip") are refused, and so is a zip over :func:`extraction_limit` or compressed more than
:data:`MAX_COMPRESSION_RATIO` times ("zip bomb"), before anything is extracted. Declared sizes are trusted:
:mod:`zipfile` stops at an entry's declared size and fails its CRC check if more follows.
"""

from __future__ import annotations

import os
import shutil
import zipfile
import zlib
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import BinaryIO, Callable, Iterable

from dashboard.checkpoints.user_paths import shorten
from dashboard.errors import (
    ArchiveLimitError,
    CheckpointReadError,
    UnsafeArchiveError,
    UnusablePathError,
)
from dashboard.i18n import msg
from dashboard.settings import (
    DEFAULT_UPLOAD_LIMIT_MB,
    EXTRACT_LIMIT_FACTOR,
    MAX_EXTRACT_ENV,
    Settings,
    current_settings,
    usable,
)

#: Bytes kept free on the upload disk after an extraction.
DISK_MARGIN = 64 * 2**20
_CHUNK = 8 * 2**20
#: Longest file or folder name Linux file systems hold, in bytes (NAME_MAX).
NAME_MAX = 255
_MB = 2**20

#: Most an entry may be compressed (uncompressed / compressed size): weights and text compress far less.
MAX_COMPRESSION_RATIO = 50
#: Most entries (files and folders) a zip may hold: empty ones pass every byte count but cost an inode each.
MAX_ZIP_ENTRIES = 10_000
#: Most folders deep an entry's path may go: a model folder is 1-2 deep, a training run's 3-4.
MAX_ZIP_DEPTH = 16
#: Entries smaller than this are not held to the ratio: a small config can compress well and cannot fill a disk.
RATIO_CHECK_MIN_BYTES = _MB


def extraction_limit(config: Settings | None = None, *, upload_limit_mb: float = DEFAULT_UPLOAD_LIMIT_MB) -> int:
    """Most bytes a zip may unpack to: ``EXPLORER_MAX_EXTRACT_MB`` MiB, else 5 x ``upload_limit_mb`` (Streamlit's, MB).

    Raises:
        ArchiveLimitError: the variable is set to something that is not a positive number.
    """
    named = usable((config or current_settings()).max_extract_mb)
    return int((EXTRACT_LIMIT_FACTOR * upload_limit_mb if named is None else named) * _MB)


_MODEL_FOLDER = msg("err.ckpt.holds.model_folder")


def check_zip_limits(archive_name: str, members: list[zipfile.ZipInfo], max_bytes: int, *,
                     holds: str = _MODEL_FOLDER, archive_bytes: int | None = None) -> None:
    """Refuse a zip whose entries would unpack to more than ``max_bytes`` or compress suspiciously well.

    The ratio is checked per entry of at least :data:`RATIO_CHECK_MIN_BYTES`, then for all together, so that many
    entries just under that size cannot add up to a bomb.

    Args:
        members: its file entries (no folders).
        holds: what the zip should be, for the message (``a torch checkpoint``, ``a NumPy .npz`` ...).
        archive_bytes: the zip's size on disk in bytes, when known; compressed sizes count as at most this much,
            since a crafted zip's entries can share one compressed stream.

    Raises:
        ArchiveLimitError: more than :data:`MAX_ZIP_ENTRIES` files and folders, a path :data:`MAX_ZIP_DEPTH` folders
            deep, a total declared size over ``max_bytes``, or compression over :data:`MAX_COMPRESSION_RATIO`.
    """
    deep = next((m.filename for m in members if m.filename.count("/") >= MAX_ZIP_DEPTH), None)
    if deep is not None:  # each level of a path is a folder to create
        shown = deep if len(deep) <= 80 else deep[:80] + "..."
        raise ArchiveLimitError(msg("err.ckpt.zip_depth", archive=archive_name, entry=shown,
                                    limit=MAX_ZIP_DEPTH, holds=holds))
    folders = {name.rsplit("/", depth)[0] for name in (m.filename for m in members)
               for depth in range(1, name.count("/") + 1)}
    if len(members) + len(folders) > MAX_ZIP_ENTRIES:
        raise ArchiveLimitError(msg("err.ckpt.zip_entries", archive=archive_name, count=len(members) + len(folders),
                                    limit=MAX_ZIP_ENTRIES, holds=holds))
    for member in members:
        ratio = member.file_size / max(member.compress_size, 1)
        if member.file_size >= RATIO_CHECK_MIN_BYTES and ratio > MAX_COMPRESSION_RATIO:
            raise ArchiveLimitError(msg("err.ckpt.zip_ratio", archive=archive_name, member=member.filename,
                                        packed=member.compress_size, size=member.file_size, ratio=ratio,
                                        holds=holds, limit=MAX_COMPRESSION_RATIO))
    total = sum(member.file_size for member in members)
    packed = sum(member.compress_size for member in members)
    if archive_bytes is not None:
        packed = min(packed, archive_bytes)
    ratio = total / max(packed, 1)
    if total >= RATIO_CHECK_MIN_BYTES and ratio > MAX_COMPRESSION_RATIO:
        raise ArchiveLimitError(msg("err.ckpt.zip_total_ratio", archive=archive_name, count=len(members),
                                    packed=packed, size=total, ratio=ratio, holds=holds,
                                    limit=MAX_COMPRESSION_RATIO))
    if total > max_bytes:
        raise ArchiveLimitError(msg("err.ckpt.zip_total", archive=archive_name, total_mb=total / _MB,
                                    limit_mb=max_bytes / _MB, env=MAX_EXTRACT_ENV))


def safe_member_path(destination: Path, name: str) -> Path:
    """Where ``name`` (a relative path inside an archive or upload) lands under ``destination``.

    Raises:
        UnsafeArchiveError: the name is absolute, has a drive, or climbs out with ``..`` (or a link does).
        UnusablePathError: a NUL byte, an unencodable character, or a part over :data:`NAME_MAX` bytes.
    """
    if "\x00" in name:
        raise UnusablePathError(msg("err.ckpt.upload_nul", name=shorten(name)))
    posix, windows = PurePosixPath(name.replace("\\", "/")), PureWindowsPath(name)
    if posix.is_absolute() or windows.drive or windows.root or ".." in posix.parts or not posix.parts:
        raise UnsafeArchiveError(msg("err.ckpt.zip_escape", entry=name))
    for part in posix.parts:
        try:
            size = len(os.fsencode(part))
        except UnicodeEncodeError as error:
            raise UnusablePathError(msg("err.ckpt.upload_unencodable", name=shorten(name))) from error
        if size > NAME_MAX:
            raise UnusablePathError(msg("err.ckpt.upload_name_long", name=shorten(part), size=size,
                                        limit=NAME_MAX))
    target = (destination / Path(*posix.parts)).resolve()
    if not target.is_relative_to(destination.resolve()):
        raise UnsafeArchiveError(msg("err.ckpt.zip_link_escape", entry=name))
    return target


#: ``check_room(n)`` raises when ``n`` more bytes may not be written (a session's disk quota).
RoomCheck = Callable[[int], None]


def extract_zip(archive: Path, destination: Path, *, max_bytes: int | None = None,
                check_room: RoomCheck | None = None) -> Path:
    """Extract a zip of a model folder into the existing ``destination`` after checking every entry; returns it.

    Args:
        max_bytes: most bytes all entries may unpack to; ``None`` for :func:`extraction_limit`.
        check_room: called with the bytes the entries unpack to before any is written; raises to refuse.

    Raises:
        UnsafeArchiveError: an entry would land outside ``destination`` (nothing written).
        UnusablePathError: an entry's name cannot be a file name here (nothing written).
        ArchiveLimitError: over a limit of :func:`check_zip_limits` (nothing written).
        CheckpointReadError: not a zip, encrypted, corrupt, larger than the free disk space, or a write failed.
    """
    max_bytes = extraction_limit() if max_bytes is None else max_bytes
    try:
        with zipfile.ZipFile(archive) as handle:
            members, targets, needed = _checked_members(handle, archive, destination, max_bytes)
            if check_room is not None:
                check_room(needed)
            free = shutil.disk_usage(destination).free
            if needed + DISK_MARGIN > free:
                raise CheckpointReadError(msg("err.ckpt.zip_no_space", archive=archive.name, needed=needed,
                                              free=free))
            for member, target in zip(members, targets):
                with handle.open(member) as source:
                    _write(source, target)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError, zlib.error) as error:
        raise CheckpointReadError(msg("err.ckpt.zip_unreadable", archive=archive.name, error=error)) from error
    return destination


def measure_zip(archive: Path, destination: Path, max_bytes: int) -> int:
    """The bytes ``archive`` unpacks to, after :func:`extract_zip`'s checks (nothing is written).

    Raises:
        As :func:`extract_zip`, but for the room and the writes.
    """
    try:
        with zipfile.ZipFile(archive) as handle:
            return _checked_members(handle, archive, destination, max_bytes)[2]
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError, zlib.error) as error:
        raise CheckpointReadError(msg("err.ckpt.zip_unreadable", archive=archive.name, error=error)) from error


def _checked_members(handle: zipfile.ZipFile, archive: Path, destination: Path,
                     max_bytes: int) -> tuple[list[zipfile.ZipInfo], list[Path], int]:
    """The zip's file entries, where each lands, and the bytes they unpack to, once names and limits are checked."""
    members = [m for m in handle.infolist() if not m.is_dir()]
    targets = [safe_member_path(destination, m.filename) for m in members]
    check_zip_limits(archive.name, members, max_bytes, archive_bytes=archive.stat().st_size)
    encrypted = [m.filename for m in members if m.flag_bits & 0x1]  # bit 0 of the flags: encrypted
    if encrypted:
        raise CheckpointReadError(msg("err.ckpt.zip_encrypted", archive=archive.name, entry=encrypted[0]))
    return members, targets, sum(m.file_size for m in members)


def _write(stream: BinaryIO, target: Path) -> None:
    """Copy ``stream`` to ``target``, its folders created; a refused write is a typed error."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "wb") as sink:
            shutil.copyfileobj(stream, sink, _CHUNK)
    except OSError as error:  # a full disk, a path over PATH_MAX, a read-only folder
        raise CheckpointReadError(msg("err.ckpt.upload_write", name=shorten(target.name),
                                      reason=error.strerror or error)) from error


def _stream_size(stream: BinaryIO) -> int:
    """Bytes left to read in ``stream`` (a seekable upload), its position kept."""
    start = stream.tell()
    end = stream.seek(0, os.SEEK_END)
    stream.seek(start)
    return end - start


def store_files(files: Iterable[tuple[str, BinaryIO]], destination: Path, *,
                max_extract_bytes: int | None = None, check_room: RoomCheck | None = None,
                unpack: Callable[..., Path] | None = None) -> Path:
    """Write received files under ``destination`` (an empty folder owned by the caller) and return the path to read.

    Args:
        files: ``(name, seekable binary stream)`` pairs; names may carry a relative folder. A lone ``.zip`` is
            extracted to a folder named after it (``gpt2.zip`` -> ``gpt2/``).
        max_extract_bytes: most bytes a zip may unpack to (see :func:`extract_zip`).
        check_room: called with the bytes to write, before the files and before a zip is extracted; raises to refuse.
        unpack: extracts a zip, with :func:`extract_zip`'s arguments (the default); the server passes
            :func:`dashboard.wall.archives.extract_behind_wall` so a stranger's zip is parsed by a capped child.

    Returns:
        The single file when one non-zip file was given, else ``destination`` (or the extracted folder).

    Raises:
        UnsafeArchiveError: a name would land outside ``destination``.
        UnusablePathError: a name cannot be a file name here (NUL, a part over 255 bytes).
        ArchiveLimitError: a zip over the extraction limits.
        CheckpointReadError: no files, a zip that cannot be read, or a write failed (disk full).
        ExplorerError: whatever ``check_room`` raises (nothing of the upload is written).
    """
    files = list(files)
    if not files:
        raise CheckpointReadError(msg("err.ckpt.upload_nothing"))
    targets = [safe_member_path(destination, name) for name, _ in files]
    if check_room is not None:
        check_room(sum(_stream_size(stream) for _, stream in files))
    for (_, stream), target in zip(files, targets):
        _write(stream, target)
    if len(targets) == 1 and targets[0].suffix.lower() == ".zip":
        folder = targets[0].with_suffix("")
        folder.mkdir(exist_ok=True)
        (unpack or extract_zip)(targets[0], folder, max_bytes=max_extract_bytes, check_room=check_room)
        targets[0].unlink()  # the extracted copy is what is read; do not keep the archive twice
        return folder
    return targets[0] if len(targets) == 1 else destination
