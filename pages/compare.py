"""Compare: one table of the checkpoint shown and of another with the same vocabulary, after aligning them."""

import streamlit as st

from dashboard.analysis.checkpoint_compare import COMPARED_TABLES
from dashboard.charts.compare import aligned_maps_chart, drift_chart, overlap_counts_chart
from dashboard.checkpoints.bundled import BUNDLED, MODELS_DIR
from dashboard.errors import ExplorerError
from dashboard.exports import csv_bytes
from dashboard.markdown_text import escape_markdown
from dashboard.ui import compare_frames as frames
from dashboard.ui.downloads import chart_download_buttons, file_download_button
from dashboard.ui.loading import active_source, get_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.source_names import display_name, is_upload, load_error_message
from dashboard.ui.table_pages import open_table_page
from dashboard.ui.text_limits import PATH_CHARS
from dashboard.ui.url_state import UrlParam, bounded_text, publish

ensure_routed()

OTHER_PATH = "another checkpoint (path) ..."
#: Training snapshots that ship with bundled models (``models/NAME/training/step-NNNNN.safetensors``).
SNAPSHOTS = [str(p.relative_to(MODELS_DIR.parent)) for p in sorted(MODELS_DIR.glob("*/training/step-*.safetensors"))]
CHOICES = SNAPSHOTS + [m.name for m in BUNDLED] + [OTHER_PATH]
# By default a bundled model is compared with its own first training snapshot, when it ships some.
own = [path for path in SNAPSHOTS if path.startswith(f"models/{active_source()}/")]
PARAMS = [
    UrlParam("with", "cmp_with", own[0] if own else (active_source() if active_source() in CHOICES else OTHER_PATH),
             bounded_text(PATH_CHARS)),
    UrlParam("table", "cmp_table", "token", choices=tuple(COMPARED_TABLES)),
]

tables, source = open_table_page(
    "Compare two checkpoints",
    "The checkpoint shown (B) beside another with the same vocabulary (A): two steps of one run, or a base model "
    "and its fine-tune. A is centred, rotated and scaled onto B by orthogonal Procrustes (a rotation changes "
    "nothing a model computes from the table), then each row's drift, each row's 10 nearest neighbours and the "
    "tables' linear CKA are compared.", PARAMS)

if st.session_state["cmp_with"] not in CHOICES:  # a path from the link
    st.session_state["cmp_path"] = st.session_state["cmp_with"]
    st.session_state["cmp_with"] = OTHER_PATH
controls = st.columns([2, 2, 1.4])
controls[0].selectbox("Compare with (A)", CHOICES, key="cmp_with",
                      help="Training snapshots of the bundled GPT (when shipped), the bundled checkpoints, or a "
                           "checkpoint file or folder on the server's disk.")
if st.session_state["cmp_with"] == OTHER_PATH:
    controls[1].text_input("Path of A", key="cmp_path", placeholder="/path/to/step-01000.safetensors",
                           max_chars=PATH_CHARS)
    other = st.session_state.get("cmp_path", "").strip()
else:
    other = st.session_state["cmp_with"]
controls[2].radio("Table", list(COMPARED_TABLES), key="cmp_table", horizontal=True,
                  format_func=lambda n: COMPARED_TABLES[n].split()[0] if n != "head" else "head")
typed_param = UrlParam("with", "cmp_path", "", bounded_text(PATH_CHARS))
publish([PARAMS[1]] + ([typed_param] if st.session_state["cmp_with"] == OTHER_PATH else [PARAMS[0]]))

if not other:
    st.info("Type the path of the checkpoint to compare with, then press Enter.", icon=":material/info:")
    st.stop()
if other == source:
    st.info("A is the checkpoint shown: choose another checkpoint to compare it with (a training snapshot, another "
            "bundled model with the same vocabulary, or a path).", icon=":material/info:")
    st.stop()
if is_upload(other):
    st.error("An uploaded file cannot be chosen here; open the upload as the checkpoint shown, and compare it with "
             "a checkpoint on the server's disk.", icon=":material/error:")
    st.stop()
