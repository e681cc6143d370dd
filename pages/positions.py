"""Positions: what training made of the position table, beside the sinusoidal reference."""

import streamlit as st

from dashboard.analysis.norms import MEASURES
from dashboard.analysis.sinusoidal import VASWANI_BASE
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
from dashboard.i18n import msg, render, t
from dashboard.lessons.positions import view_frames as frames
from dashboard.lessons.positions.structure import SINUSOIDAL_MEASURE, top_variance_dimensions
from dashboard.lessons.positions.text import MIN_ROWS, describe_untrained, first_block_input, too_few_rows_message
from dashboard.lessons.positions.thinning import thin_lines, with_thinning_note
from dashboard.lessons.positions.view_rotary import render_no_table, render_rotary
from dashboard.lessons.positions.view_shift import render_shift_experiment
from dashboard.ui.loading import active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.url_state import UrlParam, index_list, publish, seed_widgets

ensure_routed()

HEATMAP_CELLS = (64, 128, 256, 512)
MAX_DIMENSIONS = 8
DEFAULT_DIMENSIONS = 4  # the learned table's dimensions that vary most, shown first
#: Which table each side of a two-column view shows: (reference?, its label).
SIDES = ((False, frames.LEARNED), (True, frames.REFERENCE))
SIDE_LABELS = {frames.LEARNED: msg("positions.side.learned"), frames.REFERENCE: msg("positions.side.reference")}
KINDS = ("learned", "sinusoidal", "rotary", "relative", "none")

tables = active_tables()
st.title(t("positions.title", name=tables.name))


def show_token_types() -> None:
    if tables.token_type is None:
        return
    st.subheader(t("positions.token_type.subheader"))
    st.write(t("positions.token_type.body", rows=tables.token_type.shape[0], d_model=tables.d_model))
    st.dataframe(frames.token_type_display_frame(frames.token_type_frame(tables.token_type)), hide_index=True)


if tables.position is None:
    (render_rotary if tables.position_kind == "rotary" else render_no_table)(tables)
    if tables.position_kind == "rotary":
        render_shift_experiment(tables)
    show_token_types()
    st.stop()
if tables.n_positions < MIN_ROWS:
    st.info(render(too_few_rows_message(tables.n_positions)))
    show_token_types()
    st.stop()

key = tables.content_hash
n, d = tables.n_positions, tables.d_model
with st.spinner(t("positions.spinner.summary")):
    summary = frames.cached_summary(tables, key)
if tables.position_kind == "learned":
    st.markdown(t("positions.intro.learned", n_positions=n, base=VASWANI_BASE))
kind = msg(f"positions.kind.{tables.position_kind}") if tables.position_kind in KINDS else tables.position_kind
st.caption(t("positions.kind_caption", kind=kind, note=tables.position_note,
             first_block=first_block_input(tables.architecture, has_token_type=tables.token_type is not None)))
cols = st.columns(5)
cols[0].metric(t("positions.metric.n_positions"), f"{n:,}")
cols[1].metric(t("positions.metric.d_model"), f"{d:,}")
cols[2].metric(t("positions.metric.adjacent"), f"{summary.adjacent_cosine_mean:.3f}",
               help=t("positions.metric.adjacent_help"))
cols[3].metric(t("positions.metric.sinusoidal"), f"{summary.sinusoidal_similarity:.3f}",
               help=render(SINUSOIDAL_MEASURE))
cols[4].metric(t("positions.metric.untrained"), len(summary.untrained_positions), help=render(UNTRAINED_CRITERION))
st.caption(t("positions.sinusoidal_caption", measure=SINUSOIDAL_MEASURE))

default_dims = top_variance_dimensions(tables.position, DEFAULT_DIMENSIONS)
PARAMS = [
    UrlParam("measure", frames.MEASURE_KEY, "cosine", choices=MEASURES),
    UrlParam("cells", frames.CELLS_KEY, 256, int, HEATMAP_CELLS),
    UrlParam("dimensions", frames.DIMENSIONS_KEY, default_dims, index_list(d, MAX_DIMENSIONS)),
]
seed_widgets(PARAMS)
if any(dim >= d for dim in st.session_state[frames.DIMENSIONS_KEY]):  # kept from a wider checkpoint
    st.session_state[frames.DIMENSIONS_KEY] = default_dims
controls = st.columns([1, 2])
measure = controls[0].radio(t("positions.measure.label"), list(MEASURES), horizontal=True, key=frames.MEASURE_KEY,
                            format_func=lambda value: t(f"positions.measure.{value}"),
                            help=t("positions.measure.help"))
cells = controls[1].select_slider(t("positions.cells.label"), list(HEATMAP_CELLS), key=frames.CELLS_KEY,
                                  help=t("positions.cells.help"))
measure_name = msg(f"positions.measure.{measure}")

