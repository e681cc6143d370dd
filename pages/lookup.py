"""The lookup, on real rows: a sentence's token ids, their rows, position rows, the sum, what the first block gets."""

import numpy as np
import streamlit as st

from dashboard.errors import ExplorerError, QueryError
from dashboard.forward.passes import run_forward
from dashboard.forward.tokenizing import tokenize_sentence
from dashboard.i18n import msg, render, t
from dashboard.lessons.lookup.analysis import compare_one_hot, look_up, parse_token_ids
from dashboard.lessons.lookup.view_frames import RULE_TEXTS, format_bytes, format_flops, rows_frame, shown_rows_frame
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.ui.forward_loading import forward_model
from dashboard.ui.hangul_note import show_hangul_notes
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.table_pages import open_table_page
from dashboard.ui.tokenizer_loading import get_tokenizer
from dashboard.ui.url_state import SENTENCE_CHARS, UrlParam, bounded, bounded_text, publish
from dashboard.wall.norms import read_embedding_norm_safely

ensure_routed()

PARAMS = [
    UrlParam("sentence", "lookup_sentence", "the cat sat on the mat", bounded_text(SENTENCE_CHARS), ids=6),
    UrlParam("values", "lookup_values", 6, bounded(int, 1, 32)),
]
#: session_state key: (source, ids) -> the largest difference from transformers' hidden_states[0], or why none.
CHECKS = "lookup_checks"

tables, source = open_table_page(t("lookup.title"), t("lookup.caption"), PARAMS)
controls = st.columns([4, 1])
controls[0].text_input(t("lookup.sentence"), key="lookup_sentence", max_chars=SENTENCE_CHARS)
controls[1].number_input(t("lookup.values"), min_value=1, max_value=32, step=1, key="lookup_values")
publish(PARAMS)
show_hangul_notes(tables, source, [st.session_state["lookup_sentence"]], use="sentence")


@st.cache_resource(max_entries=8, show_spinner=False)
def cached_norm(_tables: EmbeddingTables, content_hash: str):
    return read_embedding_norm_safely(_tables)  # a stranger's folder is opened in a child: once per checkpoint


@st.cache_data(max_entries=16, show_spinner=t("lookup.one_hot_spinner"))
def cached_one_hot(_tables: EmbeddingTables, content_hash: str, ids: tuple[int, ...]):
    return compare_one_hot(_tables.token, ids)


try:
    ids = parse_token_ids(st.session_state["lookup_sentence"], tables.vocab_size)
    typed = ids is not None
    if not typed:
        tokenizer = get_tokenizer(tables, source, tables.content_hash)
        if not tokenizer.splits_words:
            raise QueryError(msg("lookup.no_splitting_tokenizer", name=tables.name, describe=tokenizer.describe))
        ids = list(tokenize_sentence(tokenizer, st.session_state["lookup_sentence"], tables.vocabulary,
                                     tables.n_positions).ids)
    try:
        norm, norm_note = cached_norm(tables, tables.content_hash), None
    except ExplorerError as error:
        norm, norm_note = None, error
    lookup = look_up(tables, ids, norm)
    one_hot = cached_one_hot(tables, tables.content_hash, tuple(ids))
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    st.stop()

labels = [tables.token_label(i) for i in lookup.ids]
n_values = int(st.session_state["lookup_values"])
st.subheader(t("lookup.ids_title", count=len(ids)))
st.write(" ".join(f"{code_span(label)} → **{i}**" for label, i in zip(labels, lookup.ids)))
special = [label for label, i in zip(labels, lookup.ids) if i in tables.vocabulary.special_ids]
st.caption(t("lookup.ids_typed_caption" if typed else "lookup.ids_caption")
           + (t("lookup.ids_special", count=len(special), names=", ".join(code_span(s) for s in special)) if special else ""))

