"""The child's side of the wall: confine this process, then answer requests, one JSON line each.

Before reading anything it leaves the network where an unprivileged process may (``unshare(2)``) and ends with its
parent. After a job's imports, address space is capped (once) at its size plus the request's ``memory`` and
processor time at what is used plus ``seconds``; every error, a Rust panic included, is answered.
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

from dashboard.wall.runner import WITH_TORCH

#: Modules a reader may need, imported before the cap counts (torch alone takes more address space than most files).
_READERS = ("numpy", "torch", "safetensors", "gguf", "tokenizers", "transformers",
            "dashboard.checkpoints.tokenizer_process")
#: What every reader but the torch formats' needs: starts faster, in less memory.
_LIGHT_READERS = ("numpy", "safetensors", "gguf", "tokenizers")
#: Job name -> (``module:function`` taking the request's ``args`` as keywords, modules imported before the cap).
#: ``tables.read`` and ``norm.read`` refuse torch; a torch file goes to their ``_torch`` twin (runner.WITH_TORCH).
JOBS = {
    "tables.read": ("dashboard.wall.tables:read_in_child", _LIGHT_READERS),
    "tables.read_torch": ("dashboard.wall.tables:read_in_child", _READERS),
    "model.export": ("dashboard.forward.export:export_in_child", _READERS),
    "run.discover": ("dashboard.wall.runs:discover_in_child", _READERS),
    "norm.read": ("dashboard.wall.norms:read_norm_in_child", _LIGHT_READERS),
    "norm.read_torch": ("dashboard.wall.norms:read_norm_in_child", _READERS),
    "zip.measure": ("dashboard.wall.archives:measure_in_child", ()),
    "zip.extract": ("dashboard.wall.archives:extract_in_child", ()),
    "npz.list": ("dashboard.wall.archives:list_arrays_in_child", ("numpy",)),
    "tokenizer.load": ("dashboard.checkpoints.tokenizer_process:load_in_child", ("tokenizers",)),
    "tokenizer.encode": ("dashboard.checkpoints.tokenizer_process:encode_in_child", ("tokenizers",)),
    "tokenizer.convert": ("dashboard.checkpoints.tokenizer_process:convert_in_child", ("transformers",)),
    "wall.probe": ("dashboard.wall.child:probe", ()),
    "wall.warm": ("dashboard.wall.child:warm", ()),
}
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
#: Seconds between the checks that the parent still lives.
PARENT_POLL_S = 0.5


def confine() -> None:
    """Leave the network where an unprivileged process may (Docker's default seccomp refuses), then end with the parent.

    Not ``PR_SET_PDEATHSIG``: Linux sends it when the starting *thread* ends, and the server starts children from
    Streamlit's script threads, which end after every page run.
    """
    parent = os.getppid()
    libc = ctypes.CDLL(None, use_errno=True)
    uid, gid = os.geteuid(), os.getegid()
    if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET) == 0:  # single-threaded still, as unshare(2) requires
        try:  # the same ids inside, so files read as outside (user_namespaces(7): one line of one's own id)
            for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
                with open(f"/proc/self/{name}", "w") as handle:
                    handle.write(text)
        except OSError:
            pass
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent", daemon=True).start()


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
    return {"network_isolated": interfaces == ["lo"], "interfaces": interfaces, "memory_cap": soft_as, "cpu_cap": soft_cpu,
            "environment": sorted(os.environ), "cwd": os.getcwd()}


def warm(job: str) -> None:
    """Import what ``job`` needs and cap nothing yet: a spare child waits, warm, for its one real request."""
    target, preload = JOBS[job]
    if job in TORCH_REFUSED:
        _refuse_torch()
    for name in (*preload, target.split(":")[0]):
        importlib.import_module(name)


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
        target, preload = JOBS[request["job"]]
        if request["job"] in TORCH_REFUSED:
            _refuse_torch()
        for name in preload:
            importlib.import_module(name)
        module_name, function_name = target.split(":")
        function = getattr(importlib.import_module(module_name), function_name)
        if request["job"] != "wall.warm":  # the caps count from the first real request
            _cap(int(request["memory"]), float(request["seconds"]), capped)
        return {"result": encode(function(**decode(request["args"])))}
    except BaseException as error:  # noqa: BLE001 - a Rust panic is a BaseException; all go back as answers
        if _refused_torch(error):  # however a reader wrapped it
            return {"error": NEEDS_TORCH, "text": "", "explorer": False}
        if isinstance(error, RuntimeError) and "alloc" in str(error).lower() and "memory" in str(error).lower():
            error = MemoryError(str(error))  # torch's allocator refusing the cap
        return encode_error(error)


def main() -> None:
    """Confine, then answer requests from standard input until it closes."""
    import dashboard.wall

    confine()
    dashboard.wall.INSIDE = True
    capped = False
    for line in sys.stdin:
        request = json.loads(line)
        answer = _run(request, capped)
        capped = capped or request["job"] != "wall.warm"
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
