"""The Token map asks the Dask cluster for UMAP and t-SNE: the PCA shows meanwhile, with the request's stage or place
in line, in English and Korean; identical requests share one fit; a reader can stop waiting; failures say what
failed. The fits are a gated stand-in (tests/pages/fake_projection.py) on the test process's worker thread."""

import time

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.ui import state
from dashboard.maps.view_requests import cluster_client
from tests.map_fixtures import bert_with_tokenizer
from tests.pages.app_test import open_app_page, shown
from tests.pages.fake_projection import gated, scheduled  # noqa: F401 - a fixture

pytestmark = pytest.mark.usefixtures("gated")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


def progress_text(at: AppTest) -> str:
    bars = at.get("progress")
    assert bars, "no progress bar: the map is not being waited for"
    return bars[0].proto.text


def wait_until(at: AppTest, holds, what: str, seconds: float = 60) -> None:
    """Rerun the page until ``holds(at)``."""
    deadline = time.monotonic() + seconds
    while not holds(at):
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.1)
        at.run()


def running(at: AppTest) -> bool:
    """The fit reported its stage (the stand-in's neighbour graph), in either language."""
    return bool(at.get("progress")) and any(word in progress_text(at) for word in ("graph", "그래프"))


@pytest.mark.parametrize(("lang", "method", "expected"), [
    ("en", "umap", ["UMAP of all", "building the 15-nearest-neighbour graph", " s).",
                    "The PCA map below is shown"]),
    ("ko", "tsne", ["t-SNE", "최근접 이웃 그래프", "초).", "아래에 PCA 지도를 보여 줍니다"]),
])
def test_a_running_map_shows_its_stage_and_seconds_and_the_pca_meanwhile(folder, lang, method, expected):
    at = open_app_page("pages/token_map.py", model=folder, query={"method": method, "lang": lang})
    wait_until(at, running, "the fit reported its stage")
    text = progress_text(at)
    assert all(part in text for part in expected) and "://" not in text, text  # no worker address for a student
    assert at.get("component_instance")  # the PCA map
    assert at.button(key="map_cancel") and not at.exception and not at.error


@pytest.mark.parametrize(("lang", "expected"), [("en", "waiting, number 1 in line"), ("ko", "1번째")])
def test_a_map_behind_another_shows_its_place_in_line(folder, gated, lang, expected):
    first = open_app_page("pages/token_map.py", model=folder, query={"method": "umap", "n_neighbors": "11"})
    wait_until(first, running, "the first fit started")
    second = open_app_page("pages/token_map.py", model=folder,
                           query={"method": "tsne", "perplexity": "6", "lang": lang})
    text = progress_text(second)
    assert expected in text and "t-SNE" in text and "UMAP" not in text, text
    gated.opened.set()
    wait_until(second, lambda at: not at.get("progress"), "the second map was drawn")
    assert gated.calls == ["umap", "tsne"] and not second.exception and not second.error


def test_two_sessions_asking_for_the_same_map_share_one_fit(folder, gated):
    one = open_app_page("pages/token_map.py", model=folder, query={"method": "umap", "n_neighbors": "12"})
    two = open_app_page("pages/token_map.py", model=folder, query={"method": "umap", "n_neighbors": "12"})
    assert one.session_state[state.UMAP_WAITING].key == two.session_state[state.UMAP_WAITING].key
    gated.opened.set()
    for at in (one, two):
        wait_until(at, lambda page: not page.get("progress"), "the map was drawn")
        assert not at.exception and not at.error
    assert gated.calls == ["umap"]


def test_stopping_to_wait_drops_a_queued_map_that_nobody_else_wants(folder, gated):
    first = open_app_page("pages/token_map.py", model=folder, query={"method": "umap", "n_neighbors": "17"})
    wait_until(first, running, "the first fit started")
    second = open_app_page("pages/token_map.py", model=folder, query={"method": "umap", "n_neighbors": "18"})
    key = second.session_state[state.UMAP_WAITING].key
    assert scheduled(key)
    second.button(key="map_cancel").click().run()
    assert "stopped waiting" in second.info[0].value and not second.get("progress")
    deadline = time.monotonic() + 30
    while key in cluster_client().run_on_scheduler(lambda dask_scheduler: list(dask_scheduler.tasks)):
        assert time.monotonic() < deadline, "the scheduler still holds the map nobody wants"
        time.sleep(0.1)
    second.run()
    assert not second.get("progress")  # the same settings do not ask again by themselves
    gated.opened.set()
    wait_until(first, lambda at: not at.get("progress"), "the first map was drawn")
    assert gated.calls == ["umap"]  # the dropped map was never fitted
    second.button(key="map_ask_again").click().run()
    wait_until(second, lambda at: not at.get("progress") and not at.info, "the map asked again was drawn")
    assert gated.calls == ["umap", "umap"] and not second.exception


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "t-SNE failed unexpectedly (RuntimeError: test: openTSNE broke); change a setting or reload"),
    ("ko", "t-SNE 계산이 예기치 않게 실패했습니다(원문: RuntimeError: test: openTSNE broke)"),
])
def test_an_unexpected_failure_is_named_for_its_method(folder, gated, lang, expected):
    gated.error = RuntimeError("test: openTSNE broke")
    gated.opened.set()
    at = open_app_page("pages/token_map.py", model=folder, query={"method": "tsne", "perplexity": "9", "lang": lang})
    wait_until(at, lambda page: page.error, "the failure was shown")
    text = shown(at.error[0].value)
    assert expected in text and "UMAP" not in text, text
    assert not at.exception
