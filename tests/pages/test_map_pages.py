"""Token map, nearest neighbours and similarity pages through AppTest, on a tiny BERT with a tokenizer."""

import json
import time
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from dashboard.ui import state
from dashboard.ui.text_limits import HIGHLIGHT_CHARS
from dashboard.ui.token_map_element import plotly_source
from tests import factories
from tests.map_fixtures import bert_with_tokenizer
from tests.pages.app_test import ROOT, open_app_page, shown, webgl_maps
from tests.pages.fake_projection import gated, instant_fits  # noqa: F401 - fixtures


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


def open_page(page: str, folder: Path, **params) -> AppTest:
    return open_app_page(page, model=folder, query=params)


def chart_spec(at: AppTest, n: int = 0) -> dict:
    return json.loads(at.get("vega_lite_chart")[n].proto.spec)


def deck_spec(at: AppTest, n: int = 0) -> dict:
    return json.loads(at.get("deck_gl_json_chart")[n].proto.json)


def plotly_spec(at: AppTest, n: int = 0) -> dict:
    """The ``n``-th 2D WebGL map of the page as its element's message says (``traces``, ``layout``, ...)."""
    return webgl_maps(at)[n]


def plotly_points(spec: dict) -> int:
    """Points in the ``scattergl`` traces of a map (each trace's ``text`` has one token a point)."""
    return sum(len(trace["text"]) for trace in spec["traces"] if trace["type"] == "scattergl")  # legend entries: 0


def captions(at: AppTest) -> str:
    return " | ".join(shown(c.value) for c in at.caption)


def rerun_until_umap_is_drawn(at: AppTest) -> None:
    """Rerun the page until the UMAP (the fast :func:`instant_fits` stand-in) replaced the PCA map (at most 60 s)."""
    deadline = time.monotonic() + 60
    while "UMAP to 2D" not in captions(at):
        assert time.monotonic() < deadline, "UMAP did not finish"
        time.sleep(0.1)
        at.run()


def test_token_map_shows_pca_of_every_row_with_parameters_and_versions(folder):
    at = open_page("pages/token_map.py", folder)
    assert not at.exception and not at.error
    text = captions(at)
    assert f"all {factories.VOCAB} rows are drawn" in text
    assert "svd_solver=covariance_eigh" in text and "scikit-learn" in text
    spec = chart_spec(at)
    assert spec["title"]["subtitle"][0] == f"all {factories.VOCAB} rows are drawn"
    assert at.query_params["method"] == "pca" and at.query_params[state.MODEL_PARAM] == str(folder)


def test_a_link_reopens_the_same_view(folder):
    at = open_page("pages/token_map.py", folder, dims="3", color="norm", highlight="cat, dog", points="1000")
    assert not at.exception
    assert at.session_state["map_dims"] == 3 and at.session_state["map_color"] == "norm"
    # 3D is one rotatable WebGL view; the three-view Vega-Lite chart stays the PNG/SVG export.
    deck = deck_spec(at)
    assert [view["@@type"] for view in deck["views"]] == ["OrbitView"]
    assert any(layer["id"].startswith("highlight-") for layer in deck["layers"])
    assert any(m.value == "**2** rows match the highlight: `cat`, `dog`" for m in at.markdown)
    assert at.query_params["highlight"] == "cat, dog"
    one = open_page("pages/token_map.py", folder, highlight="cat")
    assert any(m.value == "**1** row matches the highlight: `cat`" for m in one.markdown)


def test_bad_regex_and_bad_link_values_are_messages_not_crashes(folder):
    at = open_page("pages/token_map.py", folder, highlight="cat(", regex="1", dims="7")
    assert not at.exception
    assert any("not a regular expression this search accepts" in e.value for e in at.error)
    assert any("dims=7" in w.value for w in at.warning)
    assert at.get("vega_lite_chart")  # the map is still drawn, without highlight


def test_a_link_highlight_longer_than_the_field_is_ignored_with_a_warning(folder):
    at = open_page("pages/token_map.py", folder, highlight="a" * (HIGHLIGHT_CHARS + 1), regex="1")
    assert not at.exception
    assert at.session_state["map_highlight"] == ""
    assert any(f"({HIGHLIGHT_CHARS + 1} characters)" in shown(w.value) for w in at.warning)
    assert at.text_input(key="map_highlight").max_chars == HIGHLIGHT_CHARS
    korean = open_page("pages/token_map.py", folder, highlight="a" * (HIGHLIGHT_CHARS + 1), lang="ko")
    assert any(f"({HIGHLIGHT_CHARS + 1}자)" in shown(w.value) for w in korean.warning)  # the length in Korean too


