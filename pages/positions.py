"""Positions: what training made of the position table, beside the sinusoidal reference."""

import streamlit as st

from dashboard.analysis.norms import MEASURES
from dashboard.analysis.sinusoidal_closeness import SINUSOIDAL_MEASURE
from dashboard.analysis.spectrum import top_variance_dimensions
from dashboard.analysis.untrained_rows import UNTRAINED_CRITERION, any_row_threshold, untrained_threshold
from dashboard.charts.positions import (
    dimension_chart,
    explained_variance_chart,
    offset_similarity_chart,
    position_norm_chart,
    similarity_heatmap_chart,
    spectrum_chart,
    subspace_overlap_chart,
    trajectory_2d_chart,
    trajectory_3d_chart,
)
from dashboard.ui import position_frames as frames
from dashboard.ui.loading import active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.position_text import MIN_ROWS, describe_untrained, first_block_input, too_few_rows_message
from dashboard.ui.rotary_panel import render_no_table, render_rotary
from dashboard.ui.thinning import thin_lines, with_thinning_note
from dashboard.ui.url_state import UrlParam, index_list, publish, seed_widgets

ensure_routed()

HEATMAP_CELLS = (64, 128, 256, 512)
MAX_DIMENSIONS = 8

tables = active_tables()
st.title(f"Position embeddings: {tables.name}")


def show_token_types() -> None:
    if tables.token_type is None:
        return
    st.subheader("Token-type table")
    st.write(f"{tables.token_type.shape[0]} rows of width {tables.d_model}: row s is added to every token of segment "
             "s, so for one-sentence inputs row 0 is a constant offset on every position.")
    st.dataframe(frames.token_type_frame(tables.token_type), hide_index=True)


if tables.position is None:
    (render_rotary if tables.position_kind == "rotary" else render_no_table)(tables)
    show_token_types()
    st.stop()
if tables.n_positions < MIN_ROWS:
    st.info(too_few_rows_message(tables.n_positions))
    show_token_types()
    st.stop()

key = tables.content_hash
n, d = tables.n_positions, tables.d_model
summary = frames.cached_summary(tables, key)
st.caption(f"{tables.position_kind}: {tables.position_note}. "
           + first_block_input(tables.architecture, has_token_type=tables.token_type is not None))
cols = st.columns(5)
cols[0].metric("n_positions", f"{n:,}")
cols[1].metric("d_model", f"{d:,}")
cols[2].metric("adjacent cosine mean", f"{summary.adjacent_cosine_mean:.3f}",
               help="Mean cosine similarity of rows t and t + 1: about 0 for random rows, near 1 for a smooth table.")
cols[3].metric("closeness to sinusoidal", f"{summary.sinusoidal_similarity:.3f}", help=SINUSOIDAL_MEASURE)
cols[4].metric("untrained-looking rows", len(summary.untrained_positions), help=UNTRAINED_CRITERION)
st.caption(f"Closeness to sinusoidal: {SINUSOIDAL_MEASURE}. Entries are not compared dimension by dimension: "
           "nothing ties a trained dimension to a sinusoidal one. (The model could only rotate its whole residual "
           "stream, with every weight that reads it, and LayerNorm's per-dimension gains break even that.)")

default_dims = top_variance_dimensions(tables.position, 4)
PARAMS = [
    UrlParam("measure", frames.MEASURE_KEY, "cosine", choices=MEASURES),
    UrlParam("cells", frames.CELLS_KEY, 256, int, HEATMAP_CELLS),
    UrlParam("dimensions", frames.DIMENSIONS_KEY, default_dims, index_list(d, MAX_DIMENSIONS)),
]
seed_widgets(PARAMS)
if any(dim >= d for dim in st.session_state[frames.DIMENSIONS_KEY]):  # kept from a wider checkpoint
    st.session_state[frames.DIMENSIONS_KEY] = default_dims
controls = st.columns([1, 2])
measure = controls[0].radio("Similarity", list(MEASURES), horizontal=True, key=frames.MEASURE_KEY,
                            help="Cosine ignores row norms; the dot product keeps them. Attention scores are dot "
                                 "products too, but of queries and keys, after LayerNorm and the query/key "
                                 "projections: not of these rows.")
cells = controls[1].select_slider("Heatmap cells per side", list(HEATMAP_CELLS), key=frames.CELLS_KEY,
                                  help="The matrix is averaged over square blocks of positions to this resolution.")

st.subheader("Similarity between positions")
sides = st.columns(2)
for side, reference, label in ((sides[0], False, "learned"), (sides[1], True, "sinusoidal reference")):
    heat = frames.cached_heatmap(tables, key, reference, measure, cells)
    side.altair_chart(similarity_heatmap_chart(heat.frame, block=heat.block, n_positions=n, measure=measure,
                                               title=f"{measure} similarity, {label}"), width="content")
