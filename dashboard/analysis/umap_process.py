"""UMAP fits in a separate, lower-priority process, so that a running fit leaves the server's pages quick.

A fit in a thread of the server process holds Python's global interpreter
lock for as long as each numba call runs (umap-learn's and pynndescent's
kernels do not release it): measured here, pure-Python work on the server's
other threads ran 2.4x slower on the median and up to 20x slower at worst
while a seeded 12,000 x 256 fit ran beside it. In its own process the fit
shares only the CPU, and at ``nice`` :data:`NICE` the operating system gives
the server's threads the cores first.

:class:`UmapProcess` starts one child (``python -m
dashboard.analysis.umap_process``) on first use and keeps it, so numba
compiles once per server, not once per fit. Nothing is pickled either way:
a message is one line of JSON (a request on the child's stdin; progress, the
result or the error on a private pipe, the child's stdout pointed at its
stderr so that nothing a library prints can garble them); catalogue messages
travel as their key and parameters. The table goes through a
``multiprocessing`` shared-memory block (one copy, freed when the fit ends)
where ``/dev/shm`` has room for it, else through a ``.npy`` file the child
memory-maps, in the first writable scratch folder (:func:`scratch_dir`):
Docker gives a container a 64 MB ``/dev/shm`` unless told otherwise
(``--shm-size``), and a read-only or chroot-mounted image may have none, where
a block that does not fit would crash the server (SIGBUS) or fail to open. The
result comes back as a :meth:`Projection.save` file in the same folder, read
with ``allow_pickle=False``.

The child ends with the server, also in the middle of a fit: on Linux the
kernel kills it when the server dies (``prctl(PR_SET_PDEATHSIG, SIGKILL)``,
set between fork and exec, so it needs no Python code of the child to run;
numba kernels hold the child's interpreter lock for seconds at a time), and
everywhere a daemon thread of the child ends it within
:data:`PARENT_POLL_S` once its parent process id changes (a numba call holding
the lock delays that thread until the call returns). Its stdin closing ends
it between fits. Before this a server stopped with SIGTERM left a child
computing for 35-50 s, owned by PID 1. A fit nobody waits for any more is
stopped by killing the child (:meth:`UmapProcess.stop_fit`); the next call
starts a new one, which compiles umap-learn's numba code again.
"""

from __future__ import annotations

import ctypes
import dataclasses
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from multiprocessing import resource_tracker, shared_memory
from pathlib import Path
from typing import Any

import numpy as np

from dashboard import errors
from dashboard.analysis.projection import Projection, ProgressCallback, ProjectionSettings
from dashboard.i18n import Text

#: The child's niceness (0 is the server's; 19 the lowest priority). 5 gives the server about 3x the child's share of a
#: busy core (Linux CFS weights 1024 and 335), without starving the fit on a machine other users load.
NICE = 5
ROOT = Path(__file__).resolve().parents[2]
#: Free bytes ``/dev/shm`` must keep beyond the table for the table to go through shared memory.
SHM_MARGIN = 64 << 20
#: Scratch files older than this many seconds were left by a killed server (see :func:`clear_stale_scratch`).
STALE_SCRATCH_S = 3600
#: Seconds between the child's checks that its parent still lives (the portable fallback of :func:`watch_parent`).
PARENT_POLL_S = 0.5
#: ``prctl`` option: the signal the kernel sends a process when its parent dies (``<linux/prctl.h>``).
PR_SET_PDEATHSIG = 1


class FitCancelledError(RuntimeError):
    """A fit was stopped before it finished: nobody waits for it any more.

    Raised for a UMAP whose child process :meth:`UmapProcess.stop_fit` killed, and for a t-SNE whose
    job asked it to stop (:meth:`dashboard.ui.projection_jobs.ProjectionJob.stop`,
    :func:`dashboard.analysis.tsne.project_tsne`).
    """


