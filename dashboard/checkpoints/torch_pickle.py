"""Loading ``torch.save`` files safely: tensors and plain containers only, nothing executed.

Files are opened with ``torch.load(map_location="cpu", weights_only=True)``, zip-format ones memory-mapped
(``mmap=True``). A refusal names every object the file asks for
(``torch.serialization.get_unsafe_globals_in_checkpoint``, which executes nothing); there is no unsafe retry.
Source: https://pytorch.org/docs/stable/generated/torch.load.html and ``torch/_weights_only_unpickler.py`` (its
refusal wording, parsed when that scan cannot run).
"""

from __future__ import annotations

import pickle
import re
import sys
import warnings
import zipfile
from pathlib import Path
from typing import Any

from dashboard.checkpoints.uploads import check_zip_limits
from dashboard.errors import CheckpointReadError, UnsafeCheckpointError
from dashboard.i18n import msg

#: How ``torch/_weights_only_unpickler.py`` names a refused object, for legacy (non-zip) files the scan skips.
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
        # is_zipfile lets BadZipFile escape for some damaged end records: no torch zip either.
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
    """Unpickle a ``torch.save`` file (``.pt``/``.pth``/``.bin``/``.ckpt``) allowing only tensors and plain containers.

    Run it behind the wall (:mod:`dashboard.wall`) for a file that did not ship with the app: a pickle can still crash
    or exhaust its process. Returns what the file holds (usually name -> tensor), a zip's tensors memory-mapped.

    Raises:
        UnsafeCheckpointError: the file asks for other objects (named; nothing executed), or a tensor is not plain
            bytes of the file (:func:`_check_tensors`).
        ArchiveLimitError: a zip entry is compressed like a zip bomb; nothing was inflated.
        CheckpointReadError: the file is empty, truncated or not a torch file.
    """
    import torch

    mmap = is_torch_zip(path)
    if mmap:
        _check_members(path)
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
    _check_tensors(loaded, path, mmap)
    return loaded


def _check_tensors(loaded: Any, path: Path, mapped: bool) -> None:
    """Refuse a tensor that is not plain bytes of the file: sparse, nested, quantized, on the meta device, or (in a zip)
    outside the file's mapping, which an allow-listed torch function can make, filled with stale memory.

    Raises:
        UnsafeCheckpointError: such a tensor, named by where it sits.
    """
    import torch

    ranges = _mapped_ranges(path) if mapped else []
    pending: list[tuple[str, Any]] = [("", loaded)]
    while pending:
        where, value = pending.pop()
        if isinstance(value, dict):
            pending.extend((f"{where}.{key}" if where else str(key), item) for key, item in value.items())
        elif isinstance(value, (list, tuple)):
            pending.extend((f"{where}[{i}]", item) for i, item in enumerate(value))
        elif isinstance(value, torch.Tensor):
            reason = _unbacked(value, ranges, mapped)
            if reason:
                raise UnsafeCheckpointError(msg("err.wall.not_in_file", tensor=where or "tensor", origin=path.name,
                                                reason=reason))


def _unbacked(tensor: Any, ranges: list[tuple[int, int]], mapped: bool) -> str | None:
    """Why ``tensor`` is not plain bytes of the file, or ``None``."""
    import torch

    if tensor.layout != torch.strided or tensor.is_nested or tensor.is_quantized or tensor.device.type != "cpu":
        return f"layout {tensor.layout}, device {tensor.device.type}"
    storage = tensor.untyped_storage()
    start, size = storage.data_ptr(), storage.nbytes()
    if mapped and size and not any(low <= start and start + size <= high for low, high in ranges):
        return f"{size:,} bytes allocated, not mapped from the file"
    return None


def _mapped_ranges(path: Path) -> list[tuple[int, int]]:
    """Address ranges of this process that map ``path`` (``/proc/self/maps``, proc(5))."""
    real = str(path.resolve())
    ranges = []
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split(maxsplit=5)
            if len(fields) == 6 and fields[5].rstrip("\n") == real:
                low, high = fields[0].split("-")
                ranges.append((int(low, 16), int(high, 16)))
    return ranges


def _plain_pickle_protocol(path: Path) -> int | None:
    """The protocol of ``path`` when it is one whole pickle of protocol 4 or more, else ``None``.

    ``pickle.dump`` writes 4 or 5, ``torch.save`` never, and torch refuses protocol 4's framing. Opcodes are walked
    with ``pickletools.genops`` (executes nothing), each read capped at the file's size.
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

    ``torch.save`` stores entries uncompressed; a crafted file can deflate ``data.pkl``, which torch reads whole.

    Raises:
        ArchiveLimitError: an entry, or all together, compressed more than ``MAX_COMPRESSION_RATIO`` times.
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


#: Python's own errors, met when the unpickler reads bytes that are no pickle: their text alone ("101", "pop from
#: empty list") names nothing, so their class is shown with it.
_BARE_ERRORS = (LookupError, EOFError, TypeError, AttributeError)


def _first_line(error: BaseException) -> str:
    """The specific reason in a (often multi-paragraph) torch error message."""
    text = str(error).split("WeightsUnpickler error:", 1)[-1]
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    lines = [line for line in lines if not line.startswith(_BOILERPLATE)] or [type(error).__name__]
    line = f"{type(error).__name__}: {lines[0]}" if isinstance(error, _BARE_ERRORS) and lines[0] != type(
        error).__name__ else lines[0]
    return line if len(line) <= 200 else line[:197] + "..."