def test_the_ignored_link_warning_stays_when_the_finished_umap_reruns_the_page(folder, instant_fits):
    def ignored(at):
        return [w.value for w in at.warning if "Ignored from the link: highlight=" in shown(w.value)]

    # n_neighbors=19: a key of its own (11-13 are test_umap_progress_page.py's, whose jobs must not be finished)
    at = open_page("pages/token_map.py", folder, method="umap", n_neighbors="19", highlight="a" * (HIGHLIGHT_CHARS + 1))
    assert not at.exception and ignored(at)
    rerun_until_umap_is_drawn(at)  # the background UMAP's own rerun, with the link's value still unused
    assert ignored(at)
    at.text_input(key="map_highlight").input("cat").run()  # the reader's own highlight replaces the ignored one
    assert not ignored(at) and not at.exception


def test_umap_runs_in_the_background_and_replaces_pca(folder, instant_fits):
    instant_fits.opened.clear()  # the fit is held: the page goes on without it
    at = open_page("pages/token_map.py", folder, method="umap", n_neighbors="5")
    assert not at.exception and not at.error
    assert "PCA to 2D" in captions(at) and at.get("progress")  # shown while UMAP runs
    instant_fits.opened.set()
    rerun_until_umap_is_drawn(at)
    assert "n_neighbors=5" in captions(at) and "umap-learn" in captions(at)
    assert not at.exception and instant_fits.fitted == 1


def test_a_link_can_ask_for_the_fast_unseeded_umap(folder, instant_fits):
    at = open_page("pages/token_map.py", folder, method="umap", n_neighbors="6", seeded="0")
    assert at.session_state["map_seeded"] is False and at.query_params["seeded"] == "0"
    rerun_until_umap_is_drawn(at)
    assert "random_state=None" in captions(at) and "another layout" in captions(at)
    assert not at.exception and not at.error


def test_while_a_seeded_umap_runs_its_hint_does_not_promise_that_switching_now_is_faster(folder, gated):
    at = open_page("pages/token_map.py", folder, method="umap", n_neighbors="7")
    text = at.get("progress")[0].proto.text
    # Turning "reproducible map" off cannot overtake a fit already running: the fast map comes after it.
    assert '"reproducible map (seeded)" off (under "Seed, UMAP parameters and drawing")' in text
    assert "already running finishes first" in text
    assert not at.exception and not at.error


def _scheduler_keys() -> list[str]:
    from dashboard.ui.map_requests import cluster_client

    return cluster_client().run_on_scheduler(lambda dask_scheduler: list(dask_scheduler.tasks))


def test_a_umap_the_user_moved_on_from_is_dropped_instead_of_delaying_the_next(folder, gated):
    at = open_page("pages/token_map.py", folder, method="umap", n_neighbors="8")  # runs, held at the gate
    at = open_page("pages/token_map.py", folder, method="umap", n_neighbors="9")  # waits behind it
    first = at.session_state[state.UMAP_WAITING].key
    assert first in _scheduler_keys()
    at.session_state["map_n_neighbors"] = 10
    at.run()
    second = at.session_state[state.UMAP_WAITING].key
    assert second != first and second in _scheduler_keys()
    at.session_state["map_method"] = "pca"
    at.run()
    assert at.session_state[state.UMAP_WAITING] is None
    deadline = time.monotonic() + 30
    while {first, second} & set(_scheduler_keys()):  # nobody holds them: Dask drops them unstarted
        assert time.monotonic() < deadline, "a map nobody waits for is still queued"
        time.sleep(0.1)
    gated.opened.set()
    assert gated.calls == ["umap"] and not at.exception and not at.error


def test_an_unseeded_map_does_not_ask_for_a_seed_the_page_already_shows(folder, instant_fits):
    at = open_page("pages/token_map.py", folder, method="umap", n_neighbors="6", seeded="0", seed="3")
    rerun_until_umap_is_drawn(at)
    # The seed box holds 3 and changing it leaves an unseeded map as it is: only the checkbox makes it repeat.
    assert "set a seed" not in captions(at) and "seeded" in captions(at).split("another layout")[1]


