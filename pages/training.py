"""Training: a run's tables step by step (the bundled GPT's snapshots, or a folder of the user's own checkpoints)."""

import time
from pathlib import Path

import streamlit as st

from dashboard.analysis.position_blocks import block_similarity
from dashboard.charts.norms import row_norm_histogram_chart
from dashboard.charts.positions import similarity_heatmap_chart
from dashboard.checkpoints.bundled import BUNDLED_RUN
from dashboard.checkpoints.runs import LAYOUT_LIST, LAYOUTS
from dashboard.errors import ExplorerError
from dashboard.i18n import msg, render, t
from dashboard.markdown_text import escape_markdown
from dashboard.training import view_run as frames
from dashboard.training.curves import ADJACENT, DISTANCE, NORM, position_cosine
from dashboard.training.run_charts import aligned_map_chart, loss_curve_chart, measure_curve_chart
from dashboard.ui.language import display_frame
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.path_access import session_policy
from dashboard.ui.url_state import PATH_CHARS, TERMS_CHARS

ensure_routed()

st.title(t("training.title"))
st.caption(t("training.caption", layouts=LAYOUT_LIST))

policy = session_policy()  # EXPLORER_LOCAL_PATHS: which server folders this visitor may open
typed = ""
if policy.mode == "off":
    st.caption(t("training.paths_off"))
else:
    label = (t("training.folder_inside", folder=escape_markdown(policy.models_dir)) if policy.restricted
             else t("training.folder_on_server"))
    typed = st.text_input(label, key=frames.FOLDER_KEY,
                          placeholder=t("training.folder_placeholder"),
                          max_chars=PATH_CHARS,
                          help=t("training.folder_help"))
try:
    folder = BUNDLED_RUN if not typed.strip() else policy.admit(typed.strip(), msg("training.what_run_folder"))
    if folder is None:
        st.error(t("training.no_such_folder"), icon=":material/error:")
        st.stop()
    policy.check_entries(Path(folder))  # the run's files are opened by name: none may link outside
    run = frames.get_run(Path(folder))
    curves = frames.get_curves(run)
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    st.stop()

steps = list(run.steps)
if st.session_state.get(frames.PENDING_STEP_KEY) in steps:  # where the last play ended
    st.session_state[frames.STEP_KEY] = st.session_state.pop(frames.PENDING_STEP_KEY)
if st.session_state.get(frames.STEP_KEY) not in steps:
    # The last step: a run's first snapshot may be its initialisation (the bundled GPT's position table is all zero).
    st.session_state[frames.STEP_KEY] = steps[-1]

st.write(t("training.run_line", name=escape_markdown(run.folder.name), count=len(steps), layout=LAYOUTS[run.layout],
           steps=", ".join(f"{s:,}" for s in steps)) + " " + render(frames.describe_weights(run.layout, run.weights)))


def _play() -> None:
    st.session_state[frames.PLAYING_KEY] = True
    st.session_state[frames.STEP_KEY] = steps[0]


controls = st.columns([5, 1])
controls[0].select_slider(t("training.step"), steps, key=frames.STEP_KEY, format_func=lambda s: f"{s:,}")
controls[1].button(t("training.play"), icon=":material/play_arrow:", on_click=_play, help=t("training.play_help"))
st.text_input(t("training.words"), key=frames.WORDS_KEY,
              value=None if frames.WORDS_KEY in st.session_state else frames.DEFAULT_WORDS, max_chars=TERMS_CHARS)
words = [w.strip() for w in (st.session_state.get(frames.WORDS_KEY) or "").split(",") if w.strip()]
losses = frames.loss_frame(run)
view = st.empty()


