"""Start the explorer with ``streamlit run`` on a free port, as a user would, for the browser tests."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from scripts.local_server import ServerStartError, free_port, run_streamlit

__all__ = ["free_port", "serve_app"]

STARTUP_SECONDS = 120


@contextmanager
def serve_app(log_dir: Path, extra_env: dict[str, str], url_path: str = "") -> Iterator[tuple[str, int]]:
    """Run ``streamlit run app.py`` on a free port until the block ends; yields ``(base URL, port)``.

    ``url_path`` is the base URL path the server was told to use (through
    ``extra_env``), so the health check goes to ``/url_path/_stcore/health``.
    A server that does not start fails the test with the end of its log.
    """
    port = free_port()
    try:
        with run_streamlit(port=port, log_path=log_dir / f"streamlit-{port}.log", env=extra_env, url_path=url_path,
                           startup_seconds=STARTUP_SECONDS) as server:
            yield server.url, port
    except ServerStartError as error:  # raised only before the block runs
        pytest.fail(str(error))
