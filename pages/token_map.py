"""Token map: every row of the token (or position) table, projected to 2D or 3D by PCA, UMAP or t-SNE, or on custom axes."""

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.analysis.output_head import describe_head, has_own_head
from dashboard.analysis.table_rows import TABLE_NAMES, projector_metadata, regex_example
from dashboard.analysis.token_categories import category_label
from dashboard.errors import ExplorerError
from dashboard.exports import csv_bytes, projector_zip
from dashboard.i18n import plural_key, render, t
from dashboard.maps.backends import best_backend
from dashboard.maps.chart import COLOUR_FIELDS, figure_html
from dashboard.maps.custom_axes import AXES_METHOD, AXES_TABLES, AXIS_ENDS, DEFAULT_QUERIES, AxisQueries
from dashboard.maps.frame import coordinates_frame, match_tokens
from dashboard.maps.projection import DIMS, METHODS, SLOW_METHODS, ProjectionSettings
from dashboard.maps.settings import SEEDED_THREADS
from dashboard.maps.view_component import draw_token_map
from dashboard.maps.view_data import get_custom_axes, get_map_figure, get_pca
from dashboard.maps.view_requests import MapRequest, cancel_request, get_map, held_request, keep_request, progress_text
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.training.undertrained import INDICATOR_LABELS
from dashboard.training.view_undertrained import get_undertrained
from dashboard.ui.downloads import file_download_button
from dashboard.ui.hangul_note import show_hangul_notes
from dashboard.ui.language import language_fragment
from dashboard.ui.loading import active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.table_data import get_table_rows
from dashboard.ui.table_pages import open_table_page
from dashboard.ui.url_state import HIGHLIGHT_CHARS, QUERY_CHARS, UrlParam, bounded, bounded_text, parse_bool, publish

ensure_routed()

# A link asking for a table this checkpoint lacks (position, on a rotary model) is ignored with a warning.
offered = {"token": True, "position": active_tables().position is not None, "head": has_own_head(active_tables())}
available = [name for name in TABLE_NAMES if offered[name]]
#: Selected tokens listed in the page at most (the CSV has them all).
SELECTION_ROWS_SHOWN = 1_000
PARAMS = [
    UrlParam("table", "map_table", "token", choices=tuple(available)),
    UrlParam("method", "map_method", "pca", choices=(*METHODS, AXES_METHOD)),
    UrlParam("dims", "map_dims", 2, int, DIMS),
    UrlParam("seed", "map_seed", 0, bounded(int, 0, 2**31 - 1)),
    UrlParam("seeded", "map_seeded", True, parse_bool),
    UrlParam("n_neighbors", "map_n_neighbors", 15, bounded(int, 2, 200)),
    UrlParam("min_dist", "map_min_dist", 0.1, bounded(float, 0.0, 1.0)),
    UrlParam("perplexity", "map_perplexity", 30.0, bounded(float, 2.0, 100.0)),
    *(UrlParam(end, f"map_{end}", DEFAULT_QUERIES[end], bounded_text(QUERY_CHARS)) for end in AXIS_ENDS),
    UrlParam("color", "map_color", "category", choices=tuple(COLOUR_FIELDS)),
    UrlParam("highlight", "map_highlight", "", bounded_text(HIGHLIGHT_CHARS)),
    UrlParam("regex", "map_regex", False, parse_bool),
    UrlParam("undertrained", "map_undertrained", False, parse_bool),
]  # a link may also hold renderer= or points= (settings the page no longer has): they are left unread
#: Colouring choice -> catalogue key of its label.
COLOUR_LABELS = {"category": "token_map.colour.category", "norm": "token_map.colour.norm", "id": "token_map.colour.id"}

tables, source = open_table_page(t("token_map.title"), t("token_map.caption"), PARAMS)

if st.session_state["map_table"] not in available:  # kept from a checkpoint that had a position table
    st.session_state["map_table"] = "token"
colour_choices = ["category", "norm", "id"] if st.session_state["map_table"] != "position" else ["id", "norm"]
if st.session_state["map_color"] not in colour_choices:
    st.session_state["map_color"] = colour_choices[0]


top = st.columns([1.3, 1, 0.8, 1.2])
# Option labels are rendered once, in this run's language: a format_func that rendered later would use the
# language of whichever thread calls it (AppTest calls it from the test's own thread).
table_labels = {name: render(TABLE_NAMES[name]) for name in available}
top[0].radio(t("token_map.table_label"), available, key="map_table", horizontal=True, format_func=table_labels.get)
if st.session_state["map_table"] == "head" or not has_own_head(tables):
    st.caption(t("explore.output_head_caption", description=describe_head(tables)))
