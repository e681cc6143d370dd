"""Token map, nearest neighbours and similarity pages through AppTest, on a tiny BERT with a tokenizer."""

import json
import time
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from dashboard.ui import state
from dashboard.ui.url_state import HIGHLIGHT_CHARS
from tests import factories
from tests.map_fixtures import bert_with_tokenizer
from tests.pages.app_test import map_figures, map_points, open_app_page, shown
from tests.pages.fake_projection import gated, instant_fits, scheduled, scheduler_keys  # noqa: F401 - fixtures


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


def open_page(page: str, folder: Path, **params) -> AppTest:
    return open_app_page(page, model=folder, query=params)


def chart_spec(at: AppTest, n: int = 0) -> dict:
    return json.loads(at.get("vega_lite_chart")[n].proto.spec)


def select_on_map(at: AppTest, value) -> AppTest:
    """Rerun ``at`` as after the map component sent ``value`` (a selection: ``{"view": ..., "ids": [...]}``).

    AppTest runs no component's script, so the value goes in as the component's widget state, the JSON the
    browser sends.
    """
    component = next(e.proto for e in at.get("component_instance") if e.proto.component_name.endswith(".token_map"))
    states = at._tree.get_widget_states()
    state = states.widgets.add()
    state.id = component.id
    state.json_value = json.dumps(value)
    return at._run(states)


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
    title = map_figures(at)[0]["layout"]["title"]
    assert title["text"].startswith("PCA of the token embedding table of ")
    assert title["subtitle"]["text"].split("<br>")[0] == f"all {factories.VOCAB} rows are drawn"
    assert at.query_params["method"] == "pca" and at.query_params[state.MODEL_PARAM] == str(folder)


def test_a_link_reopens_the_same_view(folder):
    at = open_page("pages/token_map.py", folder, dims="3", color="norm", highlight="cat, dog")
    assert not at.exception
    assert at.session_state["map_dims"] == 3 and at.session_state["map_color"] == "norm"
    figure = map_figures(at)[0]  # 3D: one rotatable scene
    assert {trace["type"] for trace in figure["data"]} == {"scatter3d"} and "scene" in figure["layout"]
    assert sorted(note["text"] for note in figure["layout"]["scene"]["annotations"]) == ["cat", "dog"]
    assert any(m.value == "**2** rows match the highlight: `cat`, `dog`" for m in at.markdown)
    assert at.query_params["highlight"] == "cat, dog"
    one = open_page("pages/token_map.py", folder, highlight="cat")
    assert any(m.value == "**1** row matches the highlight: `cat`" for m in one.markdown)


def test_a_link_from_before_the_one_renderer_still_opens_the_map(folder):
    # Links once chose a renderer and a Vega-Lite sample size; the page now reads neither and says nothing of them.
    at = open_page("pages/token_map.py", folder, renderer="altair", points="1000", color="id")
    assert not at.exception and not at.error and not at.warning
    assert at.session_state["map_color"] == "id" and map_points(map_figures(at)[0]) == factories.VOCAB


def test_bad_regex_and_bad_link_values_are_messages_not_crashes(folder):
    at = open_page("pages/token_map.py", folder, highlight="cat(", regex="1", dims="7")
    assert not at.exception
    assert any("not a regular expression this search accepts" in e.value for e in at.error)
    assert any("dims=7" in w.value for w in at.warning)
    assert map_figures(at)  # the map is still drawn, without highlight


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
    assert '"reproducible map (seeded)" off (under "Seed and UMAP parameters")' in text
    assert "already running finishes first" in text
    assert not at.exception and not at.error


def test_a_umap_the_user_moved_on_from_is_dropped_instead_of_delaying_the_next(folder, gated):
    at = open_page("pages/token_map.py", folder, method="umap", n_neighbors="8")  # runs, held at the gate
    deadline = time.monotonic() + 30
    while not gated.calls:  # the worker thread picks it up a moment later (longer on a busy machine)
        assert time.monotonic() < deadline, "the first UMAP never started"
        time.sleep(0.05)
    at = open_page("pages/token_map.py", folder, method="umap", n_neighbors="9")  # waits behind it
    first = at.session_state[state.UMAP_WAITING].key
    assert scheduled(first)
    at.session_state["map_n_neighbors"] = 10
    at.run()
    second = at.session_state[state.UMAP_WAITING].key
    assert second != first and scheduled(second)
    at.session_state["map_method"] = "pca"
    at.run()
    assert at.session_state[state.UMAP_WAITING] is None
    deadline = time.monotonic() + 30
    while {first, second} & set(scheduler_keys()):  # nobody holds them: Dask drops them unstarted
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
    bar = next(trace["marker"]["colorbar"] for trace in map_figures(position)[0]["data"]
               if trace.get("marker", {}).get("showscale"))
    assert bar["title"]["text"] == "position"


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


