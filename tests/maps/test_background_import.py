"""A library imported on a daemon thread: imported once joined, its error left for the real import."""

import sys
import threading

import pytest

from dashboard.maps.projection import import_in_background


def test_the_module_is_imported_once_the_thread_ends(tmp_path, monkeypatch):
    (tmp_path / "slow_library.py").write_text("import time\ntime.sleep(0.2)\nLOADED = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "slow_library", raising=False)
    thread = import_in_background("slow_library")
    assert thread.daemon and thread.name == "import-slow_library"
    import slow_library  # waits for the thread's import (the per-module import lock), does not run it again

    assert slow_library.LOADED
    thread.join(10)
    assert not thread.is_alive() and sys.modules["slow_library"] is slow_library


def test_a_failing_import_is_raised_where_the_module_is_used(tmp_path, monkeypatch):
    (tmp_path / "broken_library.py").write_text("raise ImportError('needs a compiler')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "broken_library", raising=False)
    uncaught = []
    monkeypatch.setattr(threading, "excepthook", uncaught.append)
    import_in_background("broken_library").join(10)
    assert uncaught == []
    with pytest.raises(ImportError, match="needs a compiler"):
        import broken_library  # noqa: F401


def test_the_router_starts_the_pca_import_once_per_process(monkeypatch):
    from streamlit.testing.v1 import AppTest

    from dashboard.maps import view_requests as map_requests
    from tests.pages.app_test import ROOT

    started = []
    monkeypatch.setattr(map_requests, "import_in_background", lambda module: started.append(module))
    map_requests.start_heavy_work.clear()
    try:
        for _ in range(2):
            AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    finally:
        map_requests.start_heavy_work.clear()  # the next server start imports for real
    assert started == ["sklearn.decomposition"]
