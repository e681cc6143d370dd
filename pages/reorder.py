"""Sentence reorder: without positions self-attention cannot tell word orders apart; positions can."""

import numpy as np
import streamlit as st

from dashboard.analysis.reorder import describe_order, parse_index_list
from dashboard.charts.reorder import (
    attention_heatmap_chart,
    next_token_chart,
    token_difference_chart,
    token_order_chart,
)
from dashboard.errors import ExplorerError
from dashboard.forward.experiment import ReorderExperiment
from dashboard.markdown_text import escape_markdown
from dashboard.ui import state
from dashboard.ui.forward_loading import count_movable_tokens, forward_model, reorder_experiment
from dashboard.ui.loading import active_source, active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.reorder_frames import (
    LEVELS,
    attention_frame,
    next_token_frame,
    token_difference_frame,
    token_order_frame,
)
from dashboard.ui.text_limits import SENTENCE_CHARS

ensure_routed()

DEFAULT_SENTENCE = "the cat sat on a mat"
ORDER_KINDS = {"reverse": "reverse", "shuffle": "seeded shuffle", "swap": "swap two", "custom": "custom order"}
HAVIV = ("Haviv et al., 2022, [*Transformer Language Models without Positional Encodings Still Learn Positional "
         "Information*](https://arxiv.org/abs/2203.16634)")


def format_difference(value: float | None) -> str:
    if value is None:
        return "n/a"
    if value == 0:
        return "0 (exactly)"
    return f"{value:.1e}" if value < 1e-3 else f"{value:.3f}"


def format_cosine(value: float | None) -> str:
    return "n/a" if value is None or np.isnan(value) else f"{value:.6f}"


def show_pair(label: str, numbers: dict, key: str, formatter) -> None:
    without, with_ = st.columns(2)
    without.metric(f"{label}, without positions", formatter(numbers["without_positions"][key]))
    with_.metric(f"{label}, with positions", formatter(numbers["with_positions"][key]))


def reverse_order_text(source: str, sentence: str) -> str:
    """The reverse order of this sentence's movable tokens written out, e.g. ``"7,6,5,4,3,2,1,0"``.

    The custom-order field starts from it, so that it fits the sentence whatever its tokenizer makes of it.
    """
    try:
        count = count_movable_tokens(source, sentence)
    except ExplorerError:
        count = len(DEFAULT_SENTENCE.split())  # the experiment below says what is wrong with the sentence
    return ",".join(str(i) for i in reversed(range(count)))


def order_controls(source: str, sentence: str) -> str:
    """Draw the order widgets and return the order spec they describe."""
    kind = st.radio("Order", list(ORDER_KINDS), format_func=ORDER_KINDS.get, horizontal=True, key=state.REORDER_KIND)
    if kind == "shuffle":
        seed = st.number_input("Shuffle seed", min_value=0, value=0, step=1, key=state.REORDER_SEED)
        return f"shuffle:{int(seed)}"
    if kind == "swap":
        i_col, j_col = st.columns(2)
        i = i_col.number_input("Swap token", min_value=0, value=0, step=1, key=state.REORDER_SWAP_I)
        j = j_col.number_input("with token", min_value=0, value=1, step=1, key=state.REORDER_SWAP_J)
        return f"swap:{int(i)},{int(j)}"
    if kind == "custom":
        if state.REORDER_CUSTOM not in st.session_state:
            st.session_state[state.REORDER_CUSTOM] = reverse_order_text(source, sentence)
        return st.text_input("Order (0-based numbers of the tokens that can move, commas or spaces)",
                             key=state.REORDER_CUSTOM, max_chars=SENTENCE_CHARS,
                             help="The token numbered order[t] goes to place t. Tokens the tokenizer adds around "
                                  "the sentence ([CLS], [SEP], BOS) never move and are not numbered.")
    return "reverse"


tables = active_tables()
source = active_source()
st.title("Sentence reorder: position is what breaks the symmetry")
st.write("Without position information, self-attention is **permutation equivariant**: reorder the words and "
         "every word's output is the same, only reordered. Below, the loaded model's own weights run a sentence "
         "and its reordering twice, with the positions and with them removed (learned table zeroed, rotary "
         "rotation replaced by the identity), and the outputs are compared token by token.")

sentence_col, order_col = st.columns([3, 2])
sentence = sentence_col.text_input("Sentence", value=DEFAULT_SENTENCE, key=state.REORDER_SENTENCE,
                                   max_chars=SENTENCE_CHARS)
with order_col:
    order = order_controls(source, sentence)

model, forward_note = forward_model(source)
try:
    if st.session_state[state.REORDER_KIND] == "custom":
        parse_index_list(order)  # an error worded for this field, before the order reaches the experiment
    experiment: ReorderExperiment = reorder_experiment(source, sentence, order)
    st.session_state[state.REORDER_LAST_GOOD] = (source, sentence, order)
except ExplorerError as error:
    st.error(escape_markdown(error), icon=":material/error:")
    last = st.session_state.get(state.REORDER_LAST_GOOD)
    if last is None or last[0] != source:
        st.stop()
    st.caption(f"Still showing the last input that worked: “{escape_markdown(last[1])}”, "
               f"{escape_markdown(describe_order(last[2]))}.")
    experiment = reorder_experiment(*last)

