"""Token map: custom axes, t-SNE and the offline HTML export through AppTest, on a tiny BERT with a tokenizer."""

import time
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from dashboard.checkpoints import load_tables
from tests import factories
from tests.i18n.page_prose import english_runs, hangul_share, page_prose
from tests.map_fixtures import ID, bert_with_tokenizer
from tests.pages.app_test import map_figures, map_rows, open_app_page, shown
from tests.pages.fake_projection import instant_fits  # noqa: F401 - a fixture

AXES = {"method": "axes", "x_from": "man", "x_to": "woman", "y_from": "king", "y_to": "queen"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


def open_page(folder: Path, **params) -> AppTest:
    return open_app_page("pages/token_map.py", model=folder, query=params)


def captions(at: AppTest) -> str:
    return " | ".join(shown(c.value) for c in at.caption)


def test_custom_axes_place_every_token_by_its_centred_dot_products(folder):
    at = open_page(folder, **AXES)
    assert not at.exception and not at.error
    token = load_tables(folder).token.astype(np.float64)
    unit = lambda v: v / np.linalg.norm(v)  # noqa: E731
    x_axis, y_axis = unit(token[ID["woman"]] - token[ID["man"]]), unit(token[ID["queen"]] - token[ID["king"]])
    centred = token - token.mean(axis=0)
    figure = map_figures(at)[0]
    points = map_rows(figure)
    assert points["id"].tolist() == list(range(factories.VOCAB))
    step = points["step"].iloc[0]  # the map's coordinate grid: a 65,535th of its widest axis
    np.testing.assert_allclose(points["x"], centred @ x_axis, atol=step)
    np.testing.assert_allclose(points["y"], centred @ y_axis, atol=step)
    layout = figure["layout"]
    assert layout["xaxis2"]["title"]["text"] == "man → woman"
    assert any(note["text"] == "king → queen" for note in layout["annotations"])  # the y title, level
    cosine = float(x_axis @ y_axis)
    text = captions(at)
    assert "custom axes to 2D, x: man → woman, y: king → queen" in text and "each row minus the mean row" in text
    assert f"The two directions have cosine {cosine:+.3f}" in text
    man = centred[ID["man"]] @ x_axis
    assert f"On x, man lies at {man:.3f} and woman at {centred[ID['woman']] @ x_axis:.3f}" in text
    assert at.radio(key="map_dims").disabled
    assert at.query_params["method"] == "axes" and at.query_params["x_to"] == "woman"


def test_an_axis_may_be_an_analogy_and_a_bad_query_is_a_message(folder):
    at = open_page(folder, **{**AXES, "y_to": "king - man + woman"})
    assert not at.exception and not at.error
    assert "king → king - man + woman" in captions(at)
    at = open_page(folder, **{**AXES, "x_from": "☃"})  # the tokenizer reads it as [UNK]
    assert not at.exception
    assert at.error and "[UNK]" in shown(at.error[0].value)
    at = open_page(folder, **{**AXES, "x_to": "man"})
    assert at.error and "the x axis has no direction" in at.error[0].value and not at.exception


def test_custom_axes_are_not_offered_for_the_position_table(folder):
    at = open_page(folder, **AXES, table="position")
    assert not at.exception and not at.error
    assert any("position table is shown with PCA" in i.value for i in at.info)
    assert "PCA to 2D" in captions(at)


def test_custom_axes_page_in_korean(folder):
    at = open_page(folder, **AXES, lang="ko")
    assert not at.exception and not at.error
    prose = page_prose(at)
    assert english_runs(prose) == []
    assert hangul_share(prose) >= 0.8


def test_tsne_runs_in_the_background_with_progress_and_replaces_pca(folder, instant_fits):
    instant_fits.opened.clear()  # the fit is held: the page shows PCA and the t-SNE's progress meanwhile
    at = open_page(folder, method="tsne", perplexity="8")
    assert not at.exception and not at.error
    assert "PCA to 2D" in captions(at)
    progress = [p.proto.text for p in at.get("progress")]
    assert progress and progress[0].startswith(f"t-SNE of all {factories.VOCAB} rows")
    instant_fits.opened.set()
    deadline = time.monotonic() + 60
    while "t-SNE to 2D" not in captions(at):
        assert time.monotonic() < deadline, "t-SNE did not finish"
        time.sleep(0.1)
        at.run()
    assert "perplexity=8.0" in captions(at) and "openTSNE" in captions(at) and not at.exception
    assert at.query_params["perplexity"] == "8.0" and at.slider(key="map_perplexity").value == 8.0


def test_the_map_downloads_as_an_offline_web_page(folder):
    at = open_page(folder)
    buttons = [b for b in at.get("download_button") if "map_html" in str(b.proto.id)]
    assert len(buttons) == 1 and "opens offline" in buttons[0].proto.label
    assert buttons[0].proto.label and not at.exception
