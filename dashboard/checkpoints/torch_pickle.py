"""Loading ``torch.save`` files safely: tensors and plain containers only, nothing executed.

Every torch file is opened with ``torch.load(path, map_location="cpu",
weights_only=True)``: PyTorch's restricted unpickler builds tensors, dicts,
lists, strings and numbers and refuses any other global (a class, a function)
before it could run. Files in the zip format that ``torch.save`` writes since
PyTorch 1.6 are also memory-mapped (``mmap=True``), so unpickling costs the
size of the pickle, and a tensor's bytes are read only when it is used.

When the restricted unpickler refuses a file, the error names every object the
file asks for (``torch.serialization.get_unsafe_globals_in_checkpoint``, a scan
that executes nothing) and what the user can do. There is no second, unsafe
attempt, ever.

Source: https://pytorch.org/docs/stable/generated/torch.load.html (the
``weights_only`` and ``mmap`` arguments) and ``torch/_weights_only_unpickler.py``
(the wording of its refusals, parsed below when the scan cannot run).
"""

from __future__ import annotations

import io
import pickle
import re
import sys
import warnings
import zipfile
from pathlib import Path
from typing import Any

from dashboard.checkpoints.pickle_scan import MAX_OPCODES, scan_pickle
from dashboard.checkpoints.uploads import check_zip_limits
from dashboard.errors import CheckpointReadError, UnsafeCheckpointError
from dashboard.i18n import msg

#: How ``torch/_weights_only_unpickler.py`` names a refused object, for legacy
#: (non-zip) files that the scan does not cover.
_REFUSAL_PATTERNS = (
    re.compile(r"unsupported GLOBAL (\S+) whose module"),
    re.compile(r"Unsupported global: GLOBAL (\S+) was not an allowed global"),
    re.compile(r"call reduce for unrecognized function (.+?)(?: which belongs|$)", re.MULTILINE),
    re.compile(r"Can only create new object for .* but got (.+)$", re.MULTILINE),
    re.compile(r"Can only build Tensor, .* but got (.+)$", re.MULTILINE),
)


def is_torch_zip(path: Path) -> bool:
    """True when ``path`` is a zip archive, the format ``torch.save`` writes by default."""
    try:
        return zipfile.is_zipfile(path)
    except (OSError, zipfile.BadZipFile):
        # is_zipfile lets BadZipFile escape for some damaged end records
        # ("zipfiles that span multiple disks"): such a file is no torch zip.
        return False


def _refused_objects(path: Path, message: str) -> list[str]:
    """Names of the globals a file asks for that safe loading refuses."""
    import torch

    names: list[str] = []
    try:
        names = sorted(torch.serialization.get_unsafe_globals_in_checkpoint(str(path)))
    except Exception:  # not a zip checkpoint, or damaged: fall back to the refusal message
        names = []
    if not names:
        names = [m.group(1).strip() for p in _REFUSAL_PATTERNS for m in p.finditer(message)]
    return list(dict.fromkeys(names))


