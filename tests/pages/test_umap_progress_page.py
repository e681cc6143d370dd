"""The Token map's UMAP progress bar names the stage and its expected time, in English and in Korean."""

import threading
import time

import pytest

from dashboard.i18n import msg
from dashboard.ui import state
from dashboard.ui import map_data
from dashboard.ui.projection_jobs import job_board
from tests.map_fixtures import bert_with_tokenizer
from tests.pages.app_test import open_app_page


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


@pytest.fixture
def stuck_in_the_graph(monkeypatch):
    """UMAP jobs report the neighbour-graph stage and then wait (for the test's end) instead of fitting."""
    release = threading.Event()
    original = map_data.cached_projection

    def compute(table, content_hash, name, settings, *, progress=None, **kwargs):
        if settings.method != "umap":  # the PCA shown meanwhile is computed as usual
            return original(table, content_hash, name, settings, progress=progress, **kwargs)
        progress(0.0, msg("projection.stage.graph", n_neighbors=settings.n_neighbors, count=len(table)))
        release.wait(60)
        raise RuntimeError("test job: never finishes")

    monkeypatch.setattr(map_data, "cached_projection", compute)
    yield
    release.set()


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["step 1 of 3", "nearest-neighbour graph", "expected", "Expected in all: about", "cores"]),
    ("ko", ["3단계 중 1단계", "최근접 이웃 그래프", "예상", "전체 예상 시간은 약", "코어"]),
])
def test_the_progress_bar_says_the_stage_and_its_expected_time(folder, stuck_in_the_graph, lang, expected):
    n_neighbors = {"en": "11", "ko": "12"}[lang]  # a key of its own: no other test's job or cached map
    at = open_app_page("pages/token_map.py", model=folder,
                       query={"method": "umap", "n_neighbors": n_neighbors, "lang": lang})
    key = at.session_state[state.UMAP_WAITING]
    try:
        job = job_board().get(key)
        assert job is not None
        deadline = time.monotonic() + 60
        while job.umap_stage != "graph":  # the worker picked the job up and the stage was reported
            assert time.monotonic() < deadline and not job.future.done()
            time.sleep(0.05)
        at.run()
        text = at.get("progress")[0].proto.text
        assert all(part in text for part in expected), text
        assert job.estimate is not None and job.estimate.total > 0
        assert not at.exception
    finally:
        job_board().forget(key)
