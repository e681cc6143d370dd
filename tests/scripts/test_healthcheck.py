"""The container's health check fails unless a page is served in time, against real ``streamlit run`` servers.

The explorer's own first page passing is tested against the shared app server in
``tests/e2e/test_deploy.py`` (with a base URL path too); here a three-line app whose
page is made slow or broken between checks, and no server at all.
"""

import re
from pathlib import Path

import pytest
import yaml

from scripts.healthcheck import DEFAULT_TIMEOUT_S, main
from scripts.local_server import free_port, run_streamlit

ROOT = Path(__file__).resolve().parents[2]
#: Reads what to do from mode.txt beside it at every run, so one server serves every case.
APP = """\
import pathlib, time
import streamlit as st
mode = pathlib.Path(__file__).with_name("mode.txt").read_text()
if mode == "slow":
    time.sleep(6)
if mode == "raise":
    raise RuntimeError("the page broke")
st.write("served")
"""
DEADLINE_S = 1.5


@pytest.fixture(scope="module")
def tiny_app(tmp_path_factory):
    """``(port, mode file)`` of a running three-line app; the mode file starts as ``ok``."""
    folder = tmp_path_factory.mktemp("tiny_app")
    (folder / "app.py").write_text(APP)
    mode = folder / "mode.txt"
    mode.write_text("ok")
    port = free_port()
    with run_streamlit(port=port, log_path=folder / "streamlit.log", script=str(folder / "app.py"),
                       startup_seconds=60):
        yield port, mode


def _check(monkeypatch, port: int) -> int:
    monkeypatch.setenv("STREAMLIT_SERVER_PORT", str(port))
    monkeypatch.delenv("STREAMLIT_SERVER_BASE_URL_PATH", raising=False)
    monkeypatch.setenv("EXPLORER_HEALTH_TIMEOUT_S", str(DEADLINE_S))
    return main()


def test_passes_when_the_page_runs_to_the_end(tiny_app, monkeypatch, capsys):
    port, mode = tiny_app
    mode.write_text("ok")
    assert _check(monkeypatch, port) == 0
    assert capsys.readouterr().err == ""


def test_fails_when_the_page_does_not_finish_in_time_although_the_server_answers(tiny_app, monkeypatch, capsys):
    port, mode = tiny_app
    mode.write_text("slow")
    assert _check(monkeypatch, port) == 1
    err = capsys.readouterr().err
    assert "_stcore/stream" in err and "the first page did not finish within 1.5 s" in err, err
    mode.write_text("ok")
    assert _check(monkeypatch, port) == 0  # the slow session did not block the next one


def test_fails_when_the_page_shows_an_exception(tiny_app, monkeypatch, capsys):
    port, mode = tiny_app
    mode.write_text("raise")
    assert _check(monkeypatch, port) == 1
    assert "the first page showed RuntimeError" in capsys.readouterr().err


def test_fails_with_no_server(monkeypatch, capsys):
    assert _check(monkeypatch, free_port()) == 1
    err = capsys.readouterr().err
    assert err.startswith("healthcheck: http://127.0.0.1:") and "_stcore/health" in err, err


def test_docker_gives_the_check_more_time_than_its_deadline():
    dockerfile = next(line for line in (ROOT / "Dockerfile").read_text().splitlines()
                      if line.startswith("HEALTHCHECK"))
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]["explorer"]["healthcheck"]
    for timeout in (re.search(r"--timeout=(\d+)s", dockerfile).group(1), compose["timeout"].removesuffix("s")):
        assert int(timeout) >= DEFAULT_TIMEOUT_S + 5  # and the close handshake and Python's start
