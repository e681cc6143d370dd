"""The token map's plotly figure, read as plotly's JSON (what the offline HTML holds; the component receives the same
traces and layout, its points as Arrow: tests/maps/test_wire.py): points, hover, colours, highlight,
3D, the axes in projection units and the offline HTML."""

import base64
import json

import numpy as np
import pandas as pd
import plotly.io
import pytest

from dashboard.analysis.table_rows import table_rows
from dashboard.analysis.token_categories import CATEGORIES
from dashboard.charts.theme import SUBTITLE_COLUMNS
from dashboard.i18n import msg, render, use_language
from dashboard.maps.chart import (CATEGORY_COLOURS, FADED, GRID, HIGHLIGHT_SIZE, POINT_SIZE, escape_hover,
                                         figure_html, nice_ticks, tick_text, token_map_figure)
from dashboard.maps.frame import token_map_frame
from dashboard.maps.projection import ProjectionSettings, project_pca
from tests.map_fixtures import random_table, tables_of

WORDS = ["[CLS]", "cat", "##s", "42", "!", "α"] * 5


def words_frame(dims: int, highlight=()) -> pd.DataFrame:
    """The map frame of a 30-row table of :data:`WORDS` (one special token, six categories)."""
    tables = tables_of(random_table(len(WORDS), 6), WORDS, special=frozenset({0}))
    rows = table_rows(tables)
    projection = project_pca(rows.table, ProjectionSettings("pca", dims))
    return token_map_frame(projection, labels=rows.labels, raw=rows.raw, categories=rows.categories,
                           norms=rows.norms, highlighted=np.isin(np.arange(len(WORDS)), highlight))


def synthetic_frame(n: int, dims: int = 2, seed: int = 0) -> pd.DataFrame:
    """A token_map_frame-shaped table of ``n`` random points labelled ``#id`` (as a table without a tokenizer)."""
    rng = np.random.default_rng(seed)
    tokens = [f"#{i}" for i in range(n)]
    frame = pd.DataFrame({"id": np.arange(n, dtype=np.int32), "token": tokens, "raw": tokens,
                          "category": pd.Categorical(rng.choice(list(CATEGORIES[:9]), n)),
                          "norm": (rng.random(n) * 3).astype(np.float32), "highlighted": np.zeros(n, bool),
                          "label": [""] * n})
    for axis in "xyz"[:dims]:
        frame[axis] = (rng.standard_normal(n) * 0.3).astype(np.float32)
    return frame


def sent(token_map) -> dict:
    """The figure as plotly writes it (``plotly.io.to_json``, as in the HTML export), parsed."""
    return json.loads(plotly.io.to_json(token_map.figure, validate=False))


def decoded(array) -> np.ndarray:
    """A typed array as plotly writes it (``{"dtype", "bdata", "shape"}``), or a plain list, as NumPy."""
    if isinstance(array, dict):
        values = np.frombuffer(base64.b64decode(array["bdata"]), dtype=np.dtype(array["dtype"]).newbyteorder("<"))
        shape = array.get("shape")
        return values.reshape([int(d) for d in str(shape).split(",")]) if shape else values
    return np.asarray(array)


def point_traces(spec: dict) -> list[dict]:
    """The traces that hold points (legend entries and the axes' trace hold none)."""
    return [trace for trace in spec["data"] if "customdata" in trace]


def test_every_row_is_a_point_once_with_its_id_norm_and_token_in_typed_arrays():
    frame = words_frame(2)
    spec = sent(token_map_figure(frame, axis_titles=["PC1", "PC2"]))
    traces = point_traces(spec)
    assert {trace["type"] for trace in traces} == {"scattergl"}
    customdata = np.concatenate([decoded(trace["customdata"]) for trace in traces])
    assert sorted(customdata[:, 0].astype(int).tolist()) == list(range(len(WORDS)))  # every row once
    by_id = dict(zip(customdata[:, 0].astype(int), customdata[:, 1]))
    np.testing.assert_allclose([by_id[i] for i in range(len(WORDS))], frame["norm"], rtol=1e-6)
    tokens = {int(i): text for trace in traces for i, text in zip(decoded(trace["customdata"])[:, 0], trace["text"])}
    assert tokens == dict(enumerate(frame["token"]))
    for trace in traces:  # numbers travel as base64 typed arrays: coordinates as grid steps, the rest float32
        assert trace["x"]["dtype"] == trace["y"]["dtype"] == "u2" and trace["customdata"]["dtype"] == "f4"


