"""What the Positions page shows for a model with no position table (rotary, relative or none)."""

from __future__ import annotations

import streamlit as st

from dashboard.lessons.positions.rotary import (
    BoundShape,
    describe_bound,
    read_rotary_settings,
    rotary_decay_frame,
    rotary_frequency_frame,
)
from dashboard.lessons.positions.charts import rotary_decay_chart, rotary_frequency_chart
from dashboard.errors import ExplorerError
from dashboard.i18n import Text, msg, render, t
from dashboard.markdown_text import escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.lessons.positions.thinning import thin_lines, with_thinning_note

#: Longest relative distance charted: the (distance, pair) phase matrix is complex128, 32,768 x 64 pairs = 34 MB.
MAX_DECAY_DISTANCE = 32_768

ROTARY_EXPLANATION = msg("positions.rotary.explanation")


def describe_bound_shape(shape: BoundShape) -> Text:
    """Say how this model's bound curve really falls and rises, with its own numbers (a catalogue message)."""
    if shape.rise < 1e-6:
        return msg("positions.rotary.bound_falls")
    return msg("positions.rotary.bound_rises", lowest_distance=shape.lowest_distance,
               lowest_value=shape.lowest_value, rise_from=shape.rise_from, rise_to=shape.rise_to, rise=shape.rise)


def render_rotary(tables: EmbeddingTables) -> None:
    """Explain rotary embeddings and chart the model's frequencies and decay; errors shown, not raised."""
    st.info(t("positions.rotary.no_table", name=escape_markdown(tables.name)), icon=":material/rotate_right:")
    st.markdown(render(ROTARY_EXPLANATION))
    settings = tables.hyperparameters
    try:
        head_dim, rotary_dim, theta, theta_assumed = read_rotary_settings(tables.d_model, settings)
    except ExplorerError as error:
        st.error(t("positions.rotary.error", error=escape_markdown(render(error))))
        return
    if theta_assumed:
        st.warning(t("positions.rotary.theta_assumed", theta=theta))
    context = settings.get("n_positions")
    cols = st.columns(4)
    cols[0].metric(t("positions.rotary.head_dim"), head_dim, help=t("positions.rotary.head_dim_help"))
    cols[1].metric(t("positions.rotary.pairs"), rotary_dim // 2)
    cols[2].metric("rope_theta", f"{theta:,g}")
    cols[3].metric(t("positions.rotary.context"), f"{context:,}" if context else t("positions.rotary.unknown"))
    if rotary_dim < head_dim:
        setting = (f"rotary_dim = {settings['rotary_dim']}" if settings.get("rotary_dim") is not None
                   else f"{settings['rotary_fraction']:g} × {head_dim}")
        st.info(t("positions.rotary.partial", rotary_dim=rotary_dim, head_dim=head_dim, setting=setting,
                  pairs=rotary_dim // 2, rest=head_dim - rotary_dim), icon=":material/info:")
    frequencies = rotary_frequency_frame(rotary_dim, theta, context)
    left, right = st.columns(2)
    left.altair_chart(rotary_frequency_chart(frequencies), width="stretch")
    turns = (msg("positions.rotary.slow_pairs", slow=int((~frequencies["full_turn"]).sum()), pairs=len(frequencies),
                 context=context) if context else "")
    left.caption(t("positions.rotary.frequency_caption", turns=turns))
    max_distance = min(int(context or 1024), MAX_DECAY_DISTANCE)
    decay_frame = rotary_decay_frame(rotary_dim, theta, max_distance)
    decay = thin_lines(decay_frame, x="distance", y="value", by=["curve"])
    right.altair_chart(rotary_decay_chart(decay.frame), width="stretch")
    if not context:
        reach = msg("positions.rotary.reach_unknown", max_distance=max_distance)
    elif max_distance < context:
        reach = msg("positions.rotary.reach_part", max_distance=max_distance, context=context)
    else:
        reach = msg("positions.rotary.reach_whole", max_distance=max_distance)
    right.caption(with_thinning_note(
        msg("positions.rotary.decay_caption", reach=reach, shape=describe_bound_shape(describe_bound(decay_frame))),
        [(msg("positions.thin.decay"), decay)]))


def render_no_table(tables: EmbeddingTables) -> None:
    """Say clearly that there is no position table, and why, for relative and unknown position schemes."""
    name, note = escape_markdown(tables.name), escape_markdown(render(tables.position_note))
    if tables.position_kind == "relative":
        st.info(t("positions.rotary.relative", name=name), icon=":material/info:")  # the note says the same
    else:
        st.info(t("positions.rotary.none", name=name, note=note), icon=":material/info:")