def test_the_map_draws_every_row_with_a_hover_and_a_legend_and_offers_box_and_lasso(folder):
    at = open_page("pages/token_map.py", folder, color="category")
    assert not at.exception and not at.error
    figure = map_figures(at)[0]
    assert figure["config"]["toImageButtonOptions"]["filename"].endswith("-token-pca-2d")  # the PNG's name
    assert figure["layout"]["clickmode"] == "event+select"  # a click selects its point; box and lasso in the modebar
    points = [trace for trace in figure["data"] if "customdata" in trace]
    assert {trace["type"] for trace in points} == {"scattergl"} and map_points(figure) == factories.VOCAB
    assert "%{text}" in points[0]["hovertemplate"] and "id %{customdata[0]:d}" in points[0]["hovertemplate"]
    assert figure["layout"]["legend"]["title"]["text"] == "token category"
    assert all(trace["name"].endswith(")") for trace in figure["data"] if trace.get("showlegend"))  # "word (1,234)"
    assert not at.get("vega_lite_chart") and not at.get("plotly_chart")  # one renderer: the map component
    assert len(at.get("component_instance")) == 1
    assert f"Every one of the {factories.VOCAB:,} points is drawn" in captions(at)
    assert "box or lasso tool" in captions(at) and "Click a colour in the legend" in captions(at)
    assert "downloads it as a PNG" in captions(at)
    labels = [b.proto.label for b in at.get("download_button")]
    assert "Map as a web page that opens offline (HTML)" in labels and "Chart as PNG" not in labels


def test_a_selection_made_on_the_map_lists_its_rows_and_offers_them_as_csv(folder):
    at = open_page("pages/token_map.py", folder)
    assert "No point selected: click a point" in captions(at)
    figure = map_figures(at)[0]
    curves = [k for k, trace in enumerate(figure["data"]) if "customdata" in trace][:2]
    ids = [int(figure["data"][curves[0]]["customdata"][2, 0]), int(figure["data"][curves[1]]["customdata"][0, 0])]
    # What the component sends for a click, box or lasso (and a forged value may hold anything): row ids; ids
    # that are not ints or not drawn are left out.
    at = select_on_map(at, {"view": figure["view"], "ids": [ids[1], ids[0], ids[0], 10**9, -1, True, 2.5, "3"]})
    assert not at.exception and not at.error
    listing = at.dataframe[-1].value
    assert listing["id"].tolist() == sorted(ids) and list(listing.columns) == ["id", "token", "category", "norm"]
    assert "**2** points selected (2 on the map, 0 in the ranges)." in [m.value for m in at.markdown]
    download = next(b for b in at.get("download_button") if b.proto.label == "Selected tokens (CSV)")
    assert download.proto.url  # the listed rows' CSV, built in this run


@pytest.mark.parametrize("value", [None, "junk", [1, 2], {"view": "another map", "ids": [1, 2]}, {"ids": [1]},
                                   {"view": "this map", "ids": "1,2"}])
def test_a_value_from_the_component_that_is_not_a_selection_of_this_map_selects_nothing(folder, value):
    at = open_page("pages/token_map.py", folder)
    if isinstance(value, dict) and value.get("view") == "this map":
        value = {**value, "view": map_figures(at)[0]["view"]}  # this map's view, but ids not a list
    at = select_on_map(at, value)
    assert not at.exception and not at.error
    assert "No point selected: click a point" in captions(at)


def test_a_3d_map_selects_a_clicked_point_and_with_its_ranges_and_says_so(folder):
    at = open_page("pages/token_map.py", folder, dims="3")
    assert not at.exception and not at.error
    figure = map_figures(at)[0]
    assert {trace["type"] for trace in figure["data"]} == {"scatter3d"}
    assert "Drag to rotate" in captions(at) and "Click a point to select it" in captions(at)
    assert "No point selected: click a point on the map" in captions(at)
    clicked = int(next(trace for trace in figure["data"] if "customdata" in trace)["customdata"][0, 0])
    at = select_on_map(at, {"view": figure["view"], "ids": [clicked]})
    assert not at.exception and not at.error
    assert at.dataframe[-1].value["id"].tolist() == [clicked]
    assert "**1** point selected (1 on the map, 0 in the ranges)." in [m.value for m in at.markdown]


def test_a_box_selection_lists_the_tokens_inside_and_offers_them_as_csv(folder):
    at = open_page("pages/token_map.py", folder)
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
    ("en", "Selected positions", "position", "**1** point selected (0 on the map, 1 in the ranges).",
     "Selected positions (CSV)"),
    ("ko", "선택한 위치", "위치", "점 **1**개를 선택했습니다(지도에서 0개, 범위 안 1개).", "선택한 위치 (CSV)"),
])
def test_one_selected_position_is_called_a_position_and_counted_in_the_singular(folder, lang, heading, column,
                                                                                  counted, download):
    at = open_page("pages/token_map.py", folder, table="position", dims="3", lang=lang)
    at.checkbox(key="map_box").check().run()
    first = [s for s in at.slider if s.key.startswith("map_box_x_")][0]
    low, _ = first.value  # the x range narrowed to the smallest value: the one row placed there
    first.set_value((low, low)).run()
    assert not at.exception and not at.error
    assert heading in [h.value for h in at.subheader]
    flat = open_page("pages/token_map.py", folder, table="position", lang=lang)
    assert ("hover a point for its position" if lang == "en" else "마우스를 올리면 위치가 보입니다") in captions(flat)
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


def test_the_position_tables_highlight_takes_position_numbers(folder):
    at = open_page("pages/token_map.py", folder, table="position", highlight="7, 12")
    box = at.text_input(key="map_highlight")
    assert box.label == "Highlight positions" and box.proto.placeholder.startswith("0, 7, 100")
    assert any(m.value.startswith("**2** rows match the highlight: `position 7`, `position 12`") for m in at.markdown)