st.altair_chart(token_order_chart(token_order_frame(experiment)), width="stretch")
st.caption(f"Tokens from {escape_markdown(experiment.tokenizer_note)}. Special tokens (orange) stay in place. "
           f"Permutation (position t of the reordered sentence holds original token): "
           f"`{', '.join(str(int(i)) for i in experiment.perm)}`.")
if experiment.unknown_words:
    unknown = ", ".join(f"“{escape_markdown(word)}”" for word in experiment.unknown_words)
    unk = escape_markdown(experiment.unknown_token)
    st.info(f"The tokenizer has no token for {unknown}, so each became {unk}, one row shared by every unknown "
            f"word. {unk} stands in for a word of the sentence, so it moves like one; only the tokens the "
            "tokenizer adds around the sentence stay in place.", icon=":material/info:")
if experiment.n_movable < 2:
    st.info(f"The sentence has {experiment.n_movable} token(s) that can move (the tokens the tokenizer adds around "
            "it, such as [CLS], [SEP] or BOS, stay in place), so every order is the same sentence; type more words.")
elif np.array_equal(experiment.perm, np.arange(len(experiment.perm))):
    st.info("This order leaves the sentence unchanged; pick another seed or order to see a difference.")
elif experiment.permuted_tokens == experiment.tokens:
    st.info("The tokens that moved are identical, so the reordered sentence reads the same; each copy is still "
            "followed to its new place, so positions still show a difference.")

numbers = {setting: experiment.numbers(setting) for setting in ("with_positions", "without_positions")}
if experiment.causal:
    st.warning(
        "**This model is causal**: each token sees only the tokens before it, so the mask alone depends on order "
        "and the outputs change even with positions removed. A causal model can count how many tokens it sees "
        f"and so learns position without any position embedding ({HAVIV}).", icon=":material/warning:")
if not experiment.has_forward:
    st.info(f"Only the lookup level can run: {escape_markdown(experiment.forward_note)}.", icon=":material/info:")

st.header("1. Lookup: the vectors entering the first block")
show_pair("largest |difference|", numbers, "lookup_max_abs_diff", format_difference)
st.write("Each token's vector in the reordered sentence is compared with the same token's vector in the original. "
         "Without positions a token gets the same vector wherever it stands; with positions it gets a different "
         "one at a different place.")
if experiment.position_kind == "none":
    st.caption("This checkpoint has no position table, so there is nothing to add: both settings are the same.")
elif experiment.position_kind == "rotary":
    st.caption("Rotary positions add nothing at lookup: they rotate queries and keys inside attention, so this "
               "level is the same with and without them. Position shows from level 2 on.")
if experiment.mean_input_difference is not None:
    st.caption(f"The mean of the (token + position) inputs is the same for both sentences (largest difference "
               f"{experiment.mean_input_difference:.1e}): the same rows are used, only paired differently. That is "
               "why the order shows only once attention mixes tokens by their content.")
st.altair_chart(token_difference_chart(token_difference_frame(experiment, "lookup"), title=LEVELS["lookup"][1]),
                width="stretch")
st.caption("A bar of height zero means the token got the same vector in both orders; hover a bar for its value.")

if experiment.has_forward:
    st.header("2. First attention layer")
    show_pair("largest |difference|", numbers, "attention_max_abs_diff", format_difference)
    st.write("The output of the first attention layer for the reordered sentence, put back in the original order, "
             "compared with the original's. Without positions"
             + (" and without a causal mask" if experiment.causal else "")
             + " they are equal to float precision.")
    head_col, layout_col = st.columns(2)
    n_head = experiment.runs["with_positions"].original.attention_weights.shape[0]
    head = head_col.selectbox("Head", [None, *range(n_head)], key=state.REORDER_HEAD,
                              format_func=lambda h: "mean over heads" if h is None else f"head {h}")
    original_order = layout_col.checkbox("Lay the reordered sentence out in the original order",
                                         key=state.REORDER_ORIGINAL_ORDER)
    st.altair_chart(attention_heatmap_chart(attention_frame(experiment, head=head, original_order=original_order)))
    st.altair_chart(token_difference_chart(token_difference_frame(experiment, "attention"),
                                           title=LEVELS["attention"][1]), width="stretch")

    st.header("3. Whole model")
    show_pair("largest |difference|", numbers, "model_max_abs_diff", format_difference)
    show_pair("cosine of mean-pooled sentence vectors", numbers, "pooled_cosine", format_cosine)
    st.write("Final hidden states compared the same way, and the cosine between the two sentences' mean-pooled "
             "vectors (for a sentence encoder such as all-MiniLM-L6-v2 that is the model's own sentence embedding).")
    st.altair_chart(token_difference_chart(token_difference_frame(experiment, "model"), title=LEVELS["model"][1]),
                    width="stretch")
    next_tokens = next_token_frame(experiment, tables)
    if not next_tokens.empty:
        st.subheader("Next-token prediction after each sentence")
        st.altair_chart(next_token_chart(next_tokens))
        top = next_tokens[next_tokens["rank"] == 1].set_index(["setting", "sentence"])["token"]
        st.caption(" · ".join(f"{setting}: “{escape_markdown(top[(setting, 'original')])}” after the original, "
                              f"“{escape_markdown(top[(setting, 'permuted')])}” after the reordered"
                              for setting in ("with positions", "without positions")))
    st.caption(f"Model: {escape_markdown(model.describe) if model else ''}, float32, eval mode.")
