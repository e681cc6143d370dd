"""The deployment knobs, against a real server: the container's health check and a base URL path."""

import subprocess
import sys

from tests.e2e.browser import ROOT, exception_texts, metric_values, open_page, save_screenshot
from tests.e2e.server import free_port, serve_app

HEALTHCHECK = ROOT / "scripts" / "healthcheck.py"


def _healthcheck(env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(HEALTHCHECK)], env=env, capture_output=True, text=True, timeout=30)


def test_healthcheck_passes_on_a_live_server_and_fails_on_a_dead_port(server):
    _, port = server
    assert _healthcheck({"STREAMLIT_SERVER_PORT": str(port)}).returncode == 0
    dead = _healthcheck({"STREAMLIT_SERVER_PORT": str(free_port())})
    assert dead.returncode == 1 and "_stcore/health" in dead.stderr


def test_app_serves_under_a_base_url_path_as_behind_a_proxy(tmp_path, page):
    env = {"STREAMLIT_SERVER_BASE_URL_PATH": "explorer"}
    with serve_app(tmp_path, env, url_path="explorer") as (url, port):
        assert url.endswith("/explorer")
        assert _healthcheck({**env, "STREAMLIT_SERVER_PORT": str(port)}).returncode == 0
        assert _healthcheck({"STREAMLIT_SERVER_PORT": str(port)}).returncode == 1  # wrong path
        open_page(page, url + "/")
        save_screenshot(page, "overview-under-base-url-path")
        assert exception_texts(page) == []
        assert metric_values(page)["vocab_size"] == "30,522"
