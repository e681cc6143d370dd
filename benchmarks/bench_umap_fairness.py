"""A running UMAP and everyone else's pages: a page render while a fit runs, against the same render idle.

The app runs UMAP fits on a Dask worker process at lower priority
(:mod:`dashboard.cluster`). This suite renders one page (the Overview of the
bundled tiny model, through Streamlit's ``AppTest``, in this process as the
server would) :data:`RENDERS` times in each of three conditions, alternating so
that they share the machine's background load: nothing else running; a UMAP
fit running on a local Dask worker (ours); and the same fit running in a
thread of this process (the alternative). A fit that ends before the renders
do is started again, so every render in a busy condition overlaps a fit. Both
UMAP paths are compiled before any clock starts.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import numpy as np

from benchmarks.harness import Budget, Figure, SuiteResult, median_of, read_machine

ROOT = Path(__file__).resolve().parents[1]
RENDERS = 5
#: The table UMAP fits while pages render (approximate-neighbour regime, unseeded: every core, as a user's fit).
ROWS, WIDTH = 12_000, 128
#: A page may take at most this many times its idle render while a fit runs ("not several times slower").
SLOWDOWN = 2.0


def _render_seconds() -> float:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["model"] = "tiny-gpt-pydocs"
    start = time.perf_counter()
    at.run()
    seconds = time.perf_counter() - start
    assert not at.exception, at.exception
    return seconds


class _Fits:
    """Fits UMAP over and over on a background thread (in the child process or in this one) until stopped."""

    def __init__(self, fit) -> None:
        self._fit, self._stop, self.count = fit, threading.Event(), 0
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self._stop.is_set():
            self._fit()
            self.count += 1

    def __enter__(self) -> "_Fits":
        self._thread.start()
        time.sleep(2.0)  # past the distinct-row check, into the neighbour graph
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


def run(rows: int = ROWS, width: int = WIDTH, renders: int = RENDERS) -> SuiteResult:
    """Render the Overview ``renders`` times idle, beside a fit in the child, and beside a fit in a thread."""
    os.environ.setdefault("EXPLORER_WARM_UMAP", "0")
    from dashboard.maps.projection import ProjectionSettings
    from dashboard.maps.umap_fit import project_umap, warm_umap
    from distributed import Client

    from dashboard.cluster.client import NICE, start_local_cluster
    from dashboard.settings import ClusterSettings

    table = np.random.default_rng(0).standard_normal((rows, width)).astype(np.float32)
    settings = ProjectionSettings("umap", 2, None)
    client = Client(start_local_cluster(ClusterSettings(workers=1, warm=False)), set_as_default=False)
    shared = client.scatter(table, broadcast=True)
    client.submit(warm_umap, pure=False).result()
    warm_umap()
    _render_seconds()  # the first render imports the page's libraries
    times: dict[str, list[float]] = {"idle": [], "process": [], "thread": []}
    fits = {}
    for _ in range(renders):
        times["idle"].append(_render_seconds())
        for kind, fit in (("process", lambda: client.submit(project_umap, shared, settings, pure=False).result()),
                          ("thread", lambda: project_umap(table, settings))):
            with _Fits(fit) as running:
                times[kind].append(_render_seconds())
            fits[kind] = fits.get(kind, 0) + running.count + 1
    idle, process, thread = (median_of(times[k]) for k in ("idle", "process", "thread"))
    what = f"Overview page render (AppTest, tiny-gpt-pydocs) while an unseeded UMAP of {rows:,} x {width} runs"
    figures = [
        Figure(f"{what} on a local Dask worker process (nice {NICE}), against the same render idle, median of {renders}",
               "s", process, idle, "the same render with nothing else running", Budget(SLOWDOWN, on="ratio"), renders),
        Figure(f"{what} in the worker process, against the fit in a thread of the server (as before), "
               f"median of {renders}", "s", process, thread, "UMAP in a thread of the same process",
               Budget(1.0, on="ratio"), renders),
    ]
    notes = [
        f"Per-render seconds: idle {_secs(times['idle'])}; fit in the child process {_secs(times['process'])}; "
        f"fit in a thread {_secs(times['thread'])}.",
        f"Fits started: {fits.get('process', 0)} in the child process, {fits.get('thread', 0)} in a thread; load "
        f"average {read_machine().load_average[0]:.1f} at the end.",
    ]
    client.close()
    return SuiteResult(figures, notes)


def _secs(values: list[float]) -> str:
    return ", ".join(f"{v:.2f}" for v in values)
