"""The Token map's background-job texts name the method that runs (UMAP or t-SNE), in English and Korean."""

import time
from concurrent.futures import Future

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.analysis.tsne import SEEDED_THREADS
from dashboard.ui import map_data, state
from dashboard.ui.projection_jobs import job_board
from tests.map_fixtures import bert_with_tokenizer
from tests.pages.app_test import open_app_page, shown
from tests.pages.projection_worker import busy_worker


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


def progress_text(at: AppTest) -> str:
    bars = at.get("progress")
    assert bars, "no progress bar: the job is not running in the background"
    return bars[0].proto.text


def leave_to_pca(at: AppTest) -> None:
    """Move the page on to PCA, so that the queued job nobody wants any more is dropped."""
    at.session_state["map_method"] = "pca"
    at.run()


@pytest.mark.parametrize(("lang", "method", "query", "expected", "other"), [
    ("en", "tsne", {"perplexity": "4"}, "before this t-SNE to finish", "UMAP"),
    ("ko", "tsne", {"perplexity": "5"}, "이 t-SNE 계산보다 먼저 요청된 지도", "UMAP"),
    ("en", "umap", {"n_neighbors": "13"}, "before this UMAP to finish", "t-SNE"),
])
def test_a_queued_job_names_its_own_method(folder, lang, method, query, expected, other):
    with busy_worker():
        at = open_app_page("pages/token_map.py", model=folder, query={"method": method, "lang": lang, **query})
        text = progress_text(at)
        try:
            assert expected in text, text
            assert other not in text, text
            assert not at.exception and not at.error
        finally:
            leave_to_pca(at)


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "waiting for umap-learn to finish compiling (when the server starts, and again after a stopped map); "
           "the t-SNE starts after it"),
    ("ko", "끝나면 t-SNE 계산을 시작합니다"),
])
def test_a_tsne_waiting_for_the_umap_warm_up_says_so_without_calling_itself_umap(folder, monkeypatch, lang, expected):
    board = job_board()
    monkeypatch.setattr(board, "warming", Future())  # the warm-up has not finished
    with busy_worker():
        perplexity = {"en": "6", "ko": "7"}[lang]
        at = open_app_page("pages/token_map.py", model=folder,
                           query={"method": "tsne", "perplexity": perplexity, "lang": lang})
        text = progress_text(at)
        try:
            assert expected in text and text.count("t-SNE") == 2 and "UMAP" not in text, text
            assert not at.exception and not at.error
        finally:
            leave_to_pca(at)


@pytest.fixture
def tsne_breaks(monkeypatch):
    """t-SNE fits raise an unexpected error (a bug, not a bad setting); PCA is computed as usual."""
    original = map_data.cached_projection

    def compute(table, content_hash, name, settings, *, progress=None, **kwargs):
        if settings.method == "tsne":
            raise RuntimeError("test: openTSNE broke")
        return original(table, content_hash, name, settings, progress=progress, **kwargs)

    monkeypatch.setattr(map_data, "cached_projection", compute)


@pytest.mark.parametrize(("lang", "perplexity", "expected"), [
    ("en", "9", "t-SNE failed unexpectedly (RuntimeError: test: openTSNE broke); change a setting or reload"),
    ("ko", "10", "t-SNE 계산이 예기치 않게 실패했습니다(RuntimeError: test: openTSNE broke)"),
])
def test_an_unexpected_tsne_failure_is_called_a_tsne_failure(folder, tsne_breaks, lang, perplexity, expected):
    at = open_app_page("pages/token_map.py", model=folder,
                       query={"method": "tsne", "perplexity": perplexity, "lang": lang})
    deadline = time.monotonic() + 60
    while not at.error:
        assert time.monotonic() < deadline, "the failure was never shown"
        time.sleep(0.2)
        at.run()
    text = shown(at.error[0].value)
    assert expected in text and "UMAP" not in text, text
    assert at.session_state[state.UMAP_WAITING] is not None and not at.exception


@pytest.mark.parametrize(("lang", "label", "names"), [
    ("en", "reproducible map (seeded)", ["UMAP (umap-learn)", "t-SNE (openTSNE)", f"t-SNE on {SEEDED_THREADS}"]),
    ("ko", "재현 가능한 지도(시드 고정)", ["UMAP(umap-learn)", "t-SNE(openTSNE)", f"스레드 {SEEDED_THREADS}개"]),
])
def test_the_seed_checkbox_says_it_seeds_umap_and_tsne_and_keeps_its_link_key(folder, lang, label, names):
    at = open_app_page("pages/token_map.py", model=folder, query={"method": "tsne", "seeded": "0", "lang": lang})
    box = at.checkbox(key="map_seeded")
    assert box.label == label and "UMAP" not in box.label
    assert all(name in box.help for name in names), box.help
    assert "t-SNE" in at.number_input(key="map_seed").help
    # The seed and the checkbox are where the t-SNE's own help says they are.
    perplexity_help = at.slider(key="map_perplexity").help
    holder = next(expander for expander in at.expander if any(c.key == "map_seeded" for c in expander.checkbox))
    assert f'"{label}"' in perplexity_help and f'"{holder.label}"' in perplexity_help, perplexity_help
    # The same session-state key and link parameter as before: old links still turn the seed off.
    assert box.value is False and at.query_params["seeded"] == "0"
    box.check().run()
    assert at.session_state["map_seeded"] is True and at.query_params["seeded"] == "1"
    leave_to_pca(at)
