"""Warm templates that the wall's children are forked from, so a stranger's file waits for no imports.

A template is started with a child's environment (:func:`child_environment`), its own session, ending with its
parent, and imports what a kind of job needs (``torch`` and ``transformers`` take seconds); each child is then a
``fork(2)`` of it (:func:`dashboard.wall.child.template_main`) that enters namespaces of its own. The template never
reads a stranger's file, so each fork starts with nothing of another's. The runner talks to a template over a Unix
socket: it passes the
child's two pipe ends (``SCM_RIGHTS``, unix(7)) and its folder, and hears back the child's pid and, once it ended,
its exit code, since only a parent can wait for a process.
"""

from __future__ import annotations

import atexit
import os
import queue
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

#: Environment variables a child keeps: where programs are, the language, and the CPU quirks OpenBLAS needs.
KEPT_ENVIRONMENT = ("PATH", "LANG", "LC_ALL", "SYSTEMROOT", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "TMPDIR")
ROOT = Path(__file__).resolve().parents[2]
#: Seconds to wait for a template's answer (its pid for a fork, an exit code after a kill) before taking it as gone.
ANSWER_S = 120.0
#: Seconds a template may take to end once its socket is closed.
ENDING_S = 5.0


def child_environment() -> dict[str, str]:
    """A child's whole environment: :data:`KEPT_ENVIRONMENT` and what it needs to run offline on one thread."""
    return {**{k: os.environ[k] for k in KEPT_ENVIRONMENT if k in os.environ}, "PYTHONPATH": str(ROOT),
            # HOME: somewhere writable also in the Docker image, where the project's folder is root's
            "HOME": tempfile.gettempdir(), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
            # one thread: each thread's malloc arena reserves address space that the cap counts
            "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "MALLOC_ARENA_MAX": "2",
            "TOKENIZERS_PARALLELISM": "false", "PYTHONDONTWRITEBYTECODE": "1"}