def load_torch_file(path: Path) -> Any:
    """Unpickle a ``torch.save`` file with only tensors and plain containers allowed.

    Args:
        path: a ``.pt``/``.pth``/``.bin``/``.ckpt`` file written by ``torch.save``.

    Returns:
        What the file holds (usually a dict of name -> tensor). Tensors of
        zip-format files are memory-mapped: their bytes are read on first use.

    Raises:
        UnsafeCheckpointError: the file asks for objects other than tensors and
            plain containers; the message names them. Nothing was executed.
        ArchiveLimitError: a zip entry is compressed like a zip bomb; nothing was inflated.
        CheckpointReadError: the file is empty, truncated or not a torch file.
        UnsafeCheckpointError: also when :func:`~dashboard.checkpoints.pickle_scan.scan_pickle` refuses a pickle
            of the file before torch reads it (a hash or memory bomb, nesting too deep, storage the file does not
            hold).
    """
    import torch

    mmap = is_torch_zip(path)
    if mmap:
        _check_members(path)
    _scan(path, mmap)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # torch warns about odd pickle protocols before refusing them
            loaded = torch.load(path, map_location="cpu", weights_only=True, mmap=mmap)
    except pickle.UnpicklingError as error:
        refused = _refused_objects(path, str(error))
        if refused:
            raise UnsafeCheckpointError(msg("err.ckpt.torch_unsafe", name=path.name,
                                            refused=", ".join(refused))) from error
        protocol = None if mmap else _plain_pickle_protocol(path)
        if protocol is not None:
            raise UnsafeCheckpointError(msg("err.ckpt.plain_pickle", name=path.name, protocol=protocol)) from error
        raise CheckpointReadError(msg("err.ckpt.torch_corrupt", name=path.name, reason=_first_line(error))) from error
    except Exception as error:  # torch raises RuntimeError, EOFError, ValueError ... on damaged files
        raise CheckpointReadError(msg("err.ckpt.torch_unreadable", name=path.name,
                                      reason=_first_line(error))) from error
    return loaded


#: Pickles at the head of a legacy (non-zip) ``torch.save`` file: magic number, protocol, system info, the
#: object, the storage keys (``torch/serialization.py``, ``_legacy_save``); the raw storages follow.
_LEGACY_PICKLES = 5
#: The bytes torch checks to open a file as a zip (``torch/serialization.py``, ``_is_zipfile``).
_ZIP_MAGIC = b"PK\x03\x04"


def _scan(path: Path, zipped: bool) -> None:
    """:func:`~dashboard.checkpoints.pickle_scan.scan_pickle` of the file's pickles, before torch unpickles them:
    a zip's one ``data.pkl`` (a zip with any other pickle is refused), or the pickles at the head of a legacy file
    (together at most :data:`~dashboard.checkpoints.pickle_scan.MAX_OPCODES` instructions); the storages they declare against the file.

    Raises:
        UnsafeCheckpointError: a pickle is a hash or memory bomb, or declares more storage than the file holds; a
            zip holds another pickle than one ``data.pkl``.
        CheckpointReadError: the zip cannot be read, or a file that is not a zip holds no pickle where
            ``torch.save`` writes one.
    """
    size = path.stat().st_size
    if zipped:
        try:
            with zipfile.ZipFile(path) as archive:
                # torch.save writes one pickle, ``<folder>/data.pkl``, the one torch reads. Any other: a decoy
                # ``xdata.pkl`` listed first hid a bomb from a scan of the first name ending in data.pkl, and many
                # entries, each under the instruction cap, took 4.5 s of scanning apiece (audits).
                pickles = [info for info in archive.infolist() if info.filename.endswith(".pkl")]
                if len(pickles) != 1 or not pickles[0].filename.endswith("/data.pkl"):
                    raise UnsafeCheckpointError(msg("err.ckpt.torch_zip_pickles", name=path.name,
                                                    names=", ".join(i.filename for i in pickles[:5]) or "-"))
                scan_pickle(io.BytesIO(archive.read(pickles[0])), path.name, available_bytes=size)
        except (zipfile.BadZipFile, ValueError, NotImplementedError, OSError, RuntimeError) as error:  # encrypted
            raise CheckpointReadError(msg("err.ckpt.torch_zip_damaged", name=path.name, error=error)) from error
        return
    with open(path, "rb") as stream:
        if stream.read(4) == _ZIP_MAGIC:  # torch opens it as a zip, which Python's zipfile could not read
            raise CheckpointReadError(msg("err.ckpt.torch_zip_truncated", name=path.name))
        # Every other file is scanned, whatever its first byte: torch unpickles a pickle of protocol 0 or 1,
        # which has no PROTO opcode, and one such file skipped the scan and crashed the server (audit).
        stream.seek(0)
        reader = _BoundedReader(stream, size)
        for index in range(_LEGACY_PICKLES):
            if stream.tell() >= size:
                break
            try:  # one instruction is at least one byte: the five share one cap on instructions
                scan_pickle(reader, path.name, available_bytes=size, limit_opcodes=max(MAX_OPCODES - stream.tell(), 1))
            except CheckpointReadError as error:  # text, JSON, a cut file: said as torch's own refusals are
                reason = msg("err.ckpt.torch_no_pickle", index=index + 1, count=_LEGACY_PICKLES,
                             offset=stream.tell())
                raise CheckpointReadError(msg("err.ckpt.torch_unreadable", name=path.name, reason=reason)) from error