method_labels = {**METHODS, AXES_METHOD: t("axes.method")}
top[1].radio(t("token_map.method_label"), list(method_labels), key="map_method", horizontal=True,
             format_func=method_labels.get)
on_axes = st.session_state["map_method"] == AXES_METHOD
top[2].radio(t("token_map.dims_label"), list(DIMS), key="map_dims", horizontal=True, format_func=lambda d: f"{d}D",
             disabled=on_axes, help=t("token_map.axes_2d") if on_axes else None)
colour_labels = {**COLOUR_LABELS,
                 **({"id": "token_map.colour.position"} if st.session_state["map_table"] == "position" else {})}
top[3].selectbox(t("token_map.colour_label"), colour_choices, key="map_color",
                 format_func={choice: t(key) for choice, key in colour_labels.items()}.get)
search = st.columns([4, 1])
if st.session_state["map_table"] == "position":  # its rows are positions: the box takes their numbers
    search[0].text_input(t("token_map.highlight_label.position"), key="map_highlight", max_chars=HIGHLIGHT_CHARS,
                         placeholder=t("token_map.highlight_placeholder.position"),
                         help=t("token_map.highlight_help.position"))
else:
    search[0].text_input(t("token_map.highlight_label"), key="map_highlight", max_chars=HIGHLIGHT_CHARS,
                         placeholder=t("token_map.highlight_placeholder",
                                       example=regex_example(tables.vocabulary.scheme)),
                         help=t("token_map.highlight_help"))
search[1].checkbox(t("token_map.regex_label"), key="map_regex")
if st.session_state["map_table"] == "token":
    st.checkbox(t("token_map.undertrained_label"), key="map_undertrained", help=t("token_map.undertrained_help"))
if on_axes:
    with st.expander(t("token_map.axes_expander"), expanded=True):
        st.caption(t("token_map.axes_intro"))
        ends = st.columns(4)
        for column, end in zip(ends, AXIS_ENDS):
            column.text_input(t(f"token_map.axes.{end}"), key=f"map_{end}", max_chars=QUERY_CHARS)
if st.session_state["map_method"] == "tsne":
    with st.expander(t("token_map.tsne_expander")):
        st.slider("perplexity", 2.0, 100.0, step=1.0, key="map_perplexity",
                  help=t("token_map.perplexity_help", checkbox=t("token_map.seeded_label"),
                         expander=t("token_map.umap_expander")))
with st.expander(t("token_map.umap_expander")):
    st.checkbox(t("token_map.seeded_label"), key="map_seeded", help=t("token_map.seeded_help", threads=SEEDED_THREADS))
    knobs = st.columns(3)
    knobs[0].number_input(t("token_map.seed_label"), min_value=0, max_value=2**31 - 1, step=1, key="map_seed",
                          help=t("token_map.seed_help"))
    knobs[1].slider("n_neighbors", 2, 200, key="map_n_neighbors", help=t("token_map.n_neighbors_help"))
    knobs[2].slider("min_dist", 0.0, 1.0, step=0.05, key="map_min_dist", help=t("token_map.min_dist_help"))
publish(PARAMS)

try:
    umap_seed = int(st.session_state["map_seed"]) if st.session_state["map_seeded"] else None
    method = st.session_state["map_method"]
    chosen = method if method in METHODS else "pca"
    settings = ProjectionSettings(chosen, st.session_state["map_dims"], umap_seed,
                                  st.session_state["map_n_neighbors"], float(st.session_state["map_min_dist"]),
                                  float(st.session_state["map_perplexity"]), best_backend(chosen))
    rows = get_table_rows(tables, source, tables.content_hash, st.session_state["map_table"])
    if method == AXES_METHOD and rows.name not in AXES_TABLES:
        st.info(t("token_map.axes_position"), icon=":material/info:")
    if method == AXES_METHOD and rows.name in AXES_TABLES:
        projection = get_custom_axes(rows, tables, source, AxisQueries(
            *(st.session_state[f"map_{end}"] for end in AXIS_ENDS)))
    else:
        projection = get_pca(rows, source, rows.content_hash, settings)
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    st.stop()

request = None
if settings.method not in SLOW_METHODS:
    keep_request(None)  # a queued UMAP this session asked for and nobody else wants is dropped