class Forked:
    """A child forked from a template, used as a ``subprocess.Popen``: ``pid``, ``stdin``, ``stdout`` (binary pipes),
    ``returncode`` (``None`` while it runs; minus the signal that ended it), ``poll()`` and ``wait()``."""

    def __init__(self, pid: int, stdin: int, stdout: int):
        self.pid = pid
        self.stdin, self.stdout = open(stdin, "wb"), open(stdout, "rb")
        self.returncode: int | None = None
        self._ended = threading.Event()

    def _end(self, code: int) -> None:
        self.returncode = code
        self._ended.set()

    def poll(self) -> int | None:
        """The exit code once the template reported it, else ``None``."""
        return self.returncode

    def kill(self) -> None:
        """SIGKILL to its process group (it and anything it started), or to it alone while it has not yet made its
        group (the first steps after the fork); nothing once it ended."""
        if self.returncode is not None:  # reaped: its pid may be another process's
            return
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:  # no group of that id yet
            try:
                os.kill(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        except PermissionError:  # not ours: it ended and its number was taken
            pass

    def wait(self) -> int:
        """Wait for the exit code (the template's report; :data:`ANSWER_S` at most, then taken as killed) and close
        the pipes."""
        if not self._ended.wait(ANSWER_S):
            self._end(-9)
        for pipe in (self.stdin, self.stdout):
            try:
                pipe.close()
            except OSError:  # a write the child never read
                pass
        return self.returncode


class Template:
    """One running template of a kind (a key of :data:`dashboard.wall.runner.TEMPLATES`), started at the first
    :meth:`fork` and again after it ended; thread-safe."""

    def __init__(self, kind: str):
        self.kind = kind
        self._lock = threading.Lock()
        self._socket: socket.socket | None = None
        self._process: subprocess.Popen | None = None
        self._pids: queue.Queue[int] = queue.Queue()
        self._children: dict[int, Forked] = {}
        self._exits: dict[int, int] = {}  # reported before the fork's own answer was read
        self._table = threading.Lock()  # guards the two above, shared by a fork and the listener

    def start(self) -> None:
        """Start the template unless it runs (its imports go on in the background)."""
        with self._lock:
            self._start()

    def _start(self) -> None:
        if self._process is not None and self._process.poll() is None:
            return
        if _ENDING.is_set():  # a thread still asking while the interpreter ends: no template to outlive it
            raise OSError(f"the {self.kind} template is not started again: this process is ending")
        if self._process is not None:
            self._socket.close()
        ours, theirs = socket.socketpair()
        self._process = subprocess.Popen(
            # -P: its working folder, where any process of this user may write, is not put on sys.path
            [sys.executable, "-P", "-m", "dashboard.wall.child", self.kind, str(theirs.fileno())],
            pass_fds=[theirs.fileno()], cwd=tempfile.gettempdir(), env=child_environment(),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        theirs.close()
        # each start's own tables: a listener that ends late cannot end the next template's children
        self._socket, self._pids, self._children, self._exits = ours, queue.Queue(), {}, {}
        threading.Thread(target=self._listen, args=(ours, self._pids, self._process, self._children, self._exits),
                         daemon=True, name=f"template-{self.kind}").start()

    def close(self) -> None:
        """Kill the children still running, end the template (the end of its socket ends it) and wait for it, so
        its children's resource use is this process's (``wait4(2)``); killed after a few seconds."""
        with self._lock:
            process, self._process = self._process, None
            if process is None:
                return
            with self._table:
                running = list(self._children.values())
            for child in running:
                child.kill()
            try:  # shutdown, not only close: the listener's reader holds the descriptor open
                self._socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self._socket.close()
            try:
                process.wait(ENDING_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def fork(self, workdir: Path) -> Forked:
        """A new child in ``workdir``, its standard input and output piped to this process.

        Raises:
            OSError: the template could not be started or did not answer.
        """
        child_in, to_child = os.pipe()
        from_child, child_out = os.pipe()
        try:
            with self._lock:
                self._start()
                socket.send_fds(self._socket, [str(workdir).encode()], [child_in, child_out])
                try:
                    pid = self._pids.get(timeout=ANSWER_S)
                except queue.Empty:
                    pid = 0
                if pid <= 0:  # it could not fork (-1), or it ended or hangs (0: started afresh at the next fork)
                    if pid == 0:
                        self._process.kill()
                    raise OSError(f"the {self.kind} template did not fork")
                child = Forked(pid, to_child, from_child)
                with self._table:
                    self._children[pid] = child
                    if pid in self._exits:
                        child._end(self._exits.pop(pid))
            return child
        except BaseException:
            for fd in (to_child, from_child):
                os.close(fd)
            raise
        finally:
            os.close(child_in)
            os.close(child_out)

    def _listen(self, ours: socket.socket, pids: queue.Queue, process: subprocess.Popen, children: dict[int, Forked],
                exits: dict[int, int]) -> None:
        """Read the template's reports until it ends; then every child it forked counts as killed."""
        try:
            with ours.makefile("r") as reports:
                for line in reports:
                    word, *numbers = line.split()
                    if word == "pid":
                        pids.put(int(numbers[0]))
                    elif word == "exit":
                        pid, code = int(numbers[0]), int(numbers[1])
                        with self._table:
                            child = children.pop(pid, None)
                            if child is None:
                                exits[pid] = code
                        if child is not None:
                            child._end(code)
        except (OSError, ValueError, IndexError):  # a closed socket, a line of another shape: the template is done
            process.kill()
        pids.put(0)  # a fork waiting for its pid hears that none comes
        with self._table:
            orphans = list(children.values())
            children.clear()
        for child in orphans:
            child._end(-9)


#: Kind -> its template, one per server process.
_TEMPLATES: dict[str, Template] = {}
_TEMPLATES_LOCK = threading.Lock()


def template(kind: str) -> Template:
    """This process's template of ``kind``, made (not yet started) at the first call."""
    with _TEMPLATES_LOCK:
        return _TEMPLATES.setdefault(kind, Template(kind))


#: Set at the interpreter's exit: from then on no template is started (:func:`end_templates`).
_ENDING = threading.Event()


def close_templates() -> None:
    """End this process's templates; a later :meth:`Template.fork` starts its template again."""
    for each in list(_TEMPLATES.values()):
        each.close()


@atexit.register
def end_templates() -> None:
    """At exit, end this process's templates for good: a daemon thread still forking gets an ``OSError``, not a
    template started during the interpreter's shutdown."""
    _ENDING.set()
    close_templates()