def render_step(step: int) -> None:
    """Everything the page shows at one step, drawn into the placeholder ``view``."""
    try:
        tables = frames.get_step_tables(run, step)
        neighbours, problems = frames.neighbours_frame(tables, words)
    except ExplorerError as error:
        view.error(escape_markdown(render(error)), icon=":material/error:")
        return
    with view.container():
        st.subheader(t("training.at_step", step=step))
        st.write(render(frames.describe_step(tables, curves, step)))
        left, right = st.columns(2)
        if tables.position is not None:
            heat = block_similarity(tables.position, max_cells=128)
            left.altair_chart(similarity_heatmap_chart(heat.frame, block=heat.block, n_positions=tables.n_positions,
                                                       title=t("training.heatmap_title", step=step)),
                              width="content")
            if position_cosine(tables.position) is None:
                left.caption(t("training.position_zero"))
        else:
            left.info(t("training.no_position_table", kind=escape_markdown(render(tables.position_kind))))
        right.altair_chart(row_norm_histogram_chart(frames.token_norm_frame(tables),
                                                    title=t("training.norms_title", step=step)),
                           width="stretch")
        if not losses.empty:
            right.altair_chart(loss_curve_chart(losses, step, title=t("training.loss_title")), width="stretch")
        else:
            right.caption(t("training.no_loss"))
        st.markdown(t("training.neighbours_heading", step=step, k=frames.NEIGHBOURS))
        if not neighbours.empty:
            st.dataframe(display_frame(neighbours, frames.TRAINING_HEADERS), hide_index=True, width="stretch")
        for problem in problems:
            st.warning(escape_markdown(render(problem)), icon=":material/warning:")


if st.session_state.pop(frames.PLAYING_KEY, False):
    for shown in steps:
        render_step(shown)
        time.sleep(frames.PLAY_SECONDS)
    st.session_state[frames.PENDING_STEP_KEY] = steps[-1]
    st.rerun()
render_step(st.session_state[frames.STEP_KEY])

st.subheader(t("training.over_all_steps"))
st.caption(t("training.over_all_caption", first=steps[0]))
step = st.session_state[frames.STEP_KEY]
try:
    shown_tables = frames.get_step_tables(run, step)
except ExplorerError:
    shown_tables = None  # render_step has said why
if shown_tables is not None and shown_tables.output_head is None and shown_tables.tying.is_tied:
    st.caption(t("training.head_tied", tying=escape_markdown(render(shown_tables.tying.label))))
columns = st.columns(3)
columns[0].altair_chart(measure_curve_chart(curves, step, measure=ADJACENT, y_title=t("training.y_adjacent")),
                        width="stretch")
columns[1].altair_chart(measure_curve_chart(curves, step, measure=NORM, y_title=t("training.y_norm")), width="stretch")
columns[2].altair_chart(measure_curve_chart(curves, step, measure=DISTANCE, y_title=t("training.y_distance")),
                        width="stretch")
with st.expander(t("training.numbers")):
    st.dataframe(display_frame(curves.pivot_table(index="step", columns=["table", "measure"], values="value"),
                               frames.TRAINING_HEADERS), width="stretch")

st.subheader(t("training.aligned_heading"))
if shown_tables is not None:
    try:
        aligned = frames.get_aligned_maps(run, len(steps) * shown_tables.token.size)
    except ExplorerError as error:
        aligned = None
        st.error(escape_markdown(render(error)), icon=":material/error:")
    else:
        if aligned is None:
            st.info(t("training.aligned_too_large", values=len(steps) * shown_tables.token.size,
                      limit=frames.LIVE_ALIGNED_VALUES, folder=escape_markdown(str(run.folder))))
    if aligned is not None:
        maps, file, precomputed = aligned
        drawn = frames.aligned_frame(maps, step, shown_tables, words)
        shown_rows = (t("training.aligned_all_rows", rows=len(drawn)) if len(drawn) == shown_tables.vocab_size
                      else t("training.aligned_sample", shown=len(drawn), rows=shown_tables.vocab_size))
        origin = (t("training.aligned_read", file=escape_markdown(Path(file).name)) if precomputed
                  else t("training.aligned_computed"))
        st.altair_chart(aligned_map_chart(drawn, frames.aligned_domains(maps),
                                          title=t("training.aligned_title", step=step),
                                          x_title=t("training.aligned_x", basis=maps.basis_step),
                                          y_title=t("training.aligned_y", basis=maps.basis_step)), width="stretch")
        st.caption(t("training.aligned_caption", basis=maps.basis_step, first=float(maps.explained[0]),
                     second=float(maps.explained[1]), shown=shown_rows, origin=origin))
