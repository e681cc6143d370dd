"""The child's side of the wall: templates that fork children, and children that answer requests, one JSON line each.

A *template* (:func:`template_main`) is started per kind of job with a child's environment, ends with its parent,
imports the readers' modules, makes itself undumpable (no process of its user may trace it) and waits; it never
reads a stranger's file. Each child is forked from it (``fork(2)``), so no file waits for those imports: the fork
takes its own session, working folder and pipes, closes every other descriptor, enters user and network namespaces
of its own where an unprivileged process may (``unshare(2)``: no network, no capability over the template or a
sibling) and answers requests (:func:`serve`). After a job's imports, address space is capped (once) at its size
plus the request's ``memory`` and processor time at what is used plus ``seconds``; every error, a Rust panic
included, is answered.
"""

from __future__ import annotations

import ctypes
import importlib
import json
import math
import os
import resource
import sys
import threading
import time
from typing import Any

from dashboard.wall.runner import JOBS, TEMPLATES, WITH_TORCH

#: Jobs whose child refuses to import torch: the request is answered :data:`~dashboard.wall.runner.NEEDS_TORCH`.
TORCH_REFUSED = frozenset(WITH_TORCH)


class _TorchRefused(ImportError):
    """``import torch`` in a child of a :data:`TORCH_REFUSED` job."""


class _RefuseTorch:
    """A meta path finder (``importlib.abc.MetaPathFinder``) that refuses torch and its submodules."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        """``None`` for a module other than torch's (the next finder looks for it).

        Raises:
            _TorchRefused: ``name`` is torch or one of its submodules.
        """
        if name.partition(".")[0] == "torch":
            raise _TorchRefused(name)


def _refuse_torch() -> None:
    if not any(isinstance(finder, _RefuseTorch) for finder in sys.meta_path):
        sys.meta_path.insert(0, _RefuseTorch())


def _refused_torch(error: BaseException | None) -> bool:
    """True when ``error``, or an error it was raised from or while handling, is a refused torch import."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, _TorchRefused):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


_CLONE_NEWUSER, _CLONE_NEWNET = 0x10000000, 0x40000000
_PR_SET_DUMPABLE = 4
#: Seconds between the checks that the parent still lives.
PARENT_POLL_S = 0.5


def leave_network() -> None:
    """Enter a user and network namespace of this process's own, where an unprivileged process may (Docker's default
    seccomp refuses): no network but a loopback that is down, and no capability over any other process.

    Raises nothing: where ``unshare(2)`` is refused, the process stays where it is.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    uid, gid = os.geteuid(), os.getegid()
    if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET) == 0:  # single-threaded still, as unshare(2) requires
        try:  # the same ids inside, so files read as outside (user_namespaces(7): one line of one's own id)
            for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
                with open(f"/proc/self/{name}", "w") as handle:
                    handle.write(text)
        except OSError:
            pass


def set_dumpable(dumpable: bool) -> None:
    """``prctl(PR_SET_DUMPABLE)``: a template is not dumpable, so no process of the same user may trace it or read
    its memory (ptrace(2), "ptrace access mode checking"); its forks are again, to write their own uid map."""
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_DUMPABLE, int(dumpable), 0, 0, 0)


def watch_parent() -> None:
    """End this process once its parent is gone, checked every :data:`PARENT_POLL_S` on a thread of its own.

    Not ``PR_SET_PDEATHSIG``: Linux sends it when the starting *thread* ends, and the server starts templates from
    Streamlit's script threads, which end after every page run.
    """
    threading.Thread(target=_watch_parent, args=(os.getppid(),), name="watch-parent", daemon=True).start()


def _watch_parent(parent: int) -> None:
    """End this process once its parent is gone (``getppid`` changes); a job holding the GIL delays this, but its
    processor-time cap ends it anyway."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_S)
    os._exit(0)


def probe() -> dict[str, Any]:
    """What confines this child, looked up live (for the wall's tests); off the network means only loopback."""
    import socket

    interfaces = sorted(name for _, name in socket.if_nameindex())
    soft_as, _ = resource.getrlimit(resource.RLIMIT_AS)
    soft_cpu, _ = resource.getrlimit(resource.RLIMIT_CPU)
    try:  # the template's memory, as a file that ptrace's access check guards (proc(5), /proc/PID/mem)
        with open(f"/proc/{os.getppid()}/mem", "rb"):
            template_readable = True
    except OSError:
        template_readable = False
    return {"network_isolated": interfaces == ["lo"], "interfaces": interfaces, "memory_cap": soft_as, "cpu_cap": soft_cpu,
            "environment": sorted(os.environ), "cwd": os.getcwd(), "template_memory_readable": template_readable}


