"""A real Streamlit server and a real Chromium for the browser tests.

The server is started once per test session on a free port, with no file
watching, and with EXPLORER_MODELS_DIR naming a folder that holds a tiny GPT-2
(so the sidebar's /models picker has something to list).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests import factories
from tests.e2e.app_pages import read_app_pages
from tests.e2e.browser import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.server import serve_app


@pytest.fixture(scope="session")
def app_pages():
    return read_app_pages()


@pytest.fixture(scope="session")
def models_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("models")
    factories.gpt2_folder(folder / "gpt2-tiny", tied=False)
    return folder


@pytest.fixture(scope="session")
def server(tmp_path_factory, models_dir):
    """``(base URL, port)`` of the app as a user runs it, with the tiny GPT-2 in its models folder."""
    with serve_app(tmp_path_factory.mktemp("server"), {"EXPLORER_MODELS_DIR": str(models_dir)}) as served:
        yield served


@pytest.fixture(scope="session")
def app_url(server) -> str:
    return server[0]


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.fail(f"the browser tests drive Debian's Chromium at {CHROMIUM}: apt-get install -y chromium")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh browser context (own cookies, own Streamlit session) per test."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(60_000)
    yield context.new_page()
    context.close()