def test_the_grid_keeps_the_maps_shape_and_the_visible_axes_are_in_projection_units():
    frame = words_frame(2)
    spec = sent(token_map_figure(frame, axis_titles=["PC1", "PC2"]))
    xs = np.concatenate([decoded(trace["x"]) for trace in point_traces(spec)]).astype(float)
    ys = np.concatenate([decoded(trace["y"]) for trace in point_traces(spec)]).astype(float)
    ids = np.concatenate([decoded(trace["customdata"])[:, 0] for trace in point_traces(spec)]).astype(int)
    coords = frame.set_index("id").loc[ids, ["x", "y"]].to_numpy(float)
    step = (coords.max(axis=0) - coords.min(axis=0)).max() / GRID  # one step for both axes
    assert max(xs.max(), ys.max()) == GRID
    np.testing.assert_allclose(xs * step + coords[:, 0].min(), coords[:, 0], atol=step)
    np.testing.assert_allclose(ys * step + coords[:, 1].min(), coords[:, 1], atol=step)
    layout = spec["layout"]
    assert layout["xaxis"]["visible"] is False and layout["yaxis"]["scaleanchor"] == "x"
    assert layout["xaxis2"]["overlaying"] == "x" and layout["yaxis2"]["scaleanchor"] == "x2"
    for hidden, shown, axis in (("xaxis", "xaxis2", 0), ("yaxis", "yaxis2", 1)):  # the same view in two units
        grid_view = np.array(layout[hidden]["range"])
        np.testing.assert_allclose(layout[shown]["range"], grid_view * step + coords[:, axis].min(), rtol=1e-6)
    assert layout["xaxis2"]["title"]["text"] == "PC1"
    y_title = next(note for note in layout["annotations"] if note["text"] == "PC2")  # level, above the axis
    assert y_title["xref"] == y_title["yref"] == "paper" and y_title["yanchor"] == "bottom"
    assert any(trace.get("xaxis") == "x2" for trace in spec["data"])  # plotly draws an axis that holds a trace


def test_hover_shows_token_id_category_and_norm_in_the_active_language():
    frame = words_frame(2)
    traces = point_traces(sent(token_map_figure(frame)))
    template = traces[0]["hovertemplate"]
    assert "<b>%{text}</b>" in template and "id %{customdata[0]:d}" in template and "norm %{customdata[1]:." in template
    categories = {trace["hovertemplate"].split(" · ")[1].split("<br>")[0] for trace in traces}
    assert categories == {"special", "number", "punctuation", "non-Latin script", "word piece", "whole word"}
    use_language("ko")
    try:
        korean = point_traces(sent(token_map_figure(frame)))
    finally:
        use_language("en")
    assert any("노름 %{customdata[1]" in trace["hovertemplate"] and "특수 토큰" in trace["hovertemplate"]
               for trace in korean)


def test_each_category_has_its_fixed_colour_and_a_legend_entry_that_counts_its_points():
    spec = sent(token_map_figure(words_frame(2), legend_title="token category"))
    for trace in point_traces(spec):
        category = trace["legendgroup"]
        assert trace["marker"]["color"] == CATEGORY_COLOURS[category] and trace["showlegend"] is False
    entries = [trace for trace in spec["data"] if trace.get("showlegend")]
    # The largest category first (its points are drawn first, under the rarer ones); one [CLS] is special.
    assert [entry["name"] for entry in entries] == ["whole word (9)", "number (5)", "punctuation (5)",
                                                     "non-Latin script (5)", "word piece (5)", "special (1)"]
    assert all(entry["marker"]["color"] == CATEGORY_COLOURS[entry["legendgroup"]] for entry in entries)
    assert spec["layout"]["legend"]["title"]["text"] == "token category"
    assert spec["layout"]["legend"]["groupclick"] == "togglegroup"  # a legend click hides its category's points


def test_norm_and_id_colour_every_point_on_one_continuous_scale_with_a_bar_in_their_units():
    frame = words_frame(2)
    spec = sent(token_map_figure(frame, color_by="norm", legend_title="row norm"))
    traces = point_traces(spec)
    assert not any(trace.get("showlegend") for trace in spec["data"])  # no category legend: a colour bar
    steps = np.concatenate([decoded(trace["marker"]["color"]) for trace in traces])
    norms = np.concatenate([decoded(trace["customdata"])[:, 1] for trace in traces])
    assert steps.dtype == np.uint8 and steps.min() == 0 and steps.max() == 255
    assert np.all(np.diff(steps[np.argsort(norms)].astype(int)) >= 0)  # the colour follows the norm
    assert all(trace["marker"]["cmin"] == 0 and trace["marker"]["cmax"] == 255 for trace in traces)
    bars = [trace["marker"]["colorbar"] for trace in traces if trace["marker"].get("showscale")]
    assert len(bars) == 1 and bars[0]["title"]["text"] == "row norm"
    shown = [float(text.replace("\u2212", "-")) for text in bars[0]["ticktext"]]
    low, high = norms.min(), norms.max()
    np.testing.assert_allclose(np.array(bars[0]["tickvals"]) / 255 * (high - low) + low, shown, rtol=1e-4)
    ids = sent(token_map_figure(frame, color_by="id"))
    assert next(t for t in point_traces(ids) if t["marker"].get("showscale"))["marker"]["colorbar"]["ticktext"][0] \
        .replace(",", "").isdigit()


