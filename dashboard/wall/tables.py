"""Read a checkpoint's tables through the wall: :func:`read_checkpoint`, the app's and the CLI's one entry.

A bundled checkpoint is read here; any other source by :func:`dashboard.checkpoints.load_tables` in a capped child,
which writes each table as a float32 ``.npy`` and answers the rest as JSON. This process maps those files read-only
(``allow_pickle=False``) and reruns :class:`~dashboard.tables.EmbeddingTables`' checks: it never unpickles, calls
``torch.load`` or parses a stranger's GGUF, zip, npz or tokenizer bytes.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from dashboard import checkpoints  # its registry (every reader) loads on first use: bundled here, others in the child
from dashboard.checkpoints.bundled import BUNDLED, find_bundled
from dashboard.checkpoints.path_policy import PathPolicy, resolve_source
from dashboard.errors import ChildLimitError
from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables, Tying, Vocabulary
from dashboard.wall.runner import WITH_TORCH, Child, NeedsTorchError, fresh_child

#: The tables an :class:`EmbeddingTables` may hold, as the child writes them (``<name>.npy``).
TABLE_FIELDS = ("token", "position", "token_type", "output_head")
#: Address space (bytes) a reading child may use beyond its imports, plus :data:`BYTES_FACTOR` x the bytes it reads.
BASE_MEMORY = 256 << 20
#: An honest file needs at most this many times its size: mapped once, tables widened to float32 (Q4: 4.5 bits).
BYTES_FACTOR = 9
#: Processor seconds a reading child may use: this, plus :data:`SECONDS_PER_GB` for each GB it reads.
BASE_SECONDS = 20.0
SECONDS_PER_GB = 30.0
#: Depth and entries counted in a source folder's size (a run's ``checkpoint-N/``): readers open no deeper or more.
SIZED_DEPTH = 3
SIZED_ENTRIES = 20_000


def is_trusted(path: str | os.PathLike | None) -> bool:
    """True when ``path`` is (inside) a bundled checkpoint's file or folder: shipped with the app, so read here."""
    if path is None:
        return False
    real = Path(path).resolve()
    for model in BUNDLED:
        try:
            bundled = model.path.resolve()
        except Exception:  # noqa: BLE001 - a bundled package that is not installed trusts nothing
            continue
        if real == bundled or bundled in real.parents:
            return True
    return False


def source_bytes(path: Path) -> int:
    """Bytes of a file or folder, bounded by :data:`SIZED_DEPTH` and :data:`SIZED_ENTRIES` (so ``/`` is cheap)."""
    if path.is_file():
        return path.stat().st_size
    total, seen = 0, 0
    for folder, folders, files in os.walk(path):
        if len(Path(folder).relative_to(path).parts) >= SIZED_DEPTH:
            folders.clear()
        for name in files:
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                pass
        seen += len(files) + len(folders)
        if seen >= SIZED_ENTRIES:
            break
    return total


def read_checkpoint(source: str | Path, *, policy: PathPolicy | None = None, **options: Any) -> EmbeddingTables:
    """The embedding tables of ``source``: a bundled one read here, any other in a capped child of its own.

    Args:
        source: a bundled name or a path, as :func:`~dashboard.checkpoints.load_tables` takes.
        policy: which server paths may be opened; ``None`` for the deployment's.
        **options: reader options (``token_array``, ``position_array``, ``vocab_file``).

    Returns:
        Float32 tables, each a read-only map of a file the child wrote; ``model_path`` is the checkpoint's own.

    Raises:
        ExplorerError: whatever :func:`~dashboard.checkpoints.load_tables` raises, with its class and message.
        ChildLimitError: the file crashed its reader or exceeded its memory or processor-time cap.
        BusyError: the machine was too busy to finish in time (nothing is cached).
    """
    with reading_each([source], policy=policy) as read:
        return read(source, **options)


@contextmanager
def reading_each(sources: Sequence[str | Path], *,
                 policy: PathPolicy | None = None) -> Iterator[Callable[..., EmbeddingTables]]:
    """Yield ``read(source, **options)``: :func:`read_checkpoint` for each of one run's ``sources``, in one child.

    The child starts at the first read that needs it (one interpreter start per run, not per step), capped for the
    largest source.

    Raises:
        As :func:`read_checkpoint`, from ``read``; ``ExplorerError`` here for a path the policy does not allow.
    """
    policy = policy or PathPolicy.from_settings()
    # names and the file system only: nothing of a file is read here
    sized = {str(source): _sized(source, policy) for source in sources if find_bundled(str(source)) is None}
    memory = BASE_MEMORY + BYTES_FACTOR * max((size for _, size in sized.values()), default=0)
    with ExitStack() as stack:
        child: Child | None = None
        job = "tables.read"

        def ask(path: Path, args: dict[str, Any], seconds: float) -> Any:
            nonlocal child, job
            if child is None:
                job = job_for(path) if len(sized) == 1 else "tables.read"  # a run's child reads any format
                child = stack.enter_context(fresh_child(path.name or str(path), job, memory_bytes=memory))
            child.origin = path.name or str(path)
            try:
                return child.ask(job, args, seconds=seconds)
            except NeedsTorchError:  # an undetected torch file: it and the rest of the run go to a torch child
                _empty(child.workdir)
                child.close()
                job, child = WITH_TORCH[job], None
                child = stack.enter_context(fresh_child(path.name or str(path), job, memory_bytes=memory))
                return child.ask(job, args, seconds=seconds)

        def read(source: str | Path, **options: Any) -> EmbeddingTables:
            if find_bundled(str(source)) is not None:
                return checkpoints.load_tables(source, policy=policy, **options)
            path, size = sized.get(str(source)) or _sized(source, policy)
            try:
                answer = ask(path,
                             # absolute: the child works in a folder of its own, not the caller's
                             {"source": os.path.abspath(source), "policy": _policy_fields(policy),
                              "options": {k: str(v) for k, v in options.items() if v is not None}},
                             seconds=BASE_SECONDS + SECONDS_PER_GB * size / 1e9)
                return _tables_from_answer(answer, child.workdir, child.origin)
            finally:  # the maps stay valid: Linux frees the bytes with the last map
                if child is not None:
                    _empty(child.workdir)

        yield read


