"""Start the explorer with ``streamlit run`` on a free port, as a user would, for the browser tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from tests.e2e.browser import ROOT

STARTUP_SECONDS = 120


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def is_healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return response.read().decode().strip() == "ok"
    except OSError:
        return False


@contextmanager
def serve_app(log_dir: Path, extra_env: dict[str, str], url_path: str = "") -> Iterator[tuple[str, int]]:
    """Run ``streamlit run app.py`` on a free port until the block ends; yields ``(base URL, port)``.

    ``url_path`` is the base URL path the server was told to use (through
    ``extra_env``), so the health check goes to ``/url_path/_stcore/health``.
    """
    port = free_port()
    url = f"http://127.0.0.1:{port}" + (f"/{url_path}" if url_path else "")
    env = {**os.environ, "STREAMLIT_SERVER_FILE_WATCHER_TYPE": "none", "STREAMLIT_SERVER_RUN_ON_SAVE": "false",
           "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false", "HF_HUB_OFFLINE": "1", **extra_env}
    log_path = log_dir / f"streamlit-{port}.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
             "--server.port", str(port), "--server.address", "127.0.0.1"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while not is_healthy(url):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"streamlit did not answer {url}/_stcore/health:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.5)
        yield url, port
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
