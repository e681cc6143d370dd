"""The server readies itself before its first connection: the pages' imports, the starters, the prepared models."""

import ast
import asyncio
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from dashboard.maps import view_requests as map_requests
from dashboard.ui import loading, prepared_models, server_start
from dashboard.ui.navigation import PAGES

ROOT = Path(__file__).resolve().parents[2]


def test_the_imports_warmed_are_every_library_module_the_router_and_the_pages_name():
    named = set()
    for script in [ROOT / "app.py", *(ROOT / spec.path for spec in PAGES)]:
        named |= {node.module for node in ast.walk(ast.parse(script.read_text()))
                  if isinstance(node, ast.ImportFrom) and node.module.startswith("dashboard")}
    warmed = server_start.page_imports()
    assert set(warmed) == named and len(warmed) == len(named)
    assert {"dashboard.forward.passes", "dashboard.ui.sidebar", "dashboard.maps.view_requests"} <= named


def test_the_lifespan_imports_starts_and_waits_for_the_prepared_models_before_serving(monkeypatch):
    calls, loaded = [], threading.Event()
    monkeypatch.setattr(server_start, "page_imports", lambda: ["json", "dashboard.forward.passes"])
    monkeypatch.setattr(map_requests, "start_heavy_work", lambda: calls.append("cluster"))
    monkeypatch.setattr(loading, "start_wall_templates", lambda: calls.append("reader"))

    def start_loading():
        calls.append("prepared")
        thread = threading.Thread(target=lambda: (threading.Event().wait(0.2), loaded.set()))
        thread.start()
        return thread

    monkeypatch.setattr(prepared_models, "start_loading_prepared", start_loading)

    async def serve():
        async with server_start.ready_server(None):
            return loaded.is_set(), "dashboard.forward.passes" in sys.modules

    with ThreadPoolExecutor(1) as pool:  # a loop of its own: another test in this process may leave one running
        assert pool.submit(asyncio.run, serve()).result() == (True, True)
    assert calls == ["cluster", "reader", "prepared"]


def test_a_module_that_does_not_import_is_logged_and_the_server_still_starts(monkeypatch, caplog):
    started = []
    monkeypatch.setattr(server_start, "page_imports", lambda: ["dashboard.no_such_module", "json"])
    monkeypatch.setattr(map_requests, "start_heavy_work", lambda: started.append("cluster"))
    monkeypatch.setattr(loading, "start_wall_templates", lambda: started.append("reader"))
    monkeypatch.setattr(prepared_models, "start_loading_prepared", lambda: None)
    server_start.prepare_server()
    assert started == ["cluster", "reader"]
    assert "dashboard.no_such_module does not import" in caplog.text


def test_a_cluster_that_cannot_start_is_logged_in_english_for_whoever_runs_the_server(monkeypatch, caplog):
    from dashboard.errors import ClusterSettingError
    from dashboard.i18n import msg

    def refuse(settings):
        raise ClusterSettingError(msg("err.cluster.workers", env="EXPLORER_DASK_WORKERS", text="abc"))

    monkeypatch.setattr(map_requests, "_last_failure", [])
    map_requests._connected.clear()
    monkeypatch.setattr(map_requests, "connect", refuse)
    map_requests.start_cluster()  # what the start-cluster thread runs; it never raises
    assert "heavy work: EXPLORER_DASK_WORKERS='abc' is not a number of worker processes" in caplog.text