def _empty(folder: Path) -> None:
    """Remove what a child wrote in its working folder, keeping the folder."""
    for written in os.scandir(folder):
        if written.is_dir(follow_symlinks=False):
            shutil.rmtree(written.path, ignore_errors=True)
        else:
            os.unlink(written.path)


#: First bytes of a pickle, protocols 2-5 (https://docs.python.org/3/library/pickle.html#data-stream-format). A
#: zip (``torch.save``'s format, .npz, a folder) is not told by its first bytes: its child starts without torch.
TORCH_MAGIC = (b"\x80\x02", b"\x80\x03", b"\x80\x04", b"\x80\x05")


def job_for(path: Path) -> str:
    """The job for ``path``: ``tables.read_torch`` for a pickle (by its first two bytes), else ``tables.read``."""
    if not path.is_file():  # a folder, or something open() could block on (a FIFO)
        return "tables.read"
    try:
        with open(path, "rb") as file:
            return "tables.read_torch" if file.read(2) in TORCH_MAGIC else "tables.read"
    except OSError:
        return "tables.read"  # the child says what is wrong with it


def _sized(source: str | Path, policy: PathPolicy) -> tuple[Path, int]:
    """``(path, bytes)`` of a source that is not bundled (:func:`resolve_source`, :func:`source_bytes`)."""
    path, _ = resolve_source(source, policy)
    return path, source_bytes(path)


def read_in_child(source: str, policy: dict[str, Any], options: dict[str, str]) -> dict[str, Any]:
    """The child's job: :func:`~dashboard.checkpoints.load_tables`, each table saved as ``<field>.npy`` in the
    working folder, everything else returned as JSON-able data."""
    tables = checkpoints.load_tables(source, policy=_policy_from_fields(policy), **options)
    for name in TABLE_FIELDS:
        table = getattr(tables, name)
        if table is not None:
            np.save(f"{name}.npy", np.ascontiguousarray(table, dtype=np.float32), allow_pickle=False)
    return {
        "tables": [name for name in TABLE_FIELDS if getattr(tables, name) is not None],
        "vocabulary": {"raw": list(tables.vocabulary.raw), "display": list(tables.vocabulary.display),
                       "special_ids": sorted(tables.vocabulary.special_ids), "scheme": tables.vocabulary.scheme},
        "tying": dataclasses.asdict(tables.tying),
        "fields": {name: getattr(tables, name) for name in (
            "source", "format", "architecture", "source_dtype", "position_kind", "position_note",
            "total_parameters", "model_path")},
        "hyperparameters": dict(tables.hyperparameters),
        "notes": list(tables.notes),
    }


def _tables_from_answer(answer: Any, folder: Path, origin: str) -> EmbeddingTables:
    """The :class:`EmbeddingTables` a child's answer describes, its arrays mapped from ``folder``.

    Raises:
        ChildLimitError: the answer is not what :func:`read_in_child` makes (a child that misbehaved).
        ExplorerError: the tables' own checks (shapes, finite rows) refuse them.
    """
    try:
        arrays = {}
        for name in answer["tables"]:
            if name not in TABLE_FIELDS:
                raise ValueError(f"unknown table {name!r}")
            array = np.load(folder / f"{name}.npy", mmap_mode="r", allow_pickle=False)
            if array.dtype != np.float32 or array.ndim != 2:
                raise ValueError(f"{name} is {array.dtype} of {array.ndim} axes")
            arrays[name] = array
        words = answer["vocabulary"]
        vocabulary = Vocabulary(tuple(map(str, words["raw"])), tuple(map(str, words["display"])),
                                frozenset(int(i) for i in words["special_ids"]), str(words["scheme"]))
        fields = dict(answer["fields"])
        return EmbeddingTables(**arrays, vocabulary=vocabulary, tying=Tying(**answer["tying"]),
                               hyperparameters=dict(answer["hyperparameters"]), notes=tuple(answer["notes"]),
                               **fields)
    except (KeyError, TypeError, ValueError, OSError) as error:
        raise ChildLimitError(msg("err.wall.bad_answer", origin=origin, reason=str(error)[:100])) from error


def _policy_fields(policy: PathPolicy) -> dict[str, Any]:
    return {f.name: _plain(getattr(policy, f.name)) for f in dataclasses.fields(policy)}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [str(item) for item in value]
    return None if value is None else str(value)


def _policy_from_fields(fields: dict[str, Any]) -> PathPolicy:
    def path(value: Any) -> Path | None:
        return None if value is None else Path(value)

    return PathPolicy(mode=fields["mode"], models_dir=path(fields["models_dir"]),
                      trusted=tuple(Path(p) for p in fields["trusted"]), upload_root=path(fields["upload_root"]),
                      own_uploads=path(fields["own_uploads"]), spelled=tuple(Path(p) for p in fields["spelled"]))