st.subheader(t("positions.heatmap.subheader"))
st.caption(t("positions.heatmap.explain"))
sides = st.columns(2)
for side, (reference, label) in zip(sides, SIDES):
    heat = frames.cached_heatmap(tables, key, reference, measure, cells)
    side.altair_chart(similarity_heatmap_chart(heat.frame, block=heat.block, n_positions=n, measure=measure,
                                               title=t("positions.heatmap.title", measure=measure_name,
                                                       side=SIDE_LABELS[label])), width="content")
if heat.block > 1:
    st.caption(t("positions.heatmap.blocks", cells=-(-n // heat.block), measure=measure_name, block=heat.block, n=n,
                 full=n * n))
else:
    st.caption(t("positions.heatmap.full", n=n))

st.subheader(t("positions.offsets.subheader"))
offsets = thin_lines(frames.cached_offsets(tables, key, measure), x="offset", y="similarity", by=["table"])
st.altair_chart(offset_similarity_chart(offsets.frame, measure=measure), width="stretch")
st.caption(with_thinning_note(msg("positions.offsets.caption"), [(msg("positions.thin.offsets"), offsets)]))
if tables.position_kind == "learned":
    render_shift_experiment(tables)

st.subheader(t("positions.trajectory.subheader"))
sides = st.columns(2)
for side, (reference, label) in zip(sides, SIDES):
    path = frames.cached_trajectory(tables, key, reference)
    variance = path.explained["explained_variance_ratio"].tolist()
    drawn = thin_lines(path.points, x="position", keep="stride")
    side.altair_chart(trajectory_2d_chart(drawn.frame, variance=variance,
                                          title=t("positions.trajectory.title_2d", side=SIDE_LABELS[label])),
                      width="content")
    if "pc3" in path.points:
        side.altair_chart(trajectory_3d_chart(drawn.frame, variance=variance,
                                              title=t("positions.trajectory.title_3d", side=SIDE_LABELS[label])),
                          width="content")
    side.altair_chart(explained_variance_chart(path.explained))
st.caption(with_thinning_note(msg("positions.trajectory.caption"), [(msg("positions.thin.trajectories"), drawn)]))

st.subheader(t("positions.dimensions.subheader"))
dims = st.multiselect(t("positions.dimensions.label"), list(range(d)), key=frames.DIMENSIONS_KEY,
                      max_selections=MAX_DIMENSIONS, help=t("positions.dimensions.help", count=DEFAULT_DIMENSIONS))
publish(PARAMS)
if dims:
    sides = st.columns(2)
    thinned = []  # each side's own counts: the learned and reference lines need not thin alike
    for side, (reference, label) in zip(sides, SIDES):
        values, spectrum = frames.cached_dimensions(tables, key, reference, tuple(dims))
        values = thin_lines(values, x="position", y="value", by=["dimension"])
        spectrum = thin_lines(spectrum, x="frequency", y="amplitude", by=["dimension"], keep="max", log_x=True)
        side.altair_chart(dimension_chart(values.frame,
                                          title=t("positions.dimensions.title", side=SIDE_LABELS[label])))
        side.altair_chart(spectrum_chart(spectrum.frame, title=t("positions.spectrum.title", side=SIDE_LABELS[label])))
        thinned += [(msg("positions.thin.dimensions", side=SIDE_LABELS[label]), values),
                    (msg("positions.thin.spectra", side=SIDE_LABELS[label]), spectrum)]
    st.caption(with_thinning_note(msg("positions.dimensions.caption", base=VASWANI_BASE), thinned))

st.subheader(t("positions.norms.subheader"))
sides = st.columns(2)
norms = []  # each side's own counts: flagged rows are always drawn, so the learned side may keep many more
for side, (reference, label) in zip(sides, SIDES):
    drawn_norms = thin_lines(frames.cached_norms(tables, key, reference), x="position", y="norm", always="untrained")
    side.altair_chart(position_norm_chart(drawn_norms.frame, title=t("positions.norms.title", side=SIDE_LABELS[label])))
    norms.append((msg("positions.thin.row_norms", side=SIDE_LABELS[label]), drawn_norms))
verdict = describe_untrained(summary.untrained_positions, summary.untrained_tail_start, n, d_model=d)
(st.warning if verdict.alarming else st.success)(render(verdict.text))
st.caption(with_thinning_note(msg("positions.norms.caption", criterion=UNTRAINED_CRITERION,
                                  neighbours=untrained_threshold(d), any_row=any_row_threshold(n, d)), norms))

st.subheader(t("positions.subspaces.subheader"))
with st.spinner(t("positions.spinner.subspaces")):
    overlap = frames.cached_subspaces(tables, key)
st.altair_chart(subspace_overlap_chart(overlap.frame), width="stretch")
angles = ", ".join(f"{a:.1f}°" for a in overlap.angles)
st.caption(t("positions.subspaces.caption", k=len(overlap.angles), angles=angles))

show_token_types()
