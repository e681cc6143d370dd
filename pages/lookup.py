"""The lookup, on real rows: a sentence's token ids, their rows, position rows, the sum, what the first block gets."""

import numpy as np
import streamlit as st

from dashboard.analysis.lookup import compare_one_hot, look_up, parse_token_ids
from dashboard.checkpoints.embedding_norm import read_embedding_norm
from dashboard.errors import ExplorerError, QueryError
from dashboard.forward.passes import run_forward
from dashboard.forward.tokenizing import tokenize_sentence
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.ui.forward_loading import forward_model
from dashboard.ui.lookup_frames import RULE_TEXTS, format_bytes, format_flops, rows_frame
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.table_pages import open_table_page
from dashboard.ui.text_limits import SENTENCE_CHARS
from dashboard.ui.tokenizer_loading import get_tokenizer
from dashboard.ui.url_state import UrlParam, bounded, bounded_text, publish

ensure_routed()

PARAMS = [
    UrlParam("sentence", "lookup_sentence", "the cat sat on the mat", bounded_text(SENTENCE_CHARS)),
    UrlParam("values", "lookup_values", 6, bounded(int, 1, 32)),
]
#: session_state key: (source, ids) -> the largest difference from transformers' hidden_states[0], or why none.
CHECKS = "lookup_checks"

tables, source = open_table_page(
    "The lookup, on real rows", "An embedding is a lookup: token id i picks row i of the token table, no arithmetic. "
    "Type a sentence to see the rows its tokens pick, and what this model's first block really receives.", PARAMS)
controls = st.columns([4, 1])
controls[0].text_input("Sentence (or token ids: #12 #40 #7)", key="lookup_sentence", max_chars=SENTENCE_CHARS)
controls[1].number_input("values shown per row", min_value=1, max_value=32, step=1, key="lookup_values")
publish(PARAMS)


@st.cache_data(max_entries=16, show_spinner="Multiplying one-hot rows by the whole table ...")
def cached_one_hot(_tables: EmbeddingTables, content_hash: str, ids: tuple[int, ...]):
    return compare_one_hot(_tables.token, ids)


try:
    ids = parse_token_ids(st.session_state["lookup_sentence"])
    if ids is None:
        tokenizer = get_tokenizer(tables, source, tables.content_hash)
        if not tokenizer.splits_words:
            raise QueryError(f"{tables.name} has no tokenizer that splits text ({tokenizer.describe}); "
                             "type token ids instead, e.g. #12 #40 #7")
        ids = list(tokenize_sentence(tokenizer, st.session_state["lookup_sentence"], tables.vocabulary,
                                     tables.n_positions).ids)
    try:
        norm, norm_note = read_embedding_norm(tables), None
    except ExplorerError as error:
        norm, norm_note = None, str(error)
    lookup = look_up(tables, ids, norm)
    one_hot = cached_one_hot(tables, tables.content_hash, tuple(ids))
except ExplorerError as error:
    st.error(escape_markdown(error), icon=":material/error:")
    st.stop()

labels = [tables.token_label(i) for i in lookup.ids]
n_values = int(st.session_state["lookup_values"])
st.subheader(f"1. {len(ids)} token ids")
st.write(" ".join(f"{code_span(label)} → **{i}**" for label, i in zip(labels, lookup.ids)))
st.caption("Tokens split by the checkpoint's own tokenizer, with any special tokens it adds; positions count from 0.")

st.subheader(f"2. Each id's row of the token table ({tables.vocab_size:,} x {tables.d_model:,})")
st.caption(f"token_embedding[id]: the first {min(n_values, tables.d_model)} of {tables.d_model:,} values of each row.")
st.dataframe(rows_frame(lookup.token_rows, labels, lookup.ids, n_values), hide_index=True, width="stretch")
if lookup.position_rows is not None:
    st.subheader(f"3. Each position's row of the position table ({tables.n_positions:,} x {tables.d_model:,})")
    st.caption("position_embedding[t]: row t is added at position t, whatever the token.")
    st.dataframe(rows_frame(lookup.position_rows, labels, lookup.ids, n_values), hide_index=True, width="stretch")
    if lookup.token_type_rows is not None:
        st.caption("token_type_embedding[0]: one sentence is all segment 0, so the same row is added at every "
                   "position.")
        st.dataframe(rows_frame(lookup.token_type_rows, labels, lookup.ids, n_values), hide_index=True,
                     width="stretch")
    added = "token + position" + (" + token type" if lookup.token_type_rows is not None else "")
    st.subheader(f"4. Their sum: {added}")
    st.dataframe(rows_frame(lookup.summed, labels, lookup.ids, n_values), hide_index=True, width="stretch")
