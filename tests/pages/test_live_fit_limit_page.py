"""EXPLORER_LIVE_FIT_ROWS: a class server refuses a page's UMAP or t-SNE of a table above the cap, says what to
do instead, starts no job, and still serves a map that is on disk."""

import numpy as np
import pytest

from dashboard.maps.projection import ProjectionSettings, project_table
from dashboard.settings import LIVE_FIT_ENV
from dashboard.maps import view_requests as map_requests
from dashboard.ui import state
from dashboard.maps.view_requests import cluster_client
from tests.map_fixtures import bert_with_tokenizer
from tests.pages.app_test import open_app_page
from tests.pages.fake_projection import gated  # noqa: F401 - a fixture


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


def _jobs() -> set[str]:
    """The tasks the cluster's scheduler holds."""
    return set(cluster_client().run_on_scheduler(lambda dask_scheduler: list(dask_scheduler.tasks)))


@pytest.mark.parametrize(("method", "lang", "expected"), [
    # the page's markdown escapes the setting's underscores
    ("umap", "en", ["UMAP", "at most 5 rows", "(EXPLORER\\_LIVE\\_FIT\\_ROWS)", "python -m dashboard precompute",
                    "Showing PCA instead"]),
    ("tsne", "ko", ["t-SNE", "5개 행까지만", "python -m dashboard precompute", "대신 PCA를 보여 줍니다"]),
])
def test_a_fit_above_the_cap_is_refused_with_what_to_do_and_the_pca_map_stays(folder, monkeypatch, method, lang,
                                                                               expected):
    monkeypatch.setenv(LIVE_FIT_ENV, "5")
    before = _jobs()
    at = open_app_page("pages/token_map.py", model=folder, query={"method": method, "n_neighbors": "13", "lang": lang})
    assert not at.exception
    errors = [error.value for error in at.error]
    assert len(errors) == 1 and all(part in errors[0] for part in expected), errors
    assert _jobs() == before  # nothing was queued for anyone to wait behind
    assert not at.get("progress")
    assert at.get("component_instance")  # the PCA map is drawn


def test_a_map_on_disk_is_served_whatever_the_cap(folder, monkeypatch):
    monkeypatch.setenv(LIVE_FIT_ENV, "5")
    original, served = map_requests.load_cached, []

    def on_disk(path, n_rows):  # the UMAP as `python -m dashboard precompute` would have stored it
        if "umap" not in path.name:
            return original(path, n_rows)
        served.append(path.name)
        table = np.random.default_rng(0).normal(size=(n_rows, 8)).astype(np.float32)
        return project_table(table, ProjectionSettings("pca", 2))

    monkeypatch.setattr(map_requests, "load_cached", on_disk)
    at = open_app_page("pages/token_map.py", model=folder, query={"method": "umap", "n_neighbors": "14"})
    assert not at.exception and served
    assert not at.error, [error.value for error in at.error]


def test_without_the_setting_the_fit_is_not_refused(folder, monkeypatch, gated):
    monkeypatch.delenv(LIVE_FIT_ENV, raising=False)
    gated.opened.set()
    at = open_app_page("pages/token_map.py", model=folder, query={"method": "umap", "n_neighbors": "16"})
    request = at.session_state[state.UMAP_WAITING]
    assert not at.exception and not at.error, [error.value for error in at.error]
    assert request is not None and request.future.result(60).rows == 96
    assert gated.calls == ["umap"]  # the task ran the fit
