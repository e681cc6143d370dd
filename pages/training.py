"""Training: a run's tables step by step (the bundled GPT's snapshots, or a folder of the user's own checkpoints)."""

import time
from pathlib import Path

import streamlit as st

from dashboard.analysis.position_blocks import block_similarity
from dashboard.analysis.training_curves import ADJACENT, DISTANCE, NORM, position_cosine
from dashboard.charts.norms import row_norm_histogram_chart
from dashboard.charts.positions import similarity_heatmap_chart
from dashboard.charts.training import loss_curve_chart, measure_curve_chart
from dashboard.checkpoints.runs import LAYOUTS
from dashboard.errors import ExplorerError
from dashboard.markdown_text import escape_markdown
from dashboard.ui import training_frames as frames
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.path_access import session_policy
from dashboard.ui.text_limits import PATH_CHARS, TERMS_CHARS
from dashboard.ui.training_text import describe_step, describe_weights

ensure_routed()

st.title("Training, step by step")
st.caption("A run's embedding tables at each saved step: what training did to the token table, the position table "
           "and the output head. Leave the folder empty for the bundled GPT's own training; or give a folder of one "
           "run: " + "; ".join(LAYOUTS.values()) + ".")

policy = session_policy()  # EXPLORER_LOCAL_PATHS: which server folders this visitor may open
typed = ""
if policy.mode == "off":
    st.caption("Server paths are off on this server (EXPLORER_LOCAL_PATHS=off): this page shows the bundled GPT's run.")
else:
    where = f"inside {escape_markdown(policy.models_dir)}" if policy.restricted else "on the server"
    typed = st.text_input(f"Run folder {where}", key=frames.FOLDER_KEY,
                          placeholder="empty: the bundled GPT's run; or /path/to/out",
                          max_chars=PATH_CHARS,
                          help="A folder holding the checkpoints of one run; empty: the bundled tiny-gpt-pydocs run.")
try:
    folder = frames.BUNDLED_RUN if not typed.strip() else policy.admit(typed.strip(), "run folder")
    if folder is None:
        st.error("That folder does not exist on the server; give the folder that holds the run's checkpoints",
                 icon=":material/error:")
        st.stop()
    policy.check_entries(Path(folder))  # the run's files are opened by name: none may link outside
    run = frames.get_run(Path(folder))
    curves = frames.get_curves(run)
except ExplorerError as error:
    st.error(escape_markdown(error), icon=":material/error:")
    st.stop()

steps = list(run.steps)
if st.session_state.get(frames.PENDING_STEP_KEY) in steps:  # where the last play ended
    st.session_state[frames.STEP_KEY] = st.session_state.pop(frames.PENDING_STEP_KEY)
if st.session_state.get(frames.STEP_KEY) not in steps:
    st.session_state[frames.STEP_KEY] = steps[0]

st.write(f"**{escape_markdown(run.folder.name)}**: {len(steps)} checkpoints ({LAYOUTS[run.layout]}), steps "
         + ", ".join(f"{s:,}" for s in steps) + ". " + describe_weights(run))


def _play() -> None:
    st.session_state[frames.PLAYING_KEY] = True
    st.session_state[frames.STEP_KEY] = steps[0]


controls = st.columns([5, 1])
controls[0].select_slider("Step", steps, key=frames.STEP_KEY, format_func=lambda s: f"{s:,}")
controls[1].button("Play", icon=":material/play_arrow:", on_click=_play, help="Show every step in turn from the first.")
st.text_input("Words whose nearest neighbours to follow (comma-separated)", key=frames.WORDS_KEY,
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
        view.error(escape_markdown(error), icon=":material/error:")
        return
    with view.container():
        st.subheader(f"At step {step:,}")
        st.write(describe_step(tables, curves, step))
        left, right = st.columns(2)
        if tables.position is not None:
            heat = block_similarity(tables.position, max_cells=128)
            left.altair_chart(similarity_heatmap_chart(heat.frame, block=heat.block, n_positions=tables.n_positions,
                                                       title=f"Cosine between positions, step {step:,}"),
                              width="content")
            if position_cosine(tables.position) is None:
                left.caption("Every row of the position table is zero at this step, so no cosine is defined; the "
                             "heatmap shows 0 for each pair.")
        else:
            left.info(f"This checkpoint has no learned position table ({escape_markdown(tables.position_kind)}).")
        right.altair_chart(row_norm_histogram_chart(frames.token_norm_frame(tables),
                                                    title=f"Row norms of the token table, step {step:,}"),
                           width="stretch")
        if not losses.empty:
            right.altair_chart(loss_curve_chart(losses, step, title="Loss, the shown step marked"), width="stretch")
        else:
            right.caption("No loss was logged with these checkpoints.")
        st.markdown(f"**Nearest neighbours at step {step:,}** (cosine over the token table, {frames.NEIGHBOURS} nearest)")
        if not neighbours.empty:
            st.dataframe(neighbours, hide_index=True, width="stretch")
        for problem in problems:
            st.warning(escape_markdown(problem), icon=":material/warning:")


if st.session_state.pop(frames.PLAYING_KEY, False):
    for shown in steps:
        render_step(shown)
        time.sleep(frames.PLAY_SECONDS)
    st.session_state[frames.PENDING_STEP_KEY] = steps[-1]
    st.rerun()
render_step(st.session_state[frames.STEP_KEY])

st.subheader("Over all steps")
st.caption("One point per checkpoint. Distance from the first: the mean over rows of the L2 distance between a row "
           f"and the same row at step {steps[0]:,}, in the units of the row norms. Token rows past the vocabulary "
           "(padding) are left out.")
step = st.session_state[frames.STEP_KEY]
columns = st.columns(3)
columns[0].altair_chart(measure_curve_chart(curves, step, measure=ADJACENT, y_title="mean cosine of rows t, t + 1"),
                        width="stretch")
columns[1].altair_chart(measure_curve_chart(curves, step, measure=NORM, y_title="mean L2 row norm"), width="stretch")
columns[2].altair_chart(measure_curve_chart(curves, step, measure=DISTANCE, y_title="mean L2 distance per row"),
                        width="stretch")
with st.expander("The numbers"):
    st.dataframe(curves.pivot_table(index="step", columns=["table", "measure"], values="value"), width="stretch")