if heat.block > 1:
    st.caption(f"Block-averaged to {-(-n // heat.block)} × {-(-n // heat.block)} cells, about what the chart's "
               f"pixels can show: each cell is the mean {measure} over a {heat.block} × {heat.block} block of "
               f"positions (the full matrix has {n:,} × {n:,} = {n * n:,} cells). Drawn as one image so it appears "
               "at once; hover values are in the offset chart below.")
else:
    st.caption(f"Full resolution: one cell per pair of positions ({n:,} × {n:,}), drawn as one image.")

st.subheader("Similarity by offset")
offsets = thin_lines(frames.cached_offsets(tables, key, measure), x="offset", y="similarity", by=["table"])
st.altair_chart(offset_similarity_chart(offsets.frame, measure=measure), width="stretch")
st.caption(with_thinning_note("Mean over all pairs (t, t + k); large offsets average over few pairs.",
                              [("offset curves", offsets)]))

st.subheader("Trajectory of the position rows (PCA)")
sides = st.columns(2)
for side, reference, label in ((sides[0], False, "learned"), (sides[1], True, "sinusoidal reference")):
    path = frames.cached_trajectory(tables, key, reference)
    variance = path.explained["explained_variance_ratio"].tolist()
    drawn = thin_lines(path.points, x="position", keep="stride")
    side.altair_chart(trajectory_2d_chart(drawn.frame, variance=variance, title=f"PCA trajectory (2D), {label}"),
                      width="content")
    if "pc3" in path.points:
        side.altair_chart(trajectory_3d_chart(drawn.frame, variance=variance,
                                              title=f"PCA trajectory (3D), {label}"), width="content")
    side.altair_chart(explained_variance_chart(path.explained))
st.caption(with_thinning_note(
    "Points coloured by position and joined in order; explained variance is the share of the centred table's "
    "total variance along each principal component.", [("trajectories", drawn)]))

st.subheader("Single dimensions and their frequency spectrum")
dims = st.multiselect("Dimensions (0-based)", list(range(d)), key=frames.DIMENSIONS_KEY,
                      max_selections=MAX_DIMENSIONS, help="Defaults to the 4 dimensions of the learned table that "
                                                           "vary most.")
publish(PARAMS)
if dims:
    sides = st.columns(2)
    thinned = []  # each side's own counts: the learned and reference lines need not thin alike
    for side, reference, label in ((sides[0], False, "learned"), (sides[1], True, "sinusoidal reference")):
        values, spectrum = frames.cached_dimensions(tables, key, reference, tuple(dims))
        values = thin_lines(values, x="position", y="value", by=["dimension"])
        spectrum = thin_lines(spectrum, x="frequency", y="amplitude", by=["dimension"], keep="max", log_x=True)
        side.altair_chart(dimension_chart(values.frame, title=f"Dimensions against position, {label}"))
        side.altair_chart(spectrum_chart(spectrum.frame, title=f"Frequency spectrum, {label}"))
        thinned += [(f"dimensions, {label}", values), (f"spectra, {label}", spectrum)]
    st.caption(with_thinning_note(
        "Amplitude of the real FFT of each dimension over positions (mean removed). In the sinusoidal table "
        "dimension 2i is a pure sine of 10000^(−2i/d_model) / 2π cycles per position.", thinned))

st.subheader("Row norms and untrained-looking positions")
sides = st.columns(2)
norms = []  # each side's own counts: flagged rows are always drawn, so the learned side may keep many more
for side, reference, label in ((sides[0], False, "learned"), (sides[1], True, "sinusoidal reference")):
    drawn_norms = thin_lines(frames.cached_norms(tables, key, reference), x="position", y="norm", always="untrained")
    side.altair_chart(position_norm_chart(drawn_norms.frame, title=f"Row norm by position, {label}"))
    norms.append((f"row norms, {label}", drawn_norms))
verdict = describe_untrained(summary.untrained_positions, summary.untrained_tail_start, n, d_model=d)
(st.warning if verdict.alarming else st.success)(verdict.text)
st.caption(with_thinning_note(f"Criterion: {UNTRAINED_CRITERION}. Thresholds here: {untrained_threshold(d):.3f} "
                              f"(neighbours), {any_row_threshold(n, d):.3f} (any other row).", norms))

st.subheader("Token and position subspaces")
overlap = frames.cached_subspaces(tables, key)
st.altair_chart(subspace_overlap_chart(overlap.frame), width="stretch")
angles = ", ".join(f"{a:.1f}°" for a in overlap.angles)
st.caption(f"Share of each table's centred variance inside the other's top-k principal directions, against the "
           f"k / d_model a random subspace would hold. Principal angles between the two top-{len(overlap.angles)} "
           f"subspaces (0° shared, 90° orthogonal): {angles}.")

show_token_types()
