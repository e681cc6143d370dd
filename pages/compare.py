"""Compare: one table of the checkpoint shown and of another with the same vocabulary, after aligning them."""

import streamlit as st

from dashboard.checkpoints.bundled import BUNDLED, MODELS_DIR
from dashboard.errors import ExplorerError
from dashboard.exports import csv_bytes
from dashboard.i18n import msg, render, t
from dashboard.markdown_text import escape_markdown
from dashboard.training import view_compare as frames
from dashboard.training.compare import COMPARED_TABLES
from dashboard.training.compare_charts import aligned_maps_chart, drift_chart, overlap_counts_chart
from dashboard.ui.downloads import chart_download_buttons, file_download_button
from dashboard.ui.language import display_frame
from dashboard.ui.loading import active_source, display_name, get_tables, is_upload, load_error_message
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.table_pages import open_table_page
from dashboard.ui.url_state import PATH_CHARS, UrlParam, bounded_text, publish

ensure_routed()

OTHER_PATH = "another checkpoint (path) ..."
#: Training snapshots that ship with bundled models (``models/NAME/training/step-NNNNN.safetensors``).
SNAPSHOTS = [str(p.relative_to(MODELS_DIR.parent)) for p in sorted(MODELS_DIR.glob("*/training/step-*.safetensors"))]
CHOICES = SNAPSHOTS + [m.name for m in BUNDLED] + [OTHER_PATH]
#: The table radio's labels (its values stay the keys of COMPARED_TABLES).
TABLE_LABELS = {"token": msg("compare.radio.token"), "position": msg("compare.radio.position"),
                "head": msg("compare.radio.head")}
# By default a bundled model is compared with its own first training snapshot, when it ships some.
own = [path for path in SNAPSHOTS if path.startswith(f"models/{active_source()}/")]
PARAMS = [
    UrlParam("with", "cmp_with", own[0] if own else (active_source() if active_source() in CHOICES else OTHER_PATH),
             bounded_text(PATH_CHARS)),
    UrlParam("table", "cmp_table", "token", choices=tuple(COMPARED_TABLES)),
]

tables, source = open_table_page(t("compare.title"), t("compare.caption"), PARAMS)

if st.session_state["cmp_with"] not in CHOICES:  # a path from the link
    st.session_state["cmp_path"] = st.session_state["cmp_with"]
    st.session_state["cmp_with"] = OTHER_PATH


def choice_label(choice: str) -> str:
    """A snapshot as ``MODEL · step-NNNNN`` (its whole path did not fit the box); a model by its name."""
    if choice == OTHER_PATH:
        return t("compare.other_path")
    if choice in SNAPSHOTS:
        _, model, _, name = choice.split("/")
        return f"{model} · {name.removesuffix('.safetensors')}"
    return choice


controls = st.columns([2, 2, 1.4])
controls[0].selectbox(t("compare.with"), CHOICES, key="cmp_with", format_func=choice_label, help=t("compare.with_help"))
if st.session_state["cmp_with"] == OTHER_PATH:
    controls[1].text_input(t("compare.path_of_a"), key="cmp_path", placeholder="/path/to/step-01000.safetensors",
                           max_chars=PATH_CHARS)
    other = st.session_state.get("cmp_path", "").strip()
else:
    other = st.session_state["cmp_with"]
controls[2].radio(t("compare.table"), list(COMPARED_TABLES), key="cmp_table", horizontal=True,
                  format_func=lambda n: render(TABLE_LABELS[n]))
typed_param = UrlParam("with", "cmp_path", "", bounded_text(PATH_CHARS))
publish([PARAMS[1]] + ([typed_param] if st.session_state["cmp_with"] == OTHER_PATH else [PARAMS[0]]))

if not other:
    st.info(t("compare.type_path"), icon=":material/info:")
    st.stop()
if other == source:
    st.info(t("compare.same_checkpoint"), icon=":material/info:")
    st.stop()
if is_upload(other):
    st.error(t("compare.no_upload"), icon=":material/error:")
    st.stop()