try:
    other_tables = get_tables(other)
except ExplorerError as error:
    st.error(escape_markdown(load_error_message(other, error)), icon=":material/error:")
    st.stop()
table = st.session_state["cmp_table"]
try:
    comparison = frames.get_comparison(other_tables, tables, other, other_tables.content_hash, source,
                                       tables.content_hash, table)
except ExplorerError as error:
    st.error(escape_markdown(error), icon=":material/error:")
    st.stop()

result = comparison.result
name_a, name_b = comparison.names
sampled = len(result.overlap_ids) < result.n_rows
chance = result.k / (result.n_rows - 1)
st.write(f"**A** = {escape_markdown(display_name(other))}, **B** = {escape_markdown(display_name(source))}: "
         f"the {COMPARED_TABLES[table]} tables, "
         f"{result.n_rows:,} rows each.")
cols = st.columns(4)
cols[0].metric("rows", f"{result.n_rows:,}")
cols[1].metric("Procrustes residual", f"{result.procrustes_residual:.3f}",
               help="||s A R - B||_F / ||B||_F after centring both, the best rotation R and scale s: 0 when A is a "
                    "rotated, scaled, shifted copy of B, 1 when A explains none of B.")
cols[2].metric("linear CKA", f"{result.cka:.3f}",
               help="Kornblith et al. 2019: 1 when the tables are the same up to rotation, scale and shift; near 0 "
                    "for unrelated tables with many more rows than columns.")
cols[3].metric("10-NN overlap", f"{result.mean_overlap:.3f}",
               help="Mean over rows of the share of a row's 10 nearest rows (centred cosine) that are the same in "
                    "A and B.")
st.write(f"After alignment the difference left is {result.procrustes_residual:.1%} of B's size (Frobenius norm, "
         f"both centred). On average {result.mean_overlap * result.k:.1f} of a row's {result.k} nearest rows are "
         f"the same in A and B, over {len(result.overlap_ids):,} "
         + ("rows sampled uniformly" if sampled else "rows (all)")
         + f"; two tables with unrelated neighbours would share about {chance * result.k:.2f}.")

map_frame = frames.aligned_maps_frame(comparison)
n_drawn = int(map_frame["id"].nunique())
maps = aligned_maps_chart(
    map_frame, title=f"{COMPARED_TABLES[table]} tables on B's first two principal components",
    subtitle=[f"A rotated onto B (centred, scaled to the same size); {n_drawn:,} of {result.n_rows:,} rows drawn",
              f"in red and named: the {frames.MARKED_MOVERS} rows that moved most after alignment"])
st.altair_chart(maps, key="cmp_maps")

drifts = frames.drift_frame(comparison)
movers = drift_chart(drifts, title=f"The {len(drifts)} rows that moved most (A aligned onto B)")
overlap_chart = overlap_counts_chart(frames.overlap_counts_frame(comparison),
                                     title=f"Rows by nearest neighbours shared (of {result.k})")
left, right = st.columns(2)
left.altair_chart(movers, width="stretch", key="cmp_drift")
right.altair_chart(overlap_chart, width="stretch", key="cmp_overlap")
st.caption("Drift: a row's distance between A (aligned) and B, in units of B's root-mean-square row length "
           "(0: did not move; 1: moved as far as a typical row is long). The root mean square of all drifts is "
           "the Procrustes residual.")
st.dataframe(drifts, hide_index=True, width="stretch",
             column_config={"drift": st.column_config.NumberColumn(format="%.3f"),
                            "overlap": st.column_config.NumberColumn("10-NN overlap", format="%.1f")})

stem = f"{tables.name}-vs-{other_tables.name}-{table}"
file_download_button("Largest movers (CSV)", csv_bytes(drifts), f"{stem}-drift.csv", "text/csv", "cmp_csv")
chart_download_buttons(maps, f"{stem}-maps", key="cmp_image")
st.caption(f"The same numbers from the command line: `python -m dashboard compare A B --table {table} --json`.")