def test_umap_on_a_table_smaller_than_n_neighbors_falls_back_to_pca_with_a_message(folder):
    at = open_page("pages/token_map.py", folder, table="position", method="umap", n_neighbors="100")
    deadline = time.monotonic() + 60
    while not at.error:
        assert time.monotonic() < deadline
        time.sleep(0.5)
        at.run()
    assert "n_neighbors=100" in shown(at.error[0].value) and "Showing PCA instead" in at.error[0].value
    assert "PCA to 2D" in captions(at) and not at.exception


def test_neighbours_of_a_split_word_say_so_and_leave_out_the_pieces(folder):
    at = open_page("pages/neighbours.py", folder, query="xylophone", k="5", metric="centered")
    assert not at.exception and not at.error
    assert any("3 pieces" in m.value for m in at.markdown)
    table = at.dataframe[0].value
    assert len(table) == 5 and not {"x", "##yl", "##ophone"} & set(table["token"])
    assert list(table["score"]) == sorted(table["score"], reverse=True)
    assert "3 tokens of the query itself are left out of the results" in captions(at)
    one = open_page("pages/neighbours.py", folder, query="cat", k="5")
    assert "1 token of the query itself is left out of the results" in captions(one)


def test_neighbours_bad_query_is_an_error_in_the_page(folder):
    at = open_page("pages/neighbours.py", folder, query="king - + woman")
    assert not at.exception and "empty term" in at.error[0].value


def test_similarity_heatmap_of_the_default_terms(folder):
    at = open_page("pages/similarity.py", folder)
    assert not at.exception and not at.error
    spec = chart_spec(at)
    rect = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "rect")
    assert rect["encoding"]["x"]["sort"] == ["cat", "dog", "pet", "Tuesday", "xylophone"]
    assert any("xylophone" in m.value and "averaged" in m.value for m in at.markdown)


def test_the_heatmap_subtitle_gives_each_split_word_a_line_of_its_own(folder):
    """One subtitle line holding every split word's pieces ran off the page in Korean (KO audit)."""
    spec = chart_spec(open_page("pages/similarity.py", folder))
    assert spec["title"]["subtitle"] == ["5 terms", "xylophone = mean of x + ##yl + ##ophone"]
    one_token = chart_spec(open_page("pages/similarity.py", folder, terms="cat, dog"))
    assert one_token["title"]["subtitle"] == ["2 terms; each term is one token"]


def test_similarity_needs_two_terms(folder):
    at = open_page("pages/similarity.py", folder, terms="cat")
    assert not at.exception and "at least two" in at.error[0].value


def test_token_and_position_maps_of_one_checkpoint_are_not_confused(folder):
    token = open_page("pages/token_map.py", folder)
    position = open_page("pages/token_map.py", folder, table="position", color="id")
    assert f"all {factories.VOCAB} rows are drawn" in captions(token)
    assert f"all {factories.N_POSITIONS} rows are drawn" in captions(position) and not position.exception
    layer = next(layer for layer in chart_spec(position)["layer"] if layer["mark"]["type"] == "circle")
    assert layer["encoding"]["color"]["title"] == "position"


@pytest.fixture(scope="module")
def byte_level_gguf_path(tmp_path_factory):
    from tests.tokenizer_factories import byte_level_gguf

    return byte_level_gguf(tmp_path_factory.mktemp("gguf") / "model.gguf")


def test_the_regex_example_fits_the_vocabulary(folder, byte_level_gguf_path):
    wordpiece = open_page("pages/token_map.py", folder).text_input(key="map_highlight").proto.placeholder
    byte_level = open_page("pages/token_map.py", byte_level_gguf_path).text_input(key="map_highlight").proto.placeholder
    assert wordpiece.endswith("^##ing$") and byte_level.endswith("^␣.*ing$")


def test_a_link_to_the_position_table_of_a_rotary_model_is_ignored_with_a_warning(byte_level_gguf_path):
    at = open_page("pages/token_map.py", byte_level_gguf_path, table="position")
    assert not at.exception and not at.error
    assert any("Ignored from the link: table=position" in w.value for w in at.warning)
    assert at.session_state["map_table"] == "token" and at.query_params["table"] == "token"


