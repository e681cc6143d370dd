"""Run the explorer with ``streamlit run`` on a local port until a block ends, as a user would start it.

Shared by the browser tests (``tests/e2e``) and the browser benchmarks
(``benchmarks/browser_session.py``): one way to start the server, wait for
its health check (``/_stcore/health`` answers ``ok``) and stop it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
#: No file watcher, no usage statistics, no hub: a server that only serves.
QUIET_ENV = {"STREAMLIT_SERVER_FILE_WATCHER_TYPE": "none", "STREAMLIT_SERVER_RUN_ON_SAVE": "false",
             "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false", "HF_HUB_OFFLINE": "1"}


class ServerStartError(RuntimeError):
    """The server exited, or did not answer its health check in time; the message ends with its log."""


@dataclass
class Server:
    """A running ``streamlit run``.

    Attributes:
        url: base URL, with the base URL path when one was given.
        port: the TCP port it listens on (127.0.0.1).
        started: ``time.perf_counter()`` just before the process was started.
        healthy_after: seconds from start to the first ``ok`` from ``/_stcore/health``.
        process: the ``streamlit run`` process (a test may signal it; the block's end stops it anyway).
        pid: the server's process id (for measuring its memory).
    """

    url: str
    port: int
    started: float
    healthy_after: float = 0.0
    process: subprocess.Popen | None = None
    pid: int = 0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def is_healthy(url: str) -> bool:
    """Whether ``url/_stcore/health`` answers ``ok`` within 2 seconds."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return response.read().decode().strip() == "ok"
    except OSError:
        return False


@contextmanager
def run_streamlit(*, port: int, log_path: Path, script: str = "app.py", env: dict[str, str] | None = None,
                  url_path: str = "", startup_seconds: float = 120, poll_seconds: float = 0.5) -> Iterator[Server]:
    """Run ``streamlit run SCRIPT`` (headless, from the repository root) until the block ends.

    Args:
        port: port to listen on.
        log_path: file that receives the server's stdout and stderr.
        script: the Streamlit script, relative to the repository root.
        env: variables added to this process's environment and :data:`QUIET_ENV`.
        url_path: the base URL path the server was told to use (through
            ``env``), so the health check goes to ``/url_path/_stcore/health``.
        startup_seconds: how long to wait for the health check.
        poll_seconds: pause between health checks (the start-up benchmark's resolution).

    Raises:
        ServerStartError: the server exited or was not healthy within ``startup_seconds``.
    """
    url = f"http://127.0.0.1:{port}" + (f"/{url_path}" if url_path else "")
    with open(log_path, "w") as log:
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", script, "--server.headless", "true",
             "--server.port", str(port), "--server.address", "127.0.0.1"],
            cwd=ROOT, env={**os.environ, **QUIET_ENV, **(env or {})}, stdout=log, stderr=subprocess.STDOUT)
    server = Server(url=url, port=port, started=started, process=process, pid=process.pid)
    try:
        while not is_healthy(url):
            if process.poll() is not None or time.perf_counter() - started > startup_seconds:
                raise ServerStartError(f"streamlit did not answer {url}/_stcore/health:\n"
                                       f"{log_path.read_text()[-3000:]}")
            time.sleep(poll_seconds)
        server.healthy_after = time.perf_counter() - started
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
