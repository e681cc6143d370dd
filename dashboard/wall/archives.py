"""Unpack a received zip behind the wall: ``zipfile`` parses a stranger's archive only in capped children.

One child measures the zip (limits and names checked, nothing written), this process reserves that many bytes of
the session's quota, and a second child extracts it; both run :mod:`dashboard.checkpoints.uploads`' checks.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from dashboard.checkpoints.uploads import RoomCheck, extract_zip, extraction_limit, measure_zip
from dashboard.wall.runner import ask_once
from dashboard.wall.tables import BASE_MEMORY, BASE_SECONDS, SECONDS_PER_GB


def extract_behind_wall(archive: Path, destination: Path, *, max_bytes: int | None = None,
                        check_room: RoomCheck | None = None) -> Path:
    """:func:`~dashboard.checkpoints.uploads.extract_zip`, in capped children.

    Raises:
        As :func:`~dashboard.checkpoints.uploads.extract_zip`, with the same classes and messages; also
        ChildLimitError (a child crashed or hit its caps) and BusyError (the machine was too busy).
    """
    max_bytes = extraction_limit() if max_bytes is None else max_bytes
    seconds = BASE_SECONDS + SECONDS_PER_GB * max_bytes / 1e9
    args = {"archive": str(archive), "destination": str(destination), "max_bytes": max_bytes}
    needed, folder = ask_once(archive.name, "zip.measure", args, seconds=seconds, memory_bytes=BASE_MEMORY)
    shutil.rmtree(folder, ignore_errors=True)
    if check_room is not None:
        check_room(int(needed))
    _, folder = ask_once(archive.name, "zip.extract", args, seconds=seconds, memory_bytes=BASE_MEMORY)
    shutil.rmtree(folder, ignore_errors=True)
    return destination


def measure_in_child(archive: str, destination: str, max_bytes: int) -> int:
    """The child's job: the bytes the zip unpacks to, once its limits and names are checked."""
    return measure_zip(Path(archive), Path(destination), max_bytes)


def extract_in_child(archive: str, destination: str, max_bytes: int) -> None:
    """The child's job: extract the zip (its checks run again)."""
    extract_zip(Path(archive), Path(destination), max_bytes=max_bytes)


def list_arrays_behind_wall(path: Path) -> dict[str, tuple[tuple[int, ...], str]]:
    """Array name -> (shape, dtype name) of a received ``.npy``/``.npz``, listed in a capped child.

    Raises:
        As :func:`~dashboard.checkpoints.numpy_arrays.list_arrays`; also ChildLimitError and BusyError.
    """
    listed, folder = ask_once(path.name, "npz.list", {"path": str(path)}, seconds=BASE_SECONDS,
                              memory_bytes=BASE_MEMORY)
    shutil.rmtree(folder, ignore_errors=True)
    return {str(name): (tuple(int(n) for n in shape), str(dtype)) for name, (shape, dtype) in listed.items()}


def list_arrays_in_child(path: str) -> dict[str, tuple[tuple[int, ...], str]]:
    """The child's job: the arrays' names, shapes and dtype names."""
    from dashboard.checkpoints.numpy_arrays import list_arrays

    return {name: (shape, str(dtype)) for name, (shape, dtype) in list_arrays(Path(path)).items()}