else:
    st.info(f"{escape_markdown(tables.name)} has no position table ({escape_markdown(tables.position_note)}), so "
            "nothing is added to the token rows.",
            icon=":material/info:")

st.subheader("What the first block receives")
if lookup.rule is None:
    st.info(f"How architecture {code_span(tables.architecture)} combines the rows is not known here, so no "
            "first-block input is claimed; the rows and their sum above are what the checkpoint stores.",
            icon=":material/info:")
elif lookup.first_block is None:
    st.warning(f"For {code_span(tables.architecture)}, {RULE_TEXTS[lookup.rule]}. The LayerNorm could not be read: "
               f"{escape_markdown(norm_note)}.", icon=":material/warning:")
else:
    st.write(f"For {code_span(tables.architecture)}: {RULE_TEXTS[lookup.rule]}.")
    if lookup.rule == "layernorm":
        st.caption(f"LayerNorm read from {escape_markdown(norm.source)}, epsilon {norm.eps:g}; largest change it "
                   f"makes to the sum here: {float(np.abs(lookup.first_block - lookup.summed).max()):.4g}.")
    st.dataframe(rows_frame(lookup.first_block, labels, lookup.ids, n_values), hide_index=True, width="stretch")
    checks = st.session_state.setdefault(CHECKS, {})
    check_key = (source, tuple(ids))
    if st.button("Check against the real model (transformers)", key="lookup_check",
                 help="Builds the whole model with transformers and compares these rows with its hidden_states[0], "
                      "the vectors entering its first block."):
        model, why_not = forward_model(source)
        if model is None:
            checks[check_key] = why_not
        else:
            expected = run_forward(model, ids, with_positions=True).lookup
            checks[check_key] = float(np.abs(expected - lookup.first_block).max())
    if check_key in checks:
        found = checks[check_key]
        if isinstance(found, str):
            st.info(f"No forward pass: {escape_markdown(found)}.", icon=":material/info:")
        else:
            st.success(f"transformers' {code_span(tables.architecture)} model, run on these {len(ids)} ids: largest "
                       f"|hidden_states[0] − these rows| = {found:.3g} over {len(ids) * tables.d_model:,} values.",
                       icon=":material/check:")

st.subheader("A lookup is a matrix product with one-hot rows, only cheaper")
st.write(f"Multiplying one-hot rows by the token table W, `one_hot(ids) @ W`, was computed here for the first "
         f"{one_hot.n_tokens} ids: the largest difference from `W[ids]` over {one_hot.n_tokens * tables.d_model:,} "
         f"values is **{one_hot.max_abs_diff:g}**. Each one-hot row is all zeros but a 1 at the token's id, so the "
         "product picks that row out; indexing gets the same rows without touching the others.")
st.table({
    "": ["W[ids] (lookup)", "one_hot(ids) @ W"],
    "floating-point operations": [format_flops(one_hot.lookup_flops), format_flops(one_hot.product_flops)],
    "bytes read (float32)": [format_bytes(one_hot.lookup_bytes), format_bytes(one_hot.product_bytes)],
})
st.caption(f"For {one_hot.n_tokens} tokens, vocab_size {tables.vocab_size:,} and d_model {tables.d_model:,}: the "
           f"product costs 2 x tokens x vocab_size x d_model operations and reads the whole table, "
           f"{one_hot.product_bytes / one_hot.lookup_bytes:,.0f} times the bytes the lookup reads.")