def test_one_unknown_word_leaves_the_others_in_the_heatmap_and_is_named(folder):
    at = open_page("pages/similarity.py", folder, terms="cat, ☃, dog, pet")
    assert not at.exception and not at.error
    rect = next(layer for layer in chart_spec(at)["layer"] if layer["mark"]["type"] == "rect")
    assert rect["encoding"]["x"]["sort"] == ["cat", "dog", "pet"]
    assert "“☃”" in at.warning[0].value and "no token for it" in at.warning[0].value


def test_unknown_words_leaving_fewer_than_two_terms_are_an_error(folder):
    at = open_page("pages/similarity.py", folder, terms="cat, ☃")
    assert not at.exception and "only 1 of the terms" in at.error[0].value and "“☃”" in at.warning[0].value


def test_the_webgl_map_draws_every_row_with_a_tooltip_and_a_legend(folder):
    at = open_page("pages/token_map.py", folder, renderer="webgl", color="category")
    assert not at.exception and not at.error
    assert not at.get("deck_gl_json_chart") and not at.get("plotly_chart")  # 2D is the page's plotly.js element
    spec = plotly_spec(at)
    assert {trace["type"] for trace in spec["traces"]} == {"scattergl"}
    assert plotly_points(spec) == factories.VOCAB
    ids = np.concatenate([trace["customdata"][:, 0] for trace in spec["traces"] if not trace["showlegend"]])
    assert sorted(ids.astype(int).tolist()) == list(range(factories.VOCAB))  # every row once, its id beside it
    template = next(trace for trace in spec["traces"] if not trace["showlegend"])["hovertemplate"]
    assert "%{text}" in template and "id %{customdata[0]:d}" in template and "norm %{customdata[1]" in template
    assert spec["layout"]["legend"]["title"]["text"] == "token category"
    assert all(trace["name"].endswith(")") for trace in spec["traces"] if trace["showlegend"])  # "word (1,234)"
    assert spec["plotly"].startswith("app/static/vendor/plotly-") and spec["config"]["showSendToCloud"] is False
    served = ROOT / "static" / "vendor" / spec["plotly"].rsplit("/", 1)[1]
    assert served.read_bytes() == plotly_source().read_bytes()  # the vendored gl2d plotly.js, served as a file
    assert not at.get("vega_lite_chart")  # plotly draws its own legend
    assert f"every one of the {factories.VOCAB:,} points is drawn" in captions(at)
    assert "box or lasso tool" in captions(at)
    labels = [b.proto.label for b in at.get("download_button")]
    assert "Chart as PNG" in labels and "Chart as SVG" in labels  # the export is the Vega-Lite chart


def test_a_selection_sent_by_the_browser_lists_only_rows_the_map_drew(folder):
    at = open_page("pages/token_map.py", folder, renderer="webgl")
    element = next(e for e in at.get("bidi_component") if e.proto.WhichOneof("data") == "bytes")
    key = element.proto.id.rsplit("-", 1)[1]  # token_map_element_VIEWKEY, the key the page gave it
    # What the element's JavaScript sends: row ids; a forged value may hold anything.
    at.session_state[key] = {"selection": [3, 1, 3, -1, 10**12, "7", 2.5, True, 5.0]}
    at.run()
    assert not at.exception
    listing = at.dataframe[-1].value
    assert listing["id"].tolist() == [1, 3, 5]  # in range, whole, once each
    assert "**3** points selected (3 on the map, 0 in the ranges)." in [m.value for m in at.markdown]


def test_without_static_files_the_map_is_st_plotly_chart_with_box_and_lasso(folder, monkeypatch):
    import dashboard.ui.token_map_element as element

    monkeypatch.setattr(element, "files_enabled", lambda: False)  # static serving off: plotly.js not served
    at = open_page("pages/token_map.py", folder, renderer="webgl")
    assert not at.exception and not at.error and not at.get("bidi_component")
    chart = at.get("plotly_chart")[0].proto
    assert set(chart.selection_mode) == {0, 1, 2}  # points, box, lasso
    assert sum(len(trace["text"]) for trace in json.loads(chart.spec)["data"]) == factories.VOCAB


def test_a_2d_map_is_webgl_by_default_only_where_vega_lite_would_leave_rows_out(folder, tmp_path):
    at = open_page("pages/token_map.py", folder)
    assert not webgl_maps(at) and at.get("vega_lite_chart")
    assert not at.get("bidi_component")  # nor is plotly.js preloaded for a map that will not need it

    from benchmarks.bench_webgl_map import write_table

    bigger = write_table(tmp_path / "rows-1500", rows=1_500, width=16)  # Llama-style, 1,500 x 16
    at = open_page("pages/token_map.py", bigger, points="1000")  # fewer points than placed rows
    assert not at.exception and not at.error
    assert plotly_points(plotly_spec(at)) == 1_500
    assert not webgl_maps(open_page("pages/token_map.py", bigger, points="2000"))