def _cap(memory: int, seconds: float, capped: bool) -> None:
    if not capped:
        with open("/proc/self/statm") as statm:
            size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = size + memory
        resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))
    used = resource.getrusage(resource.RUSAGE_SELF)
    soft = math.ceil(used.ru_utime + used.ru_stime + seconds)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


def _run(request: dict[str, Any], capped: bool) -> dict[str, Any]:
    from dashboard.wall.runner import NEEDS_TORCH, decode, encode, encode_error

    try:
        target, _ = JOBS[request["job"]]  # its template imported what it needs before the cap counts
        if request["job"] in TORCH_REFUSED:
            _refuse_torch()
        module_name, function_name = target.split(":")
        function = getattr(importlib.import_module(module_name), function_name)
        _cap(int(request["memory"]), float(request["seconds"]), capped)
        return {"result": encode(function(**decode(request["args"])))}
    except BaseException as error:  # noqa: BLE001 - a Rust panic is a BaseException; all go back as answers
        if _refused_torch(error):  # however a reader wrapped it
            return {"error": NEEDS_TORCH, "text": "", "explorer": False}
        if isinstance(error, RuntimeError) and "alloc" in str(error).lower() and "memory" in str(error).lower():
            error = MemoryError(str(error))  # torch's allocator refusing the cap
        return encode_error(error)


def serve() -> None:
    """Answer requests from standard input until it closes (in a confined process)."""
    import dashboard.wall

    dashboard.wall.INSIDE = True
    capped = False
    for line in sys.stdin:
        answer = _run(json.loads(line), capped)
        capped = True
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


def preloaded(kind: str) -> list[str]:
    """The modules a template of ``kind`` imports: :data:`~dashboard.wall.runner.TEMPLATES`' and its jobs' own, so
    that a fork imports nothing before its work."""
    jobs = [target.partition(":")[0] for target, of_kind in JOBS.values() if of_kind == kind]
    return list(dict.fromkeys([*TEMPLATES[kind], *jobs]))


def template_main(kind: str, control_fd: int) -> None:
    """Be the template of ``kind`` (a key of :data:`~dashboard.wall.runner.TEMPLATES`): import, then fork
    one child per request on the ``control_fd`` socket (two descriptors: the child's standard input and output, and
    its working folder as text), answering ``pid N`` and, once it ended, ``exit N CODE`` (``Popen.returncode``'s
    convention: minus the signal that ended it)."""
    import socket

    set_dumpable(False)
    watch_parent()
    if kind == "light":
        _refuse_torch()  # inherited by each fork: a torch file is asked of the other template
    for name in preloaded(kind):
        importlib.import_module(name)
    control = socket.socket(fileno=control_fd)
    sending = threading.Lock()

    def say(text: str) -> None:
        with sending:
            control.sendall(text.encode() + b"\n")

    forked = threading.Semaphore(0)  # one release per child: the reaper waits only while one runs
    threading.Thread(target=_reap, args=(say, forked), name="reap", daemon=True).start()
    while True:
        message, fds, _, _ = socket.recv_fds(control, 4096, 2)
        if not message:
            os._exit(0)  # the runner is gone
        try:
            pid = os.fork()
        except OSError:  # no process to spare (a limit of processes or memory): this request fails, not the template
            pid = -1
        if pid == 0:
            _become_child(control, fds, message.decode())
        for fd in fds:
            os.close(fd)
        say(f"pid {pid}")  # -1: none was forked
        if pid > 0:
            forked.release()


def _become_child(control: Any, fds: list[int], workdir: str) -> None:
    """In a fresh fork: take the pipes as standard input and output, close the rest, leave the network, then serve;
    never returns (exit status 1 after an error outside a job)."""
    status = 1
    try:
        control.detach()  # its descriptor is closed below; the object must not close a reused number later
        os.setsid()  # its own group: the runner kills it and anything it starts together
        os.dup2(fds[0], 0)
        os.dup2(fds[1], 1)
        os.closerange(3, os.sysconf("SC_OPEN_MAX"))
        os.chdir(workdir)
        sys.stdin, sys.stdout = open(0, closefd=False), open(1, "w", closefd=False)
        set_dumpable(True)
        leave_network()  # namespaces of its own: no capability over the template or a sibling
        watch_parent()
        serve()
        status = 0
    finally:
        os._exit(status)


def _reap(say: Any, forked: threading.Semaphore) -> None:
    """Wait for each forked child (one ``forked`` release each) and report how it ended."""
    while True:
        forked.acquire()
        pid, status = os.waitpid(-1, 0)
        say(f"exit {pid} {os.waitstatus_to_exitcode(status)}")


if __name__ == "__main__":
    template_main(sys.argv[1], int(sys.argv[2]))
