"""What the Positions page shows for a model with no position table (rotary, relative or none)."""

from __future__ import annotations

import streamlit as st

from dashboard.analysis.rotary import (
    DEFAULT_ROPE_THETA,
    BoundShape,
    describe_bound,
    rotary_decay_frame,
    rotary_frequency_frame,
    rotary_head_dim,
)
from dashboard.charts.rotary import rotary_decay_chart, rotary_frequency_chart
from dashboard.errors import ExplorerError
from dashboard.markdown_text import escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.ui.thinning import thin_lines, with_thinning_note

#: Longest relative distance charted: the (distance, pair) phase matrix is complex128, 32,768 x 64 pairs = 34 MB.
MAX_DECAY_DISTANCE = 32_768

ROTARY_EXPLANATION = (
    "Instead of adding a position vector to each token, every attention head rotates each pair of query and key "
    "dimensions (2i, 2i+1) by the angle t·θ_i at position t.  \n"
    "The score q_m·k_n then depends only on the relative distance m − n: fast-turning pairs tell near "
    "positions apart, slow ones far positions. RoFormer proves that an upper bound on the score's size tends to "
    "fall with distance; that is a bound, not the score itself or its expected value."
)


def describe_bound_shape(shape: BoundShape) -> str:
    """Say how this model's bound curve really falls and rises, with its own numbers."""
    if shape.rise < 1e-6:
        return "On this model's frequencies the bound falls over the whole range shown."
    return (f"On this model's frequencies the bound does not fall steadily: it is lowest at distance "
            f"{shape.lowest_distance:,} ({shape.lowest_value:.2f} of its value at 0), and it rises again in places, "
            f"most from distance {shape.rise_from:,} to {shape.rise_to:,} (by {shape.rise:.2f}).")


def render_rotary(tables: EmbeddingTables) -> None:
    """Explain rotary embeddings and chart the model's frequencies and decay; errors shown, not raised."""
    st.info(f"**{escape_markdown(tables.name)} has no position table**: it uses rotary position embeddings "
            "(RoPE, Su et al. 2021).",
            icon=":material/rotate_right:")
    st.markdown(ROTARY_EXPLANATION)
    settings = tables.hyperparameters
    try:
        head_dim = rotary_head_dim(tables.d_model, settings.get("n_head"), settings.get("head_dim"))
    except ExplorerError as error:
        st.error(f"Cannot show the rotation frequencies: {escape_markdown(error)}.")
        return
    theta = settings.get("rope_theta")
    if theta is None:
        st.warning(f"The config does not state rope_theta; assuming {DEFAULT_ROPE_THETA:g} (RoFormer's and "
                   "Llama's default).")
        theta = DEFAULT_ROPE_THETA
    context = settings.get("n_positions")
    cols = st.columns(4)
    cols[0].metric("head dimension", head_dim, help="d_model / n_head: the space each head rotates")
    cols[1].metric("dimension pairs", head_dim // 2)
    cols[2].metric("rope_theta", f"{theta:,g}")
    cols[3].metric("context length (config)", f"{context:,}" if context else "unknown")
    frequencies = rotary_frequency_frame(head_dim, theta, context)
    left, right = st.columns(2)
    left.altair_chart(rotary_frequency_chart(frequencies), width="stretch")
    left.caption("θ_i = rope_theta^(−2i / head_dim), i = 0 … head_dim/2 − 1 (RoFormer, Su et al. 2021, section 3.2.2; "
                 "`inv_freq` in transformers). "
                 + (f"{int((~frequencies['full_turn']).sum())} of {len(frequencies)} pairs turn less than once "
                    f"within the {context:,}-position context." if context else ""))
    max_distance = min(int(context or 1024), MAX_DECAY_DISTANCE)
    decay_frame = rotary_decay_frame(head_dim, theta, max_distance)
    decay = thin_lines(decay_frame, x="distance", y="value", by=["curve"])
    right.altair_chart(rotary_decay_chart(decay.frame), width="stretch")
    if not context:
        reach = f"Distances 0 to {max_distance:,} (the config states no context length)."
    elif max_distance < context:
        reach = f"Distances 0 to {max_distance:,}, the first part of the {context:,}-position context."
    else:
        reach = f"Distances 0 to {max_distance:,}, the whole context."
    right.caption(with_thinning_note(
        f"{reach} RoFormer bound (Su et al. 2021, section 3.4.3): |q_m·k_n| ≤ max_i|h_(i+1) − h_i| · Σ_j |S_j| with "
        "S_j = Σ_(k<j) e^(i(m−n)θ_k); the curve is (1/(head_dim/2)) Σ_j |S_j|, the paper's Figure 2, scaled to 1 at "
        f"distance 0. {describe_bound_shape(describe_bound(decay_frame))} 'same vector': q·R(m−n)q / |q|² = "
        "mean_i cos((m−n)θ_i) for a query equal to the key with equal energy in every pair.",
        [("decay curves", decay)]))


def render_no_table(tables: EmbeddingTables) -> None:
    """Say clearly that there is no position table, and why, for relative and unknown position schemes."""
    if tables.position_kind == "relative":
        st.info(f"**{escape_markdown(tables.name)} has no position table**: {escape_markdown(tables.position_note)}. "
                "Positions enter attention as a "
                "learned bias per distance bucket, not as vectors added to the tokens, so there is nothing to "
                "show here.", icon=":material/info:")
    else:
        st.info(f"**{escape_markdown(tables.name)} has no position table** ({escape_markdown(tables.position_note)}): "
                "these tables carry no "
                "position information, so there is nothing to show here. Load a checkpoint with learned "
                "positions (GPT-2, BERT, OPT) or rotary ones (Llama).", icon=":material/info:")
