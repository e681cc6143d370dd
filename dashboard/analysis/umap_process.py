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
compiles once per server, not once per fit. A request is one pickle on the
child's stdin; the table travels through a ``multiprocessing``
shared-memory block (one copy of it, freed when the fit ends); progress
calls and the result (or the error) come back as pickles on a private pipe
(the child's stdout is pointed at its stderr so that nothing a library
prints can garble them). The child exits when its stdin closes, that is
when the server process ends.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import threading
from multiprocessing import resource_tracker, shared_memory
from pathlib import Path
from typing import Any

import numpy as np

from dashboard.analysis.projection import Projection, ProgressCallback, ProjectionSettings

#: The child's niceness (0 is the server's; 19 the lowest priority). 5 gives the server about 3x the child's share of a
#: busy core (Linux CFS weights 1024 and 335), without starving the fit on a machine other users load.
NICE = 5
ROOT = Path(__file__).resolve().parents[2]


class UmapProcess:
    """One long-lived child process running UMAP fits (and the numba warm-up) one at a time.

    Thread-safe: calls from several threads wait for each other. A child
    that died (killed, out of memory) is started again on the next call.
    """

    def __init__(self, nice: int = NICE) -> None:
        self._nice = nice
        self._child: subprocess.Popen | None = None
        self._lock = threading.Lock()

    @property
    def pid(self) -> int | None:
        """The child's process id, ``None`` before the first call."""
        return None if self._child is None else self._child.pid

    def _ensure(self) -> subprocess.Popen:
        if self._child is None or self._child.poll() is not None:
            nice = self._nice
            self._child = subprocess.Popen(
                [sys.executable, "-m", "dashboard.analysis.umap_process"], cwd=ROOT,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, preexec_fn=lambda: os.nice(nice))
        return self._child

    def _call(self, request: tuple, progress: ProgressCallback | None) -> Any:
        with self._lock:
            child = self._ensure()
            pickle.dump(request, child.stdin)
            child.stdin.flush()
            while True:
                try:
                    kind, *payload = pickle.load(child.stdout)
                except EOFError:
                    code = child.wait()
                    raise RuntimeError(f"the UMAP worker process ended (exit status {code})") from None
                if kind == "progress":
                    if progress is not None:
                        progress(*payload)
                elif kind == "result":
                    return payload[0]
                else:
                    raise payload[0]

    def warm(self) -> None:
        """Compile umap-learn's numba code in the child (:func:`~dashboard.analysis.projection.warm_umap`)."""
        self._call(("warm",), None)

    def project(self, table: np.ndarray, settings: ProjectionSettings,
                progress: ProgressCallback | None = None) -> Projection:
        """:func:`~dashboard.analysis.projection.project_umap` of ``table``, run in the child.

        Args:
            table: ``(n_rows, d_model)`` float32 (copied once into shared memory).
            settings: ``method="umap"`` settings.
            progress: called on this thread with each of the child's progress reports.

        Raises:
            QueryError: as :func:`project_umap` (re-raised from the child).
            RuntimeError: the child process died.
        """
        table = np.ascontiguousarray(table, dtype=np.float32)
        block = shared_memory.SharedMemory(create=True, size=max(table.nbytes, 1))
        try:
            np.ndarray(table.shape, np.float32, buffer=block.buf)[...] = table
            return self._call(("project", block.name, table.shape, settings), progress)
        finally:
            block.close()
            block.unlink()


def _serve() -> None:
    """The child's loop: read requests from stdin, answer on the protocol pipe, until stdin closes."""
    from dashboard.analysis.projection import project_umap, warm_umap

    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever a library prints goes to stderr, never into the answers

    def send(*message: Any) -> None:
        try:
            data = pickle.dumps(message)
        except Exception as error:  # noqa: BLE001 - an unpicklable error still has to come back
            data = pickle.dumps(("error", RuntimeError(f"{type(message[-1]).__name__}: {message[-1]} ({error})")))
        answers.write(data)
        answers.flush()

    requests = sys.stdin.buffer
    while True:
        try:
            kind, *args = pickle.load(requests)
        except EOFError:
            return
        try:
            if kind == "warm":
                warm_umap()
                send("result", None)
            else:
                name, shape, settings = args
                block = shared_memory.SharedMemory(name=name)
                resource_tracker.unregister(block._name, "shared_memory")  # the parent owns and frees it
                try:
                    table = np.ndarray(shape, np.float32, buffer=block.buf)
                    result = project_umap(table, settings, lambda fraction, label: send("progress", fraction, label))
                    del table
                finally:
                    try:
                        block.close()
                    except BufferError:  # a failed fit's traceback still holds the view; the parent unlinks it
                        pass
                send("result", result)
        except Exception as error:  # noqa: BLE001 - handed to the parent, which raises it
            send("error", error)


if __name__ == "__main__":
    _serve()
