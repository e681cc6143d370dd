"""The output head as a table on the Token map, Nearest neighbours and Similarity pages (untied: its own rows; tied: said)."""

import json

import numpy as np
import pytest
from streamlit import dataframe_util

from dashboard.analysis.neighbours import build_index, top_k_neighbours
from dashboard.checkpoints import load_tables
from tests import factories
from tests.pages.app_test import map_figures, open_app_page


@pytest.fixture(scope="module")
def untied(tmp_path_factory):
    return factories.gpt2_folder(tmp_path_factory.mktemp("untied"), tied=False)


@pytest.fixture(scope="module")
def tied(tmp_path_factory):
    return factories.gpt2_folder(tmp_path_factory.mktemp("tied"), tied=True)


def _captions(at):
    return " | ".join(c.value for c in at.caption)


def test_token_map_offers_the_head_of_an_untied_model_and_maps_it(untied):
    at = open_app_page("pages/token_map.py", model=untied)
    assert "output head" in at.radio(key="map_table").options  # shown labels
    at.radio(key="map_table").set_value("head").run()
    assert not at.exception and not at.error
    figure = map_figures(at)[0]
    assert "output head table" in figure["layout"]["title"]["text"]
    assert "how it predicts it" in _captions(at)


def test_token_map_of_a_tied_model_says_the_head_is_the_token_table(tied):
    at = open_app_page("pages/token_map.py", model=tied)
    assert "output head" not in at.radio(key="map_table").options
    assert "the output head is the token table itself" in _captions(at)


def test_neighbours_in_the_token_table_beside_the_head(untied):
    tables = load_tables(untied)
    at = open_app_page("pages/neighbours.py", model=untied, query={"query": "#7", "table": "both", "k": "5"})
    assert not at.exception and not at.error
    token_side, head_side = (frame.value for frame in at.dataframe)
    for table, side in ((tables.token, token_side), (tables.output_head, head_side)):
        expected = top_k_neighbours(build_index(table), table[7], k=5, exclude={7})
        assert side["id"].tolist() == expected.ids.tolist()
        np.testing.assert_allclose(side["score"], expected.scores, rtol=1e-5)
    assert token_side["id"].tolist() != head_side["id"].tolist()  # two independent random tables
    shared = len(set(token_side["id"]) & set(head_side["id"]))
    assert any(md.value.startswith(f"**{shared} of 5** neighbours are in both lists") for md in at.markdown)
    assert any("how it predicts it" in md.value for md in at.markdown)


def test_neighbours_of_a_tied_model_offer_no_head_and_say_why(tied):
    at = open_app_page("pages/neighbours.py", model=tied, query={"query": "#7", "table": "head"})
    assert not at.exception and not at.error
    assert len(at.dataframe) == 1 and "token table itself" in _captions(at)


def test_similarity_heatmap_of_the_heads_rows(untied):
    tables = load_tables(untied)
    at = open_app_page("pages/similarity.py", model=untied, query={"terms": "#3, #9", "sim_table": "head"})
    assert not at.exception and not at.error
    chart = at.get("vega_lite_chart")[0].proto
    spec = json.loads(chart.spec)
    values = dataframe_util.convert_arrow_bytes_to_pandas_df(chart.datasets[0].data.data)
    off_diagonal = values.query("row == '#3' and column == '#9'")["value"].item()
    a, b = tables.output_head[3].astype(np.float64), tables.output_head[9].astype(np.float64)
    assert off_diagonal == pytest.approx(a @ b / np.linalg.norm(a) / np.linalg.norm(b), abs=1e-6)
    assert "output head rows" in json.dumps(spec["title"])
