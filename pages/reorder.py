"""Sentence reorder: without positions self-attention cannot tell word orders apart; positions can."""

import numpy as np
import streamlit as st

from dashboard.errors import ExplorerError
from dashboard.i18n import active_language, msg, plural_key, render, t
from dashboard.lessons.reorder.analysis import describe_order, movable_positions, order_from_positions, parse_index_list
from dashboard.lessons.reorder.chart import (
    attention_heatmap_chart,
    next_token_chart,
    token_difference_chart,
    token_order_chart,
)
from dashboard.lessons.reorder.experiment import ReorderExperiment
from dashboard.lessons.reorder.view_frames import (LEVELS, attention_frame, next_token_frame, reorder_experiment,
                                                   sentence_tokens, shown_label, shown_labels, token_difference_frame,
                                                   token_order_frame)
from dashboard.markdown_text import escape_markdown
from dashboard.ui import state
from dashboard.ui.forward_loading import forward_model
from dashboard.ui.hangul_note import show_hangul_notes
from dashboard.ui.loading import active_source, active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.url_state import SENTENCE_CHARS, UrlParam, bounded_text, publish, seed_widgets

ensure_routed()

DEFAULT_SENTENCE = "the cat sat on a mat"
#: The sentence field: the lesson's sentence, or six token ids for a checkpoint whose rows are only numbered.
SENTENCE = UrlParam("sentence", state.REORDER_SENTENCE, DEFAULT_SENTENCE, bounded_text(SENTENCE_CHARS), ids=6)
#: Order kind (the radio's value, the same in every language) -> its label.
ORDER_KINDS = {"reverse": msg("reorder.kind.reverse"), "shuffle": msg("reorder.kind.shuffle"),
               "swap": msg("reorder.kind.swap"), "custom": msg("reorder.kind.custom")}


def format_difference(value: float | None) -> str:
    if value is None:
        return t("reorder.value.na")
    if value == 0:
        return t("reorder.value.exact_zero")
    return f"{value:.1e}" if value < 1e-3 else f"{value:.3f}"


def format_cosine(value: float | None) -> str:
    return t("reorder.value.na") if value is None or np.isnan(value) else f"{value:.6f}"


def show_pair(label_key: str, numbers: dict, key: str, formatter) -> None:
    without, with_ = st.columns(2)
    label = msg(label_key)
    without.metric(t("reorder.metric.without", label=label), formatter(numbers["without_positions"][key]))
    with_.metric(t("reorder.metric.with", label=label), formatter(numbers["with_positions"][key]))


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

    The description is a catalogue message, rendered where it is shown (it is kept for the last good input).

    A custom order made for another sentence (or checkpoint) is replaced by the reverse of this one, so that
    the field follows the sentence typed; the swap fields start at the first two tokens that can move.
    """
    # format_func may be called outside this run's context (AppTest formats in its own thread): fix the language.
    lang = active_language()
    kind = st.radio(t("reorder.order"), list(ORDER_KINDS), format_func=lambda k: render(ORDER_KINDS[k], lang),
                    horizontal=True, key=state.REORDER_KIND)
    # Whole words by default: a small vocabulary splits words, and moving tokens would scramble their pieces.
    whole = kind in ("reverse", "shuffle") and st.checkbox(t("reorder.whole_words"), value=True,
                                                           key=state.REORDER_WORDS, help=t("reorder.whole_words_help"))
    words = "-words" if whole else ""
    if kind == "shuffle":
        seed = int(st.number_input(t("reorder.shuffle_seed"), min_value=0, value=0, step=1, key=state.REORDER_SEED))
        return f"shuffle{words}:{seed}", describe_order(f"shuffle{words}:{seed}")
    if kind == "swap":
        if state.REORDER_SWAP_I not in st.session_state:
            first_two = (movable_text(source, sentence)[0] + [0, 1])[:2]
            st.session_state[state.REORDER_SWAP_I], st.session_state[state.REORDER_SWAP_J] = first_two
        i_col, j_col = st.columns(2)
        i = int(i_col.number_input(t("reorder.swap_i"), min_value=0, step=1, key=state.REORDER_SWAP_I,
                                   help=t("reorder.swap_i_help")))
        j = int(j_col.number_input(t("reorder.swap_j"), min_value=0, step=1, key=state.REORDER_SWAP_J))
        return f"swap:{i},{j}", msg("reorder.order.positions_swapped", i=i, j=j)
    if kind == "custom":
        written_for = st.session_state.get(state.REORDER_CUSTOM_FOR)
        if state.REORDER_CUSTOM not in st.session_state or written_for not in (None, (source, sentence)):
            st.session_state[state.REORDER_CUSTOM] = movable_text(source, sentence)[1]
        st.session_state[state.REORDER_CUSTOM_FOR] = (source, sentence)
        text = st.text_input(t("reorder.custom"), key=state.REORDER_CUSTOM, max_chars=SENTENCE_CHARS,
                             help=t("reorder.custom_help"))
        return text, msg("reorder.order.custom", order=" ".join(str(p) for p in parse_positions_quietly(text)))
    return f"reverse{words}", describe_order(f"reverse{words}")


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


def difference_chart(experiment: ReorderExperiment, level: str) -> None:
    """Draw the per-token difference chart of one level (a key of ``LEVELS``), titled in the reader's language."""
    frame = shown_labels(token_difference_frame(experiment, level))
    st.altair_chart(token_difference_chart(frame, title=render(LEVELS[level][1])), width="stretch")