def test_a_2d_vega_lite_map_selects_a_box_dragged_with_shift_and_says_how(folder):
    at = open_page("pages/token_map.py", folder, renderer="altair")
    assert not at.exception and not at.error
    chart = at.get("vega_lite_chart")[0].proto
    assert list(chart.selection_mode) == ["boxed"]  # the box reruns the page; the zoom does not
    assert "hold Shift and drag to select the rows in a box" in captions(at)
    assert "No point selected: hold Shift and drag on the map to draw a box, or select a box above." in captions(at)
    # A box is in map units: another map (here the position table's) is another chart, which starts with no box;
    # the same map recoloured keeps its box.
    other = open_page("pages/token_map.py", folder, renderer="altair", table="position").get("vega_lite_chart")[0]
    recoloured = open_page("pages/token_map.py", folder, renderer="altair", color="norm").get("vega_lite_chart")[0]
    assert other.proto.id != chart.id and recoloured.proto.id == chart.id
    at3 = open_page("pages/token_map.py", folder, renderer="altair", dims="3")
    assert not at3.exception and not list(at3.get("vega_lite_chart")[0].proto.selection_mode)
    assert "No point selected: select a box above." in captions(at3)


def test_a_box_selection_lists_the_tokens_inside_and_offers_them_as_csv(folder):
    at = open_page("pages/token_map.py", folder, renderer="webgl")
    assert "No point selected" in captions(at)
    at.checkbox(key="map_box").check().run()
    sliders = [s for s in at.slider if s.key.startswith("map_box_")]
    assert len(sliders) == 2
    low, high = sliders[0].value
    sliders[0].set_value((low, (low + high) / 2)).run()
    assert not at.exception and not at.error
    table = at.dataframe[-1].value
    assert list(table.columns) == ["id", "token", "category", "norm"]
    assert 0 < len(table) < factories.VOCAB
    selected = f"**{len(table):,}** points selected (0 on the map, {len(table):,} in the ranges)."
    assert selected in [m.value for m in at.markdown]
    assert any(b.proto.label == "Selected tokens (CSV)" for b in at.get("download_button"))


@pytest.mark.parametrize("lang, heading, column, counted, download", [
    ("en", "Selected positions", "position", "**1** point selected, inside the ranges above.",
     "Selected positions (CSV)"),
    ("ko", "선택한 위치", "위치", "위 범위 안의 점 **1**개를 선택했습니다.", "선택한 위치 (CSV)"),
])
def test_one_selected_position_is_called_a_position_and_counted_in_the_singular(folder, lang, heading, column,
                                                                                  counted, download):
    at = open_page("pages/token_map.py", folder, table="position", renderer="altair", dims="3", lang=lang)
    at.checkbox(key="map_box").check().run()
    first = [s for s in at.slider if s.key.startswith("map_box_x_")][0]
    low, _ = first.value  # the x range narrowed to the smallest value: the one row placed there
    first.set_value((low, low)).run()
    assert not at.exception and not at.error
    assert heading in [h.value for h in at.subheader]
    webgl = open_page("pages/token_map.py", folder, table="position", renderer="webgl", lang=lang)
    assert ("hover a point for its position" if lang == "en" else "마우스를 올리면 위치가 보입니다") in captions(webgl)
    assert list(at.dataframe[-1].value.columns) == [column, "norm" if lang == "en" else "노름"]
    assert len(at.dataframe[-1].value) == 1
    assert counted in [m.value for m in at.markdown]
    assert any(b.proto.label == download for b in at.get("download_button"))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_tsne_fallback_on_a_small_position_table_ends_each_sentence_once(folder, lang):
    at = open_page("pages/token_map.py", folder, table="position", method="tsne", lang=lang)
    deadline = time.monotonic() + 60
    while not at.error:
        assert time.monotonic() < deadline
        time.sleep(0.5)
        at.run()
    text = shown(at.error[0].value)
    assert ("Showing PCA instead" if lang == "en" else "대신 PCA를 보여 줍니다") in text
    assert "perplexity" in text and ".." not in text and ". ." not in text