else:
    try:
        result = get_map(rows, rows.content_hash, settings)
    except ExplorerError as error:  # too many rows for a live fit here, bad input, a lost worker: the PCA stays
        # the failure may end its own sentence ("...PCA를 쓰세요."), the catalogue's text adds ". "
        st.error(t("token_map.umap_failed", failure=escape_markdown(render(error).rstrip("."))),
                 icon=":material/error:")
        result = projection
    if isinstance(result, MapRequest):
        request = result
    else:
        projection = result


@language_fragment(run_every=1.0)
def map_progress() -> None:
    """Where the requested UMAP or t-SNE stands (place in line, or stage); reruns the page when it is done."""
    waiting = held_request()
    if waiting is None or waiting.future is None:
        return
    status = waiting.status()
    if status.state == "finished":
        st.rerun()
    hint = t("token_map.umap_unseeded_hint", checkbox=t("token_map.seeded_label"),
             expander=t("token_map.umap_expander")) if settings.seeded and settings.method == "umap" else ""
    st.progress(status.fraction, text=render(progress_text(waiting, status)) + hint)
    st.button(t("map_queue.cancel"), help=t("map_queue.cancel_help"), on_click=cancel_request,
              key="map_cancel", icon=":material/cancel:")


if request is not None and request.future is not None:
    map_progress()
elif request is not None:  # cancelled by the reader: the PCA is shown until asked again
    st.info(t("map_queue.cancelled", method=request.method_name), icon=":material/info:")
    if st.button(t("map_queue.ask_again"), key="map_ask_again"):
        keep_request(None)
        st.rerun()

try:
    numbers = [str(i) for i in range(len(rows.labels))] if rows.name == "position" else None  # "7", not "position 7"
    highlighted = match_tokens(st.session_state["map_highlight"], numbers or rows.labels, numbers or rows.raw,
                               regex=st.session_state["map_regex"])
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    highlighted = np.zeros(len(rows.labels), bool)
matches = np.flatnonzero(highlighted)  # the search's own: the candidates below are counted on their own line
undertrained = None
if st.session_state["map_undertrained"] and rows.name == "token":
    try:
        undertrained = get_undertrained(tables, source, tables.content_hash, "auto", None)
        highlighted[undertrained.candidates] = True
    except ExplorerError as error:
        st.error(t("token_map.undertrained_failed", error=escape_markdown(render(error))), icon=":material/error:")

placed = np.isfinite(projection.coords).all(axis=1)
n_placed, colour = int(placed.sum()), st.session_state["map_color"]
stem = f"{tables.name}-{rows.name}-{projection.method}-{projection.dims}d"
if projection.method == "pca":
    axis_titles = [t("token_map.axis_pc", n=i + 1, share=share)
                   for i, share in enumerate(projection.explained_variance)]
elif projection.method == AXES_METHOD:
    axis_titles = list(projection.titles)
else:
    axis_titles = [f"{METHODS[projection.method]} {i + 1}" for i in range(projection.dims)]
chart_title = t("token_map.chart_title", method=method_labels[projection.method], table=TABLE_NAMES[rows.name],
                name=tables.name, rows=len(rows.table), cols=rows.table.shape[1])
legend_title = t("token_map.colour.position") if colour == "id" and rows.name == "position" else \
    render(COLOUR_FIELDS[colour])
unplaced = len(placed) - n_placed
drawn = t("token_map.drawn.all", count=n_placed,
          tail=t("token_map.drawn.unplaced", count=unplaced) if unplaced else "")
clicked = np.zeros(0, np.int64)  # selected on the map (2D: clicked, boxed or lassoed; 3D: clicked)
token_map = None
if n_placed:
    token_map, payload = get_map_figure(projection, rows, highlighted, colour, tuple(axis_titles), legend_title,
                                        chart_title, (drawn, render(projection.describe())))
    # Keyed by the view: another map starts with no selection.
    clicked = draw_token_map(payload, {"scrollZoom": True, "displaylogo": False,
                                       "toImageButtonOptions": {"filename": stem, "scale": 2}},
                             {"failed": t("token_map.draw_failed")}, key=f"token_map_{payload.spec['view']}")
    shown_rows = "positions" if rows.name == "position" else "tokens"
    st.caption(t(f"token_map.map_caption_{projection.dims}d_{shown_rows}", count=token_map.n_points)
               + (t("token_map.legend_hint") if colour == "category" else "") + t("token_map.png_hint"))

st.caption(t("token_map.drawn_caption", drawn=escape_markdown(drawn),
             computed=escape_markdown(render(projection.describe()))))
for note in projection.notes:
    st.caption(t("token_map.note", note=escape_markdown(render(note))))
