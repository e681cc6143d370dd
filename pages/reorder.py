"""Sentence reorder: without positions self-attention cannot tell word orders apart; positions can."""

import numpy as np
import streamlit as st

from dashboard.analysis.reorder import describe_order, movable_positions, order_from_positions, parse_index_list
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
from dashboard.ui.forward_loading import forward_model, reorder_experiment, sentence_tokens
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


def movable_text(source: str, sentence: str) -> tuple[list[int], str]:
    """The positions of this sentence's movable tokens, and their reverse written out (``"6,5,4,3,2,1"``).

    Positions are numbered as the charts below number them, special tokens included; the custom-order field
    starts from the reverse, so that it fits the sentence whatever its tokenizer makes of it.
    """
    try:
        _, special = sentence_tokens(source, sentence)
        movable = [int(p) for p in movable_positions(special)]
    except ExplorerError:
        movable = list(range(len(DEFAULT_SENTENCE.split())))  # the experiment below says what is wrong
    return movable, ",".join(str(p) for p in reversed(movable))


def order_controls(source: str, sentence: str) -> tuple[str, str]:
    """Draw the order widgets; return what they ask for in positions, ``(kind, value)``, and its description.

    A custom order made for another sentence (or checkpoint) is replaced by the reverse of this one, so that
    the field follows the sentence typed; the swap fields start at the first two tokens that can move.
    """
    kind = st.radio("Order", list(ORDER_KINDS), format_func=ORDER_KINDS.get, horizontal=True, key=state.REORDER_KIND)
    if kind == "shuffle":
        seed = int(st.number_input("Shuffle seed", min_value=0, value=0, step=1, key=state.REORDER_SEED))
        return f"shuffle:{seed}", describe_order(f"shuffle:{seed}")
    if kind == "swap":
        if state.REORDER_SWAP_I not in st.session_state:
            first_two = (movable_text(source, sentence)[0] + [0, 1])[:2]
            st.session_state[state.REORDER_SWAP_I], st.session_state[state.REORDER_SWAP_J] = first_two
        i_col, j_col = st.columns(2)
        i = int(i_col.number_input("Swap the token at position", min_value=0, step=1, key=state.REORDER_SWAP_I,
                                   help="Positions as the charts number them, from 0 (special tokens included)."))
        j = int(j_col.number_input("with the token at position", min_value=0, step=1, key=state.REORDER_SWAP_J))
        return f"swap:{i},{j}", f"positions {i} and {j} swapped"
    if kind == "custom":
        written_for = st.session_state.get(state.REORDER_CUSTOM_FOR)
        if state.REORDER_CUSTOM not in st.session_state or written_for not in (None, (source, sentence)):
            st.session_state[state.REORDER_CUSTOM] = movable_text(source, sentence)[1]
        st.session_state[state.REORDER_CUSTOM_FOR] = (source, sentence)
        text = st.text_input("Order (positions as the charts number them, commas or spaces)",
                             key=state.REORDER_CUSTOM, max_chars=SENTENCE_CHARS,
                             help="The k-th token that can move is replaced by the token at position order[k]. "
                                  "Tokens the tokenizer adds around the sentence ([CLS], [SEP], BOS) never move "
                                  "and are not listed.")
        return text, f"custom order {' '.join(str(p) for p in parse_positions_quietly(text))}"
    return "reverse", describe_order("reverse")


def parse_positions_quietly(text: str) -> list[int]:
    """The numbers of a typed order, or none when it is not one (the error is shown where it is used)."""
    try:
        return parse_index_list(text)
    except ExplorerError:
        return []


def order_spec(kind: str, value: str, source: str, sentence: str) -> str:
    """The widgets' order in the experiment's terms (indices over the movable tokens).

    Raises:
        QueryError: the sentence cannot be tokenized.
        OrderError: a position outside the sentence or on a special token, or an incomplete custom order.
    """
    if kind not in ("swap", "custom"):
        return value
    labels, special = sentence_tokens(source, sentence)
    if kind == "swap":
        indices = order_from_positions([int(p) for p in value[len("swap:"):].split(",")], special, labels,
                                       complete=False)
        return f"swap:{indices[0]},{indices[1]}"
    indices = order_from_positions(parse_index_list(value), special, labels, complete=True)
    return ",".join(map(str, indices))


tables = active_tables()
source = active_source()
st.title("Sentence reorder: what tells word orders apart")
st.write("Without position information and without a causal mask, self-attention is **permutation equivariant**: "
         "reorder the words and every word's output is the same, only reordered. In a bidirectional model "
         "(BERT) position is then the only thing that breaks the symmetry; in a causal model (GPT) the mask "
         "already breaks it. Below, the loaded model's own weights run a sentence and its reordering twice, with "
         "the positions and with them removed (learned table zeroed, rotary rotation replaced by the identity), "
         "and the outputs are compared token by token.")

sentence_col, order_col = st.columns([3, 2])
sentence = sentence_col.text_input("Sentence", value=DEFAULT_SENTENCE, key=state.REORDER_SENTENCE,
                                   max_chars=SENTENCE_CHARS)
with order_col:
    asked, description = order_controls(source, sentence)

model, forward_note = forward_model(source)
try:
    order = order_spec(st.session_state[state.REORDER_KIND], asked, source, sentence)
    experiment: ReorderExperiment = reorder_experiment(source, sentence, order)
    st.session_state[state.REORDER_LAST_GOOD] = (source, sentence, order, description)
except ExplorerError as error:
    st.error(escape_markdown(error), icon=":material/error:")
    last = st.session_state.get(state.REORDER_LAST_GOOD)
    if last is None or last[0] != source:
        st.stop()
    st.caption(f"Still showing the last input that worked: “{escape_markdown(last[1])}”, "
               f"{escape_markdown(last[3])}.")
    experiment = reorder_experiment(*last[:3])

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
        "**This model is causal**: each token sees itself and the tokens before it, so the mask alone depends on "
        "order and the outputs change even with positions removed; here the mask, not position, breaks the "
        "symmetry. A causal model can count how many tokens it sees and so learns position without any position "
        f"embedding ({HAVIV}).", icon=":material/warning:")
if not experiment.has_forward:
    st.info(f"Only the lookup level can run: {escape_markdown(experiment.forward_note)}.", icon=":material/info:")

st.header("1. Lookup: the vectors entering the first block")
show_pair("largest |difference|", numbers, "lookup_max_abs_diff", format_difference)
st.write("Each token's vector in the reordered sentence is compared with the same token's vector in the original. "
         "Without positions a token gets the same vector wherever it stands"
         + ("; with a learned position table it gets a different one at a different place."
            if experiment.position_kind == "learned" else "."))
if experiment.position_kind == "none":
    st.caption("This checkpoint has no position table, so there is nothing to add: both settings are the same.")
elif experiment.position_kind == "rotary":
    st.caption("Rotary positions add nothing at lookup: they rotate queries and keys inside attention, so this "
               "level is the same with and without them. Position shows from level 2 on.")
if experiment.mean_input_difference is not None:
    st.caption(f"The mean of the (token + position) inputs is the same for both sentences (largest difference "
               f"{experiment.mean_input_difference:.1e}): the same rows are used, only paired differently. A mean "
               "over tokens cannot see the new pairing, but anything that acts on each token's vector on its own "
               "and is not linear already can: BERT's embedding LayerNorm, GPT-2's ln_1 before its first "
               "attention.")
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
