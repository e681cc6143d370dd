"""The one runner for child processes: start, talk, cap memory and time, kill.

Every file that did not ship with the app is read by a child (:mod:`dashboard.wall.child`), never by the server,
so a file that crashes a reader, allocates without end or spins costs only that child. The child is a fork of a
warm template (:mod:`dashboard.wall.templates`) that never read a stranger's file, without the server's environment,
in its own folder and namespaces; it caps its address space and processor time, leaves the network where allowed,
ends with its parent and answers one JSON line per request. One silent past
``seconds x`` :data:`BUSY_FACTOR` is killed: :class:`~dashboard.errors.BusyError` (never cached) if it used
little processor time, else :class:`~dashboard.errors.ChildLimitError`.

What crosses the wall is JSON, never a pickle: catalogue messages keep their key and parameters, errors their
:class:`~dashboard.errors.ExplorerError` class by name. The parent decodes only what it knows: an unknown key or
class from a misbehaving child becomes a plain string or a :class:`~dashboard.errors.CheckpointReadError`.

Sources: ``setrlimit(2)`` (``RLIMIT_AS``, ``RLIMIT_CPU``), ``unshare(2)``, ``user_namespaces(7)``.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from dashboard import errors
from dashboard.errors import BusyError, ChildLimitError, ExplorerError
from dashboard.i18n import Text, msg
from dashboard.wall.templates import Forked, template

#: Wall-clock time a request may take, in multiples of its processor time (so a loaded machine finishes honest work).
BUSY_FACTOR = 3.0
#: Most bytes one answer may have (tables travel as files; a large vocabulary or converted tokenizer does not).
MAX_ANSWER_BYTES = 128 << 20


class NeedsTorchError(Exception):
    """The job needs torch, which its child refused to import: ask a job whose child imports it (never shown)."""


#: Job whose child refuses torch -> the same job in a child with torch, asked on :class:`NeedsTorchError`.
WITH_TORCH = {"tables.read": "tables.read_torch", "norm.read": "norm.read_torch"}
#: Template kind -> the modules it imports before forking children (:func:`dashboard.wall.child.template_main`;
#: it imports its jobs' modules too), the readers' registry among them (each reader is imported at its first use):
#: ``light`` for every reader but the torch formats' (starts faster, in less memory, refuses torch), ``torch`` for
#: those, ``transformers`` for what transformers does (a model built, a tokenizer converted; seconds of imports that
#: a reader of a pickle, a command line's above all, should not wait for).
TEMPLATES = {"light": ("numpy", "safetensors", "gguf", "tokenizers", "dashboard.checkpoints.registry",
                       "dashboard.checkpoints.embedding_norm"),
             "torch": ("numpy", "torch", "safetensors", "gguf", "tokenizers", "dashboard.checkpoints.registry",
                       "dashboard.checkpoints.embedding_norm", "dashboard.checkpoints.tokenizer_process"),
             "transformers": ("numpy", "torch", "safetensors", "gguf", "tokenizers", "transformers",
                              "transformers.modeling_utils", "dashboard.forward.nanogpt")}
#: Job name -> (``module:function`` run in the child with the request's ``args`` as keywords, its template).
JOBS = {
    "tables.read": ("dashboard.wall.tables:read_in_child", "light"),
    "tables.read_torch": ("dashboard.wall.tables:read_in_child", "torch"),
    "model.export": ("dashboard.forward.export:export_in_child", "transformers"),
    "run.discover": ("dashboard.wall.runs:discover_in_child", "torch"),
    "norm.read": ("dashboard.wall.norms:read_norm_in_child", "light"),
    "norm.read_torch": ("dashboard.wall.norms:read_norm_in_child", "torch"),
    "zip.measure": ("dashboard.wall.archives:measure_in_child", "light"),
    "zip.extract": ("dashboard.wall.archives:extract_in_child", "light"),
    "npz.list": ("dashboard.wall.archives:list_arrays_in_child", "light"),
    "tokenizer.load": ("dashboard.checkpoints.tokenizer_process:load_in_child", "light"),
    "tokenizer.encode": ("dashboard.checkpoints.tokenizer_process:encode_in_child", "light"),
    "tokenizer.convert": ("dashboard.checkpoints.tokenizer_process:convert_in_child", "transformers"),
    "wall.probe": ("dashboard.wall.child:probe", "light"),
}


class Child:
    """One child process that answers requests one at a time; thread-safe (callers wait for each other).

    Args:
        origin: the file as messages name it (``ckpt.pt``).
        memory_bytes: address space the child may use beyond its imports, in bytes.
        workdir: the child's working folder; ``None`` for a fresh one, removed by :meth:`close` if empty (what a
            job wrote there is the caller's to remove).
    """

    def __init__(self, origin: str, *, memory_bytes: int, workdir: Path | None = None):
        self.origin = origin
        self.memory_bytes = memory_bytes
        self._own_dir = workdir is None
        self.workdir = Path(workdir if workdir is not None else tempfile.mkdtemp(prefix="wall-"))
        self._process: Forked | None = None
        self._lock = threading.Lock()

    def ask(self, job: str, args: dict[str, Any], seconds: float) -> Any:
        """Run ``job`` (a key of :data:`JOBS`) in the child, forking it from its template if needed.

        Args:
            args: the job's keyword arguments (JSON-able, messages included).
            seconds: processor time the job may use; wall-clock time is :data:`BUSY_FACTOR` times that.

        Raises:
            ExplorerError: the job raised one (its own class when this process knows it).
            CheckpointReadError: the job failed with another error (its type and first line named).
            ChildLimitError: the child crashed, ran out of memory or processor time, or answered too much.
            BusyError: the wall-clock time ran out while the child had used little processor time.
            NeedsTorchError: the job needs torch, which the child of a ``TORCH_REFUSED`` job does not import.
            OSError: the template could not fork a child (no process or memory to spare) or did not answer.
        """
        with self._lock:
            if self._process is None or self._process.poll() is not None:
                self._process = template(JOBS[job][1]).fork(self.workdir)
            process = self._process
            started_cpu = _cpu_seconds(process.pid)
            request = {"job": job, "args": encode(args), "memory": self.memory_bytes, "seconds": seconds}
            try:
                process.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
                process.stdin.flush()
            except OSError:  # it died between two requests (a previous one ended it)
                pass
            line = _read_line(process, seconds * BUSY_FACTOR)
            if line is None or line == b"":
                used = _cpu_seconds(process.pid) - started_cpu
                self._kill()
                raise self._failure(process.returncode, line, seconds, used)
            try:
                answer = json.loads(line)
            except ValueError as error:
                self._kill()
                raise ChildLimitError(msg("err.wall.bad_answer", origin=self.origin, reason=str(error)[:100])) \
                    from error
        if answer.get("error") == "MemoryError":  # the child's cap refused an allocation
            raise ChildLimitError(msg("err.wall.memory", origin=self.origin, memory_mb=self.memory_bytes >> 20))
        if answer.get("error") == NEEDS_TORCH:
            raise NeedsTorchError(self.origin)
        if "error" in answer:
            raise decode_error(answer, self.origin)
        return decode(answer.get("result"))

    @property
    def pid(self) -> int | None:
        """The running child's process id, or ``None`` before the first request and after it ended."""
        process = self._process
        return process.pid if process is not None and process.poll() is None else None

    def _failure(self, code: int | None, line: bytes | None, seconds: float, used: float) -> ExplorerError:
        """The error for a child that did not answer: too much said, killed at the deadline, or stopped."""
        if line == b"":
            return ChildLimitError(msg("err.wall.answer_too_big", origin=self.origin, most_mb=MAX_ANSWER_BYTES >> 20))
        if code == -signal.SIGXCPU or (code == -signal.SIGKILL and used >= seconds * 0.9):
            return ChildLimitError(msg("err.wall.cpu", origin=self.origin, seconds=round(seconds)))
        if code == -signal.SIGKILL:  # our deadline, with processor time to spare: the machine was busy
            return BusyError(msg("err.wall.busy", origin=self.origin, seconds=seconds * BUSY_FACTOR, cpu=used))
        name = signal.Signals(-code).name if code is not None and code < 0 else f"exit status {code}"
        return ChildLimitError(msg("err.wall.crashed", origin=self.origin, signal=name))

    def _kill(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.kill()  # the child and anything it started
            process.wait()

    def close(self) -> None:
        """End the child (a stuck one is killed) and remove the folder it made, when empty."""
        with self._lock:
            self._kill()
            if self._own_dir:
                try:
                    self.workdir.rmdir()
                except OSError:  # results not read yet, or already gone
                    pass

    def __del__(self) -> None:
        try:
            self._kill()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass


@contextmanager
def fresh_child(origin: str, job: str, *, memory_bytes: int) -> Iterator[Child]:
    """A child for one stranger's file or one run's checkpoints (forked from the warm template of ``job``).

    Ended on leaving, so a file that spoils its child spoils only what it reads next for the same caller.

    Raises:
        As :meth:`Child.ask`, from the caller's requests; the child's folder is removed when one escapes.
    """
    child = Child(origin, memory_bytes=memory_bytes)
    try:
        yield child
    except BaseException:
        shutil.rmtree(child.workdir, ignore_errors=True)  # whatever it wrote before it failed
        raise
    finally:
        child.close()


def ask_once(origin: str, job: str, args: dict[str, Any], *, seconds: float, memory_bytes: int) -> tuple[Any, Path]:
    """Run one job in a :func:`fresh_child`, then end it: each stranger's file gets a fresh fork of a clean template.

    Returns:
        The job's result, and the child's working folder (the caller removes it after reading what the job wrote).

    Raises:
        As :meth:`Child.ask`; a job of :data:`WITH_TORCH` whose file needs torch is asked again of a child with it.
    """
    try:
        with fresh_child(origin, job, memory_bytes=memory_bytes) as child:
            return child.ask(job, args, seconds), child.workdir
    except NeedsTorchError:
        with fresh_child(origin, WITH_TORCH[job], memory_bytes=memory_bytes) as child:
            return child.ask(WITH_TORCH[job], args, seconds), child.workdir


def _cpu_seconds(pid: int) -> float:
    """Processor seconds (user + system) process ``pid`` has used so far; 0.0 where ``/proc`` cannot tell."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime (proc(5))
    except (OSError, IndexError, ValueError):
        return 0.0


def _read_line(process: Forked, seconds: float) -> bytes | None:
    """The child's next line; ``None`` when it ends or ``seconds`` pass first, ``b""`` past
    :data:`MAX_ANSWER_BYTES`."""
    deadline = time.monotonic() + seconds
    fd = process.stdout.fileno()
    chunks: list[bytes] = []
    received = 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return None
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            process.wait()
            return None
        chunks.append(chunk)
        received += len(chunk)
        if received > MAX_ANSWER_BYTES:
            return b""
        if chunk.endswith(b"\n"):
            return b"".join(chunks)


#: The JSON object key that marks an encoded :class:`~dashboard.i18n.Text`.
TEXT_KEY = "$text"
#: Error name answered when a job needs torch, which its child refused (:data:`dashboard.wall.child.TORCH_REFUSED`).
NEEDS_TORCH = "NeedsTorch"


def encode(value: Any) -> Any:
    """``value`` as JSON-able data: a :class:`Text` as ``{"$text": key, "params": {...}}``, tuples as lists,
    paths and other objects as their ``str``."""
    if isinstance(value, Text):
        return {TEXT_KEY: value.key, "params": {name: encode(item) for name, item in value.params.items()}}
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {str(name): encode(item) for name, item in value.items()}
    return str(value)


def decode(value: Any) -> Any:
    """The inverse of :func:`encode` (lists stay lists); a message whose key the catalogue lacks becomes its
    parameters' plain text, so nothing a child says can raise here."""
    if isinstance(value, dict) and TEXT_KEY in value:
        params = {str(name): decode(item) for name, item in dict(value.get("params") or {}).items()}
        try:
            return Text(str(value[TEXT_KEY]), params)
        except (KeyError, IndexError, ValueError, TypeError):
            return str(value[TEXT_KEY])
    if isinstance(value, list):
        return [decode(item) for item in value]
    if isinstance(value, dict):
        return {name: decode(item) for name, item in value.items()}
    return value


def encode_error(error: BaseException) -> dict[str, Any]:
    """An exception as ``{"error": class name, "text": message}``: an :class:`ExplorerError` keeps its message's
    key and parameters, anything else (a Rust panic too) its first 500 characters."""
    if isinstance(error, errors.ExplorerError) and error.args:
        return {"error": type(error).__name__, "text": encode(error.args[0]), "explorer": True}
    return {"error": type(error).__name__, "text": str(error)[:500], "explorer": False}


def _explorer_errors() -> dict[str, type[errors.ExplorerError]]:
    found: dict[str, type[errors.ExplorerError]] = {}
    pending: list[type[errors.ExplorerError]] = [errors.ExplorerError]
    while pending:
        cls = pending.pop()
        found.setdefault(cls.__name__, cls)
        pending.extend(cls.__subclasses__())
    return found


def decode_error(answer: dict[str, Any], origin: str) -> errors.ExplorerError:
    """The error in an :func:`encode_error` answer: its own :class:`ExplorerError` class, else CheckpointReadError."""
    text = decode(answer.get("text", ""))
    if answer.get("explorer"):
        cls = _explorer_errors().get(str(answer.get("error")))
        if cls is not None:
            return cls(text)
    return errors.CheckpointReadError(msg("err.wall.failed", origin=origin, kind=str(answer.get("error")),
                                          error=str(text)))