st.subheader(t("lookup.token_rows_title", vocab_size=tables.vocab_size, d_model=tables.d_model))
st.caption(t("lookup.token_rows_caption", shown=min(n_values, tables.d_model), d_model=tables.d_model))
st.dataframe(shown_rows_frame(rows_frame(lookup.token_rows, labels, lookup.ids, n_values)), hide_index=True,
             width="stretch")
if lookup.position_rows is not None:
    st.subheader(t("lookup.position_rows_title", n_positions=tables.n_positions, d_model=tables.d_model))
    st.caption(t("lookup.position_rows_caption"))
    st.dataframe(shown_rows_frame(rows_frame(lookup.position_rows, labels, lookup.ids, n_values)), hide_index=True,
                 width="stretch")
    if lookup.token_type_rows is not None:
        st.caption(t("lookup.token_type_caption"))
        st.dataframe(shown_rows_frame(rows_frame(lookup.token_type_rows, labels, lookup.ids, n_values)),
                     hide_index=True, width="stretch")
    st.subheader(t("lookup.sum_title_types" if lookup.token_type_rows is not None else "lookup.sum_title"))
    st.dataframe(shown_rows_frame(rows_frame(lookup.summed, labels, lookup.ids, n_values)), hide_index=True,
                 width="stretch")
else:
    st.info(t("lookup.no_position_table", name=escape_markdown(tables.name),
              note=escape_markdown(render(tables.position_note))), icon=":material/info:")

st.subheader(t("lookup.first_block_title"))
if lookup.rule is None:
    st.info(t("lookup.rule_unknown", architecture=code_span(tables.architecture)), icon=":material/info:")
elif lookup.first_block is None:
    st.warning(t("lookup.rule_no_norm", architecture=code_span(tables.architecture), rule=RULE_TEXTS[lookup.rule],
                 note=escape_markdown(render(norm_note))), icon=":material/warning:")
else:
    st.write(t("lookup.rule", architecture=code_span(tables.architecture), rule=RULE_TEXTS[lookup.rule]))
    if lookup.rule == "layernorm":
        st.caption(t("lookup.norm_caption", source=escape_markdown(norm.source), eps=norm.eps,
                     change=float(np.abs(lookup.first_block - lookup.summed).max())))
    st.dataframe(shown_rows_frame(rows_frame(lookup.first_block, labels, lookup.ids, n_values)), hide_index=True,
                 width="stretch")
    checks = st.session_state.setdefault(CHECKS, {})
    check_key = (source, tuple(ids))
    if st.button(t("lookup.check"), key="lookup_check", help=t("lookup.check_help")):
        model, why_not = forward_model(source)
        if model is None:
            checks[check_key] = why_not
        else:
            expected = run_forward(model, ids, with_positions=True).lookup
            checks[check_key] = float(np.abs(expected - lookup.first_block).max())
    if check_key in checks:
        found = checks[check_key]
        if isinstance(found, str):
            st.info(t("lookup.no_forward", why=escape_markdown(render(found))), icon=":material/info:")
        else:
            st.success(t("lookup.check_result", architecture=code_span(tables.architecture), count=len(ids),
                         found=found, values=len(ids) * tables.d_model), icon=":material/check:")

st.subheader(t("lookup.one_hot_title"))
st.write(t("lookup.one_hot_text", count=one_hot.n_tokens, values=one_hot.n_tokens * tables.d_model,
           diff=one_hot.max_abs_diff))
st.table({
    "": [t("lookup.cost.lookup"), "one_hot(ids) @ W"],
    t("lookup.cost.flops"): [format_flops(one_hot.lookup_flops), format_flops(one_hot.product_flops)],
    t("lookup.cost.bytes"): [render(format_bytes(one_hot.lookup_bytes)), render(format_bytes(one_hot.product_bytes))],
})
st.caption(t("lookup.cost_caption", count=one_hot.n_tokens, vocab_size=tables.vocab_size, d_model=tables.d_model,
             ratio=one_hot.product_bytes / one_hot.lookup_bytes))