def test_highlighted_rows_are_larger_outlined_on_top_and_labelled_and_the_rest_faded():
    frame = words_frame(2, highlight=[1, 7])  # "cat" twice
    spec = sent(token_map_figure(frame))
    traces = point_traces(spec)
    on_top = [trace for trace in traces if trace["marker"]["size"] == HIGHLIGHT_SIZE]
    assert traces[-len(on_top):] == on_top  # drawn last
    assert sorted(int(i) for trace in on_top for i in decoded(trace["customdata"])[:, 0]) == [1, 7]
    assert all(trace["marker"]["line"]["width"] == 1 and trace["marker"]["color"] == CATEGORY_COLOURS["whole word"]
               for trace in on_top)
    assert all(trace["marker"]["color"] == FADED and trace["marker"]["size"] == POINT_SIZE
               for trace in traces if trace not in on_top)
    legend = [trace for trace in spec["data"] if trace.get("showlegend")]
    assert all(entry["marker"]["color"] != FADED for entry in legend)  # the legend keeps the colours
    assert [note["text"] for note in spec["layout"]["annotations"] if "xref" not in note] == ["cat", "cat"]


def test_3d_is_one_rotatable_scene_of_every_row_with_ticks_at_projection_values():
    frame = words_frame(3, highlight=[1])
    spec = sent(token_map_figure(frame, axis_titles=["a", "b", "c"]))
    traces = point_traces(spec)
    assert {trace["type"] for trace in traces} == {"scatter3d"}
    assert sum(len(trace["text"]) for trace in traces) == len(WORDS)
    scene = spec["layout"]["scene"]
    assert scene["aspectmode"] == "data" and [scene[f"{a}axis"]["title"]["text"] for a in "xyz"] == ["a", "b", "c"]
    z = frame["z"].to_numpy(float)
    step = (frame[["x", "y", "z"]].max() - frame[["x", "y", "z"]].min()).max() / GRID
    shown = [float(text.replace("\u2212", "-")) for text in scene["zaxis"]["ticktext"]]
    np.testing.assert_allclose(np.array(scene["zaxis"]["tickvals"]) * step + z.min(), shown, atol=1e-6)
    assert [note["text"] for note in scene["annotations"]] == ["cat"] and "xaxis2" not in spec["layout"]


def test_the_title_and_long_subtitle_lines_travel_in_the_figure_broken_to_fit():
    described = render(msg("axes.describe", x="he → she", y="king → queen", cosine=-0.266))
    title = sent(token_map_figure(words_frame(2), title="PCA of <tiny>",
                                  subtitle=["all 30 rows are drawn", described]))["layout"]["title"]
    assert title["text"] == "PCA of &lt;tiny&gt;"
    lines = title["subtitle"]["text"].split("<br>")
    assert lines[0] == "all 30 rows are drawn" and len(lines) > 2
    assert all(len(line) <= SUBTITLE_COLUMNS for line in lines)


def test_tokens_are_shown_as_typed_and_a_very_long_one_is_cut_saying_its_length():
    frame = words_frame(2)
    frame.loc[0, "token"], frame.loc[1, "token"] = "<br>&amp;", "x" * 500
    texts = {text for trace in point_traces(sent(token_map_figure(frame))) for text in trace["text"]}
    assert "&lt;br&gt;&amp;amp;" in texts and "<br>" not in texts
    assert "x" * 59 + "… (500 characters)" in texts
    assert escape_hover("plain") == "plain"


def test_round_ticks_are_written_with_the_decimals_their_spacing_needs():
    ticks = nice_ticks(-0.37, 0.26, 6)
    assert ticks.tolist() == pytest.approx([-0.3, -0.2, -0.1, 0.0, 0.1, 0.2])
    assert tick_text(ticks) == ["\u22120.3", "\u22120.2", "\u22120.1", "0.0", "0.1", "0.2"]
    assert tick_text(nice_ticks(0, 30_000, 5)) == ["0", "5000", "10000", "15000", "20000", "25000", "30000"]


def test_unknown_colourings_and_empty_maps_are_refused():
    with pytest.raises(ValueError, match="colouring"):
        token_map_figure(words_frame(2), color_by="shoe size")
    with pytest.raises(ValueError, match="at least one point"):
        token_map_figure(words_frame(2).iloc[:0])


def test_the_html_export_is_one_page_with_plotly_inside_and_its_title_escaped():
    page = figure_html(token_map_figure(words_frame(2)).figure, "Token map: <tiny> & co").decode("utf-8")
    assert page.startswith("<!doctype html>") and "<title>Token map: &lt;tiny&gt; &amp; co</title>" in page
    assert "<script src=" not in page and "<link" not in page  # plotly.js is inline (tests/e2e: opened offline)
    assert "Plotly.newPlot" in page and '"scrollZoom": true' in page