if projection.method == AXES_METHOD:
    closeness = "independent" if abs(projection.cosine) < 0.2 else "partly" if abs(projection.cosine) < 0.6 else "same"
    st.caption(t(f"axes.cosine.{closeness}", cosine=projection.cosine))
    st.caption(escape_markdown(render(projection.describe_ends())))
if st.session_state["map_highlight"].strip():
    shown = ", ".join(code_span(rows.labels[i]) for i in matches[:30]) + (" ..." if len(matches) > 30 else "")
    st.write(t(plural_key("token_map.matches", len(matches)), count=len(matches), shown=shown) if len(matches)
             else t("token_map.no_matches", count=len(matches)))
    if not len(matches) and rows.name != "position":  # a Korean word is rarely one token: say what it became
        show_hangul_notes(tables, source, [st.session_state["map_highlight"]], use="highlight")
if undertrained is not None:
    st.write(t("token_map.undertrained_marked", count=len(undertrained.candidates),
               indicator=render(INDICATOR_LABELS[undertrained.indicator]), threshold=undertrained.threshold))

with st.expander(t("token_map.box_expander")):
    boxed_on = st.checkbox(t("token_map.box_label"), key="map_box")
    box = np.ones(len(placed), bool) & placed
    if boxed_on:
        box_columns = st.columns(projection.dims)
        for axis, name in enumerate("xyz"[:projection.dims]):
            values = projection.coords[placed, axis]
            low, high = float(values.min()), float(values.max())
            if high <= low:
                continue
            # The key names the map, so a range kept from another map is never out of this one's bounds.
            chosen = box_columns[axis].slider(t("token_map.box_axis", axis=axis_titles[axis]), low, high, (low, high),
                                              key=f"map_box_{name}_{stem}_{low:.6g}_{high:.6g}")
            box &= (projection.coords[:, axis] >= chosen[0]) & (projection.coords[:, axis] <= chosen[1])
ranged = np.flatnonzero(box) if boxed_on else np.zeros(0, np.int64)
selected = np.union1d(clicked, ranged)  # each way of selecting adds its rows
of_positions = rows.name == "position"  # its rows are positions, not tokens
st.subheader(t("token_map.selected_heading_positions" if of_positions else "token_map.selected_heading"))
if len(selected):
    if of_positions:  # a position's id is its position; it has no token string and no token category
        selection = pd.DataFrame({"position": selected, "norm": rows.norms[selected]})
    else:
        selection = pd.DataFrame({"id": selected, "token": [rows.labels[i] for i in selected],
                                  "category": [category_label(c) for c in rows.categories[selected]],
                                  "norm": rows.norms[selected]})
    n_selected = len(selected)
    counted = t(plural_key("token_map.selected_count_map", n_selected), count=n_selected, clicked=len(clicked),
                boxed=len(ranged))
    st.markdown(counted)
    if len(selection) > SELECTION_ROWS_SHOWN:
        st.caption(t("token_map.selected_shown", shown=SELECTION_ROWS_SHOWN, count=len(selection)))
    headers = {column: t(f"token_map.column.{column}") for column in selection.columns}
    st.dataframe(selection.head(SELECTION_ROWS_SHOWN).rename(columns=headers), hide_index=True,
                 key="map_selected_table")
    download_label = "token_map.download_selected_positions" if of_positions else "token_map.download_selected"
    file_download_button(t(download_label), csv_bytes(selection), f"{stem}-selected.csv", "text/csv",
                         "map_selected_csv")
else:
    st.caption(t("token_map.selected_none_map" if projection.dims == 2 else "token_map.selected_none"))


def coordinates_csv() -> bytes:
    coordinates = coordinates_frame(projection, rows.labels)
    coordinates["raw_token"], coordinates["category"], coordinates["norm"] = rows.raw, rows.categories, rows.norms
    return csv_bytes(coordinates)


def projector_bundle() -> bytes:
    return projector_zip(rows.table, projector_metadata(rows))


st.subheader(t("token_map.export"))
exports = st.columns(2)
with exports[0]:
    file_download_button(t("token_map.download_csv"), coordinates_csv, f"{stem}.csv", "text/csv", "map_csv")
with exports[1]:
    file_download_button(t("token_map.download_projector"), projector_bundle,
                         f"{tables.name}-{rows.name}-projector.zip", "application/zip", "map_projector")
if token_map is not None:
    file_download_button(t("token_map.download_html"), lambda: figure_html(token_map.figure, chart_title),
                         f"{stem}.html", "text/html", "map_html")
st.caption(t("token_map.link_caption"))