try:
    other_tables = get_tables(other)
except ExplorerError as error:
    st.error(escape_markdown(render(load_error_message(other, error))), icon=":material/error:")
    st.stop()
table = st.session_state["cmp_table"]
try:
    comparison = frames.get_comparison(other_tables, tables, other, other_tables.content_hash, source,
                                       tables.content_hash, table)
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    st.stop()

result = comparison.result
name_a, name_b = comparison.names
sampled = len(result.overlap_ids) < result.n_rows
chance = result.k / (result.n_rows - 1)
st.write(t("compare.ab_line", a=escape_markdown(render(display_name(other))),
           b=escape_markdown(render(display_name(source))), table=COMPARED_TABLES[table], rows=result.n_rows))
for note in comparison.notes:  # a tied checkpoint's token table stands in for its head: say so, as the CLI does
    st.info(escape_markdown(render(note)), icon=":material/info:")
cols = st.columns(4)
cols[0].metric(t("compare.metric.rows"), f"{result.n_rows:,}")
cols[1].metric(t("compare.metric.residual"), f"{result.procrustes_residual:.3f}", help=t("compare.metric.residual_help"))
cols[2].metric(t("compare.metric.cka"), f"{result.cka:.3f}", help=t("compare.metric.cka_help"))
cols[3].metric(t("compare.metric.overlap"), f"{result.mean_overlap:.3f}", help=t("compare.metric.overlap_help"))
overlap_counts = frames.overlap_counts_frame(comparison)  # rows sharing 0, 1, ..., k of their k nearest
st.write(t("compare.summary", residual=result.procrustes_residual, share=result.mean_overlap, k=result.k,
           rows=len(result.overlap_ids), sample=msg("compare.sampled" if sampled else "compare.all_rows"),
           every=int(overlap_counts["rows"].iloc[-1]), none=int(overlap_counts["rows"].iloc[0]),
           chance=100 * chance))

map_frame = frames.aligned_maps_frame(comparison)
n_drawn = int(map_frame["id"].nunique())
maps = aligned_maps_chart(
    map_frame, title=t("compare.maps_title", table=COMPARED_TABLES[table]),
    subtitle=[t("compare.maps_drawn", drawn=n_drawn, rows=result.n_rows),
              t("compare.maps_marked", marked=frames.MARKED_MOVERS)])
st.altair_chart(maps, key="cmp_maps")

drifts = frames.drift_frame(comparison)
movers = drift_chart(drifts, title=t("compare.drift_title", count=len(drifts)), k=result.k)
overlap_chart = overlap_counts_chart(overlap_counts,
                                     title=t("compare.overlap_title", k=result.k))
left, right = st.columns(2)
left.altair_chart(movers, width="stretch", key="cmp_drift")
right.altair_chart(overlap_chart, width="stretch", key="cmp_overlap")
st.caption(t("compare.drift_caption"))
shown_drifts = drifts.drop(columns="overlap")  # the share; the page shows the count ("3 of 10"), the CSV both
headers = frames.COMPARE_HEADERS
if table == "position":  # a position's row is named by its index alone: no "token" column
    shown_drifts, headers = shown_drifts.drop(columns="token"), {**frames.COMPARE_HEADERS, "id": msg("compare.col.position")}
st.dataframe(display_frame(shown_drifts, headers), hide_index=True, width="stretch",
             column_config={render(frames.COMPARE_HEADERS["drift"]): st.column_config.NumberColumn(format="%.3f"),
                            render(frames.COMPARE_HEADERS["shared"]): st.column_config.NumberColumn(
                                format=t("compare.shared_format", k=result.k))})

stem = f"{tables.name}-vs-{other_tables.name}-{table}"
file_download_button(t("compare.download_movers"), csv_bytes(drifts), f"{stem}-drift.csv", "text/csv", "cmp_csv")
chart_download_buttons(maps, f"{stem}-maps", key="cmp_image")
st.caption(t("compare.cli", command=f"`python -m dashboard compare A B --table {table} --json`"))