tables = active_tables()
source = active_source()
st.title(t("reorder.title"))
st.write(t("reorder.intro"))

seed_widgets([SENTENCE], tables)
sentence_col, order_col = st.columns([3, 2])
sentence = sentence_col.text_input(t("reorder.sentence"), key=state.REORDER_SENTENCE, max_chars=SENTENCE_CHARS)
publish([SENTENCE])
with order_col:
    asked, description = order_controls(source, sentence)
show_hangul_notes(tables, source, [sentence], use="sentence")

model, forward_note = forward_model(source)
try:
    order = order_spec(st.session_state[state.REORDER_KIND], asked, source, sentence)
    experiment: ReorderExperiment = reorder_experiment(source, sentence, order)
    st.session_state[state.REORDER_LAST_GOOD] = (source, sentence, order, description)
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    last = st.session_state.get(state.REORDER_LAST_GOOD)
    if last is None or last[0] != source:
        st.stop()
    st.caption(t("reorder.last_good", sentence=escape_markdown(last[1]), description=escape_markdown(render(last[3]))))
    experiment = reorder_experiment(*last[:3])

st.altair_chart(token_order_chart(shown_labels(token_order_frame(experiment))), width="stretch")
st.caption(t("reorder.tokens_caption", tokenizer=escape_markdown(render(experiment.tokenizer_note)),
             special=t("reorder.special_in_place") if any(experiment.special) else "",
             perm=", ".join(str(int(i)) for i in experiment.perm)))
if experiment.unknown_words:
    unknown = ", ".join(f"“{escape_markdown(word)}”" for word in experiment.unknown_words)
    unk = escape_markdown(experiment.unknown_token)
    st.info(t("reorder.unknown", unknown=unknown, unk=unk), icon=":material/info:")
if experiment.n_movable < 2:
    fixed_tokens = [escape_markdown(token) for token, fixed in zip(experiment.tokens, experiment.special) if fixed]
    fixed = t("reorder.too_few.fixed", tokens=", ".join(fixed_tokens)) if fixed_tokens else ""
    st.info(t(plural_key("reorder.too_few", experiment.n_movable), count=experiment.n_movable, fixed=fixed))
elif np.array_equal(experiment.perm, np.arange(len(experiment.perm))):
    st.info(t("reorder.unchanged"))
elif experiment.permuted_tokens == experiment.tokens:
    st.info(t("reorder.same_tokens"))

numbers = {setting: experiment.numbers(setting) for setting in ("with_positions", "without_positions")}
if experiment.causal:
    st.warning(t("reorder.causal", haviv=msg("reorder.haviv")), icon=":material/warning:")
if not experiment.has_forward:
    st.info(t("reorder.lookup_only", note=escape_markdown(render(experiment.forward_note))), icon=":material/info:")

st.header(t("reorder.level1"))
show_pair("reorder.metric.largest", numbers, "lookup_max_abs_diff", format_difference)
st.write(t("reorder.lookup_explain_learned" if experiment.position_kind == "learned" else "reorder.lookup_explain"))
if experiment.position_kind == "none":
    st.caption(t("reorder.no_position_table"))
elif experiment.position_kind == "rotary":
    st.caption(t("reorder.rotary_lookup"))
if experiment.mean_input_difference is not None:
    st.caption(t("reorder.mean_input", difference=experiment.mean_input_difference))
difference_chart(experiment, "lookup")
st.caption(t("reorder.bar_caption"))

if experiment.has_forward:
    st.header(t("reorder.level2"))
    show_pair("reorder.metric.largest", numbers, "attention_max_abs_diff", format_difference)
    st.write(t("reorder.attention_explain_causal" if experiment.causal else "reorder.attention_explain"))
    head_col, layout_col = st.columns(2)
    n_head = experiment.runs["with_positions"].original.attention_weights.shape[0]
    head_labels = {None: t("reorder.head_mean"), **{h: t("reorder.head_n", head=h) for h in range(n_head)}}
    head = head_col.selectbox(t("reorder.head"), list(head_labels), key=state.REORDER_HEAD, format_func=head_labels.get)
    original_order = layout_col.checkbox(t("reorder.original_order"), key=state.REORDER_ORIGINAL_ORDER)
    st.altair_chart(attention_heatmap_chart(shown_labels(
        attention_frame(experiment, head=head, original_order=original_order))))
    difference_chart(experiment, "attention")

    st.header(t("reorder.level3"))
    show_pair("reorder.metric.largest", numbers, "model_max_abs_diff", format_difference)
    show_pair("reorder.metric.pooled_cosine", numbers, "pooled_cosine", format_cosine)
    st.write(t("reorder.model_explain_causal" if experiment.causal else "reorder.model_explain"))
    difference_chart(experiment, "model")
    next_tokens = next_token_frame(experiment, tables)
    if not next_tokens.empty:
        st.subheader(t("reorder.next_tokens"))
        st.altair_chart(next_token_chart(shown_labels(next_tokens)))
        top = next_tokens[next_tokens["rank"] == 1].set_index(["setting", "sentence"])["token"]
        st.caption(" · ".join(t("reorder.next_caption", setting=shown_label(setting),
                                original=escape_markdown(top[(setting, "original")]),
                                permuted=escape_markdown(top[(setting, "permuted")]))
                              for setting in ("with positions", "without positions")))
    st.caption(t("reorder.model_caption", model=escape_markdown(render(model.describe)) if model else ""))