def _libc_prctl():
    """libc's ``prctl``, looked up in the parent (never between fork and exec); ``None`` off Linux or without it."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def _child_setup(nice: int, prctl) -> None:
    """Run in the child between fork and exec: lower its priority and ask the kernel to kill it with its parent.

    Linux sends the signal when the *thread* that forked the child ends, not
    only the process: :class:`UmapProcess` is called from the job board's one
    worker thread, which lives as long as the server. Where ``prctl`` is
    missing (not Linux), :func:`watch_parent` in the child does the same, late
    by up to one numba call.
    """
    os.nice(nice)
    if prctl is not None:
        prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)


def watch_parent(parent: int, poll_s: float = PARENT_POLL_S) -> threading.Thread:
    """Start a daemon thread that ends this process (``os._exit(0)``) once its parent is no longer ``parent``.

    A process whose parent died is handed to PID 1 (or a subreaper), so its
    ``os.getppid()`` changes; that is checked every ``poll_s`` seconds. The
    thread needs the interpreter lock, so a numba call that holds it delays
    the exit until the call returns; on Linux the kernel's signal
    (:func:`_child_setup`) does not wait.

    Args:
        parent: the process id the parent had when it started this process (passed on the command line, so a
            parent that died before this runs is noticed too).
        poll_s: seconds between checks, > 0.
    """
    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(0)  # not sys.exit: that would end only this thread; nobody reads the answer any more
            time.sleep(poll_s)

    thread = threading.Thread(target=watch, name="watch-parent", daemon=True)
    thread.start()
    return thread


def shared_memory_fits(nbytes: int, folder: str = "/dev/shm") -> bool:
    """Whether ``folder`` (POSIX shared memory) has ``nbytes`` free plus :data:`SHM_MARGIN`; False where it is absent."""
    try:
        found = os.statvfs(folder)
    except OSError:
        return False
    return found.f_bavail * found.f_frsize >= nbytes + SHM_MARGIN


def _reserved_block(nbytes: int) -> shared_memory.SharedMemory | None:
    """A shared-memory block of ``nbytes`` whose pages are reserved now, or ``None`` where that fails.

    tmpfs allocates a page only when it is written, so a block that another
    process outgrew meanwhile would kill this one with SIGBUS during the copy;
    ``posix_fallocate`` reserves every page first, or fails with ENOSPC.
    """
    try:
        block = shared_memory.SharedMemory(create=True, size=max(nbytes, 1))
    except OSError:  # no /dev/shm to open, or one that refuses
        return None
    try:
        os.posix_fallocate(block._fd, 0, max(nbytes, 1))
    except (OSError, AttributeError):  # no room after all (or no descriptor on this platform): use a file
        block.close()
        block.unlink()
        return None
    return block


def clear_stale_scratch(folder: Path, older_than_s: float = STALE_SCRATCH_S) -> None:
    """Delete ``umap-*`` files in ``folder`` older than ``older_than_s`` seconds: left by a server that was killed.

    A live fit's files are younger: the table file is unlinked by the child as
    soon as it is mapped, a result file as soon as the parent has read it.
    """
    cutoff = time.time() - older_than_s
    for path in folder.glob("umap-*"):
        try:
            if path.stat().st_mtime < cutoff:
                path.unlink()
        except OSError:
            continue


def scratch_dir() -> Path:
    """The first folder this process can write a file in: ``scratch`` in the projection cache, else the temp folder.

    Raises:
        OSError: neither can be written (a read-only file system with no volume).
    """
    from dashboard.projection_cache import cache_dir

    failure: OSError | None = None
    for candidate in (lambda: cache_dir() / "scratch", lambda: Path(tempfile.gettempdir())):
        try:  # gettempdir itself raises where no temp folder can be written (a read-only image)
            folder = candidate()
            folder.mkdir(parents=True, exist_ok=True)
            handle, probe = tempfile.mkstemp(dir=folder, prefix="probe-")
            os.close(handle)
            os.remove(probe)
            return folder
        except OSError as error:
            failure = error
    raise failure


def _plain(value: Any) -> Any:
    """``value`` as JSON: a :class:`Text` as ``{"message": key, "params": ...}``, NumPy scalars as numbers."""
    if isinstance(value, Text):
        return {"message": value.key, "params": {k: _plain(v) for k, v in value.params.items()}}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value.item() if isinstance(value, np.generic) else value


def _revived(value: Any) -> Any:
    """The inverse of :func:`_plain`."""
    if isinstance(value, dict) and set(value) == {"message", "params"}:
        return Text(value["message"], {k: _revived(v) for k, v in value["params"].items()})
    if isinstance(value, dict):
        return {k: _revived(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_revived(v) for v in value]
    return value


def _write(stream, **message: Any) -> None:
    stream.write(json.dumps(_plain(message), default=str).encode("utf-8") + b"\n")
    stream.flush()


def _read(stream) -> dict | None:
    """The next message, ``None`` at the end of the stream."""
    line = stream.readline()
    return _revived(json.loads(line)) if line else None


def _error_from(name: str, message: Any) -> Exception:
    """The child's error again: the project's own error class when it is one, else a ``RuntimeError``."""
    kind = getattr(errors, name, None)
    if isinstance(kind, type) and issubclass(kind, errors.ExplorerError):
        return kind(message)
    return RuntimeError(f"{name}: {message}")


class UmapProcess:
    """One long-lived child process running UMAP fits (and the numba warm-up) one at a time.

    Thread-safe: calls from several threads wait for each other. A child
    that died (killed, out of memory) is started again on the next call.
    The child dies with this process (see the module's docstring).
    """

    def __init__(self, nice: int = NICE) -> None:
        self._nice = nice
        self._child: subprocess.Popen | None = None
        self._lock = threading.RLock()  # project() holds it around its _call
        # the fit in flight, by its progress callback, and whether stop_fit stopped it (both under _state)
        self._state = threading.Lock()
        self._fit: ProgressCallback | None = None
        self._stopped = False

    @property
    def pid(self) -> int | None:
        """The child's process id, ``None`` before the first call."""
        return None if self._child is None else self._child.pid

    def _ensure(self) -> subprocess.Popen:
        if self._child is None or self._child.poll() is not None:
            try:
                clear_stale_scratch(scratch_dir())
            except OSError:
                pass
            nice, prctl = self._nice, _libc_prctl()
            self._child = subprocess.Popen(
                [sys.executable, "-m", "dashboard.analysis.umap_process", str(os.getpid())], cwd=ROOT,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, preexec_fn=lambda: _child_setup(nice, prctl))
        return self._child

    def _call(self, request: dict, progress: ProgressCallback | None) -> dict:
        with self._lock:
            child = self._ensure()
            _write(child.stdin, **request)
            while True:
                answer = _read(child.stdout)
                if answer is None:
                    code = child.wait()
                    with self._state:
                        if self._stopped:
                            raise FitCancelledError("the fit was stopped: nobody waits for it any more")
                    raise RuntimeError(f"the UMAP worker process ended (exit status {code})")
                if answer["kind"] == "progress":
                    if progress is not None:
                        try:
                            progress(answer["fraction"], answer["label"])
                        except BaseException:  # the child goes on writing this fit's answers: start afresh
                            child.kill()
                            child.wait()
                            raise
                elif answer["kind"] == "result":
                    return answer
                else:
                    raise _error_from(answer["error"], answer["message"])

    def warm(self) -> None:
        """Compile umap-learn's numba code in the child (:func:`~dashboard.analysis.projection.warm_umap`)."""
        self._call({"kind": "warm"}, None)

    def stop_fit(self, progress: ProgressCallback) -> bool:
        """Stop the fit that reports to ``progress`` (compared with ``==``), killing the child if it runs.

        Its :meth:`project` raises :class:`FitCancelledError`; the next call
        starts a new child, which compiles umap-learn's numba code again.
        Safe to call from any thread at any time.

        Returns:
            Whether such a fit was in flight (False: none, or another one; nothing was done).
        """
        with self._state:
            if progress is None or self._fit is None or self._fit != progress:
                return False
            self._stopped = True
            if self._child is not None and self._child.poll() is None:
                self._child.kill()  # the reading thread sees the end of the answers and raises
            return True

    def project(self, table: np.ndarray, settings: ProjectionSettings,
                progress: ProgressCallback | None = None) -> Projection:
        """:func:`~dashboard.analysis.projection.project_table` of ``table`` (UMAP, on ``settings.backend``) in the child.

        Args:
            table: ``(n_rows, d_model)`` float32 (copied once, into shared memory or a scratch file).
            settings: ``method="umap"`` settings.
            progress: called on this thread with each of the child's progress reports; it also names the fit
                for :meth:`stop_fit`.

        Raises:
            QueryError: as :func:`project_umap` (re-raised from the child).
            FitCancelledError: :meth:`stop_fit` stopped it.
            RuntimeError: the child process died.
            OSError: no scratch folder can be written for the result.
        """
        with self._lock:  # held for the whole fit, so that _fit names it alone; _call takes it again (an RLock)
            with self._state:
                self._fit, self._stopped = progress, False
            try:
                return self._project(table, settings, progress)
            finally:
                with self._state:
                    self._fit, self._stopped = None, False

    def _project(self, table: np.ndarray, settings: ProjectionSettings,
                 progress: ProgressCallback | None) -> Projection:
        table = np.ascontiguousarray(table, dtype=np.float32)
        scratch = scratch_dir()
        request = {"kind": "project", "shape": list(table.shape), "settings": dataclasses.asdict(settings),
                   "scratch": str(scratch)}
        block, table_file = None, None
        if shared_memory_fits(table.nbytes):
            block = _reserved_block(table.nbytes)
        try:
            if block is not None:
                np.ndarray(table.shape, np.float32, buffer=block.buf)[...] = table
                request["block"] = block.name
            else:
                handle, name = tempfile.mkstemp(dir=scratch, prefix="umap-table-", suffix=".npy")
                os.close(handle)
                table_file = Path(name)
                np.save(table_file, table, allow_pickle=False)
                request["table_file"] = name
            with self._state:
                if self._stopped:  # stopped while the table was being copied: no child to kill yet
                    raise FitCancelledError("the fit was stopped: nobody waits for it any more")
            answer = self._call(request, progress)
        finally:
            if block is not None:
                block.close()
                block.unlink()
            if table_file is not None:
                table_file.unlink(missing_ok=True)
        path = Path(answer["file"])
        try:
            return Projection.load(path)  # an .npz of plain arrays, read with allow_pickle=False
        finally:
            path.unlink(missing_ok=True)


def _serve() -> None:
    """The child's loop: read requests from stdin, answer on the protocol pipe, until stdin closes."""
    from dashboard.analysis.projection import project_table, warm_umap

    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever a library prints goes to stderr, never into the answers

    def progress(fraction: float, label: Any) -> None:
        _write(answers, kind="progress", fraction=float(fraction), label=label)

    while True:
        request = _read(sys.stdin.buffer)
        if request is None:
            return
        try:
            if request["kind"] == "warm":
                warm_umap()
                _write(answers, kind="result")
                continue
            settings = ProjectionSettings(**request["settings"])
            if "block" in request:
                block = shared_memory.SharedMemory(name=request["block"])
                resource_tracker.unregister(block._name, "shared_memory")  # the parent owns and frees it
                try:
                    table = np.ndarray(tuple(request["shape"]), np.float32, buffer=block.buf)
                    # project_table: the settings' backend decides between umap-learn and cuML
                    result = project_table(table, settings, progress)
                    del table
                finally:
                    try:
                        block.close()
                    except BufferError:  # a failed fit's traceback still holds the view; the parent unlinks it
                        pass
            else:  # the parent's .npy of float32, read-only, never a pickle; unlinked once mapped (Linux keeps
                # the mapping), so a killed server leaves no copy of the table behind
                table = np.load(request["table_file"], mmap_mode="r", allow_pickle=False)
                Path(request["table_file"]).unlink(missing_ok=True)
                result = project_table(table, settings, progress)
                del table
            handle, name = tempfile.mkstemp(dir=request["scratch"], prefix="umap-result-", suffix=".npz")
            os.close(handle)
            result.save(Path(name))
            _write(answers, kind="result", file=name)
        except Exception as error:  # noqa: BLE001 - handed to the parent, which raises it
            message = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], Text) else str(error)
            _write(answers, kind="error", error=type(error).__name__, message=message)

if __name__ == "__main__":
    if len(sys.argv) > 1:  # the server's process id (UmapProcess passes it)
        watch_parent(int(sys.argv[1]))
    try:
        _serve()
    except BrokenPipeError:  # the server went away mid-fit: nobody reads the answer, so end without a traceback
        os._exit(0)  # not sys.exit: flushing the dead pipe at interpreter exit would print another error
