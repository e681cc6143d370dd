"""A class on one server: ``scripts/load_test.py``'s 30 students for 5 minutes, against issue 39's budgets.

A thin wrapper: :func:`scripts.load_test.run_class` does the work (its own server on 127.0.0.1, pinned to one
core, the students on another; see that module). The students speak Streamlit's WebSocket protocol
(``--client protocol``), not Chromium: the budgets are the server's (a page until its script has finished and
everything is sent), and 30 browsers on this machine's other core measured the browsers instead
(``docs/deploy.md``); a browser's drawing is measured for one session by the ``browser`` suite. The class is the
issue's, 30 students for 5 minutes, since the budgets are set for it: about 7 minutes with the server's start and
the teacher's visit. There is no alternative to compare with: the figures are ours alone.
"""

from __future__ import annotations

import math

from benchmarks.harness import Budget, Figure, SuiteResult
from scripts.load_test import BUDGETS, run_class

SESSIONS = 30
MINUTES = 5.0


def run() -> SuiteResult:
    """One class of :data:`SESSIONS` students for :data:`MINUTES` minutes (seed 0)."""
    result = run_class(SESSIONS, MINUTES, seed=0, client="protocol")
    class_of = f"{SESSIONS} students for {MINUTES:g} min"
    timed = max(result["pages_timed"], 1)

    def seconds(key: str) -> float:  # no page timed at all is as bad as it gets
        return math.inf if result[key] is None else result[key]

    figures = [
        Figure(f"class load: first page p95, new session until its run is sent (app, model link, UMAP link), "
               f"{class_of}", "s", seconds("first_page_p95_s"), None, "", Budget(BUDGETS["first_page_p95_s"]),
               timed),
        Figure(f"class load: sidebar page p95, page switch until its run is sent, {class_of}", "s",
               seconds("page_p95_s"), None, "", Budget(BUDGETS["page_p95_s"]), timed),
        Figure(f"class load: pages with a traceback or past 60 s, {class_of}", "", result["errors"], None, "",
               Budget(BUDGETS["errors"]), timed),
        Figure(f"class load: students whose UMAP was neither drawn nor shown in line at the end, {class_of}", "",
               SESSIONS - result["heavy_done"] - result["heavy_queued"], None, "", Budget(0), SESSIONS),
        Figure(f"class load: peak RSS of the server and its children (Dask workers, upload child), {class_of}",
               "GiB", result["peak_rss_mb"] / 1024, None, "", Budget(BUDGETS["peak_rss_mb"] / 1024), 1),
    ]
    notes = [f"Class load: {result['heavy_done']} UMAPs drawn, {result['heavy_queued']} still in line at the end; "
             f"server pinned to core(s) {result['server_cores']}, students to {result['client_cores']}; the server "
             f"used {result['server_core_share']:.2f} of a core; load average {result['load_average_at_start']} "
             f"at the start, {result['load_average_at_end']} at the end; per page (p50, p95 s): "
             + "; ".join(f"{page} {v['p50_s']}, {v['p95_s']}" for page, v in result["by_page"].items()) + "."]
    return SuiteResult(figures, notes)
