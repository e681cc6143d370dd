"""The UMAP child process ends with the server, also in the middle of a fit, and a fit can be stopped.

The child is started as the app starts it (:class:`UmapProcess`); only its fit is replaced, through a
``sitecustomize`` on ``PYTHONPATH``, by one that reports once and then sleeps in C *holding the interpreter
lock* (``ctypes.PyDLL`` does not release it), as umap-learn's numba kernels do: no Python thread of the
child runs until it returns, so only the kernel's parent-death signal can end it in time.
"""

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import numpy as np
import pytest

from dashboard.analysis.projection import ProjectionSettings
from dashboard.analysis.umap_process import ROOT, FitCancelledError, UmapProcess, watch_parent

#: Seconds the replaced fit holds the lock: far longer than any wait below, so a child still there failed.
HELD_S = 120
#: Most seconds to wait for a child to be gone (a bound on a loaded 2-core machine, not a measurement).
GONE_WITHIN_S = 15

SITECUSTOMIZE = f"""
import ctypes
import dashboard.analysis.projection as projection

def held_fit(table, settings, progress=None):
    progress(0.0, "held")
    ctypes.PyDLL(None).sleep({HELD_S})  # holds the GIL, like a numba kernel
    raise AssertionError("the fit was not stopped")

projection.project_table = held_fit
"""

PARENT = """
import sys
import numpy as np
from dashboard.analysis.projection import ProjectionSettings
from dashboard.analysis.umap_process import UmapProcess

process = UmapProcess()
def reported(fraction, label):
    print(process.pid, flush=True)  # the test kills this process once the child is in its fit
process.project(np.ones((40, 4), np.float32), ProjectionSettings("umap", 2, 0), reported)
"""


def _gone(pid: int) -> bool:
    """Whether ``pid`` has ended (a zombie no parent has reaped yet counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state in ("Z", "X")
    except FileNotFoundError:
        return True
    except OSError:  # no /proc (not Linux)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False


def _wait_gone(pid: int, within_s: float) -> bool:
    done = threading.Event()
    for _ in range(int(within_s / 0.1)):
        if _gone(pid):
            return True
        done.wait(0.1)
    return _gone(pid)


@pytest.fixture
def held_fit_env(tmp_path, monkeypatch):
    """``PYTHONPATH`` with a ``sitecustomize`` that replaces the child's fit by :data:`SITECUSTOMIZE`'s."""
    (tmp_path / "sitecustomize.py").write_text(textwrap.dedent(SITECUSTOMIZE))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), str(ROOT)]))
    return dict(os.environ)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_the_child_ends_when_its_server_dies_in_the_middle_of_a_fit(held_fit_env, how):
    # Without PR_SET_PDEATHSIG the child slept out its HELD_S seconds (the watcher thread cannot get the lock).
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=ROOT, env=held_fit_env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    child = None
    try:
        line = parent.stdout.readline()
        assert line.strip().isdigit(), parent.stderr.read() if parent.poll() is not None else line
        child = int(line)
        assert not _gone(child)  # in its fit, holding the lock
        parent.send_signal(how)
        parent.wait(timeout=30)
        assert _wait_gone(child, GONE_WITHIN_S), f"the UMAP child {child} outlived its server"
    finally:
        parent.kill()
        parent.wait()
        if child is not None and not _gone(child):
            os.kill(child, signal.SIGKILL)


def test_stop_fit_kills_the_fit_it_names_and_the_next_call_starts_a_new_child(held_fit_env):
    process, reported = UmapProcess(), threading.Event()
    outcome = {}

    def progress(fraction, label):
        reported.set()

    def fit():
        try:
            process.project(np.ones((40, 4), np.float32), ProjectionSettings("umap", 2, 0), progress)
        except BaseException as error:  # noqa: BLE001 - inspected below
            outcome["error"] = error

    runner = threading.Thread(target=fit, daemon=True)
    runner.start()
    try:
        assert reported.wait(60)
        child = process.pid
        assert not process.stop_fit(lambda fraction, label: None)  # another fit's callback stops nothing
        assert not _gone(child)
        assert process.stop_fit(progress)
        runner.join(GONE_WITHIN_S)
        assert not runner.is_alive() and isinstance(outcome.get("error"), FitCancelledError)
        assert _wait_gone(child, GONE_WITHIN_S)
        assert not process.stop_fit(progress)  # nothing in flight any more
    finally:
        if process.pid is not None and not _gone(process.pid):
            os.kill(process.pid, signal.SIGKILL)


def test_the_fallback_watcher_ends_a_process_whose_parent_is_not_the_one_it_was_given():
    # The portable path (no prctl): a parent id that is not this process's parent reads as a parent that died.
    code = ("import os, time\n"
            "from dashboard.analysis.umap_process import watch_parent\n"
            "watch_parent(os.getppid() + 1, poll_s=0.05)\n"
            "time.sleep(60)\n"
            "raise SystemExit(3)\n")
    orphan = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    try:
        assert orphan.wait(timeout=GONE_WITHIN_S + 15) == 0
    finally:
        orphan.kill()
        orphan.wait()