def _plain_pickle_protocol(path: Path) -> int | None:
    """The pickle protocol of ``path`` when it is one whole pickle of protocol 4 or more, else ``None``.

    ``pickle.dump`` writes protocol 4 or 5 by default; ``torch.save`` never
    does (its zip format holds a protocol-2 pickle, and so does its legacy
    format), and PyTorch's restricted unpickler refuses protocol 4's framing
    ("Unsupported operand 149"). The check walks the opcodes with the standard
    library's ``pickletools.genops``, which executes nothing; every read is
    capped at the bytes the file has, so a length field claiming 2**56 bytes
    is "cut short", not a 2**56-byte allocation.
    """
    import pickletools

    try:
        with open(path, "rb") as stream:
            head = stream.read(2)
            if len(head) < 2 or head[0] != pickle.PROTO[0] or head[1] < 4:
                return None
            stream.seek(0)
            for opcode, _, _ in pickletools.genops(_BoundedReader(stream, path.stat().st_size)):
                if opcode.name == "STOP":
                    return head[1]
    except (ValueError, OSError):  # not a pickle, or cut short
        return None
    return None


class _BoundedReader:
    """A binary stream whose ``read(n)`` never asks for more than the ``size`` bytes the file has."""

    def __init__(self, stream, size: int):
        self._stream, self._size = stream, size

    def read(self, count: int = -1) -> bytes:
        left = self._size - self._stream.tell()
        return self._stream.read(left if count < 0 else min(count, left))

    def readline(self) -> bytes:
        return self._stream.readline()

    def tell(self) -> int:
        return self._stream.tell()


def _check_members(path: Path) -> None:
    """Refuse a torch zip whose entries are compressed like a zip bomb, before torch inflates any.

    ``torch.save`` stores every entry uncompressed; a crafted file can deflate
    ``data.pkl``, which torch reads whole into memory (400 kB of zeros
    inflate to 400 MB, then to a 400 MB string).

    Raises:
        ArchiveLimitError: an entry, or the entries together, compressed more than
            ``MAX_COMPRESSION_RATIO`` times.
        CheckpointReadError: the zip's directory cannot be read.
    """
    try:
        with zipfile.ZipFile(path) as archive:
            members = [info for info in archive.infolist() if not info.is_dir()]
    except (zipfile.BadZipFile, ValueError, NotImplementedError) as error:
        raise CheckpointReadError(msg("err.ckpt.torch_zip_damaged", name=path.name, error=error)) from error
    check_zip_limits(path.name, members, sys.maxsize, holds=msg("err.ckpt.holds.torch"),
                     archive_bytes=path.stat().st_size)


#: Advice paragraphs of torch's weights-only error, dropped to keep the specific reason.
_BOILERPLATE = ("Weights only load failed", "In PyTorch 2.6", "(1)", "(2)", "Please file an issue",
                "Check the documentation", "This file can still be loaded")


def _first_line(error: BaseException) -> str:
    """The specific reason in a (often multi-paragraph) torch error message."""
    text = str(error).split("WeightsUnpickler error:", 1)[-1]
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    lines = [line for line in lines if not line.startswith(_BOILERPLATE)] or [type(error).__name__]
    return lines[0] if len(lines[0]) <= 200 else lines[0][:197] + "..."
