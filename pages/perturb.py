"""Perturb and watch: change one row of the token table or the output head, see whether the other moves."""

import streamlit as st

from dashboard.analysis.accounting import format_shape
from dashboard.errors import ExplorerError, NoOutputHeadError
from dashboard.forward.notebook import notebook_snippet
from dashboard.forward.perturbation import (
    CHANGE_KINDS,
    DEFAULT_NOISE,
    DEFAULT_PROMPT,
    PerturbationResult,
    TABLES,
    RowChange,
    id_defaults,
    require_output_head,
)
from dashboard.i18n import render, t
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.ui import state
from dashboard.ui.hangul_note import show_hangul_notes
from dashboard.ui.language import display_frame
from dashboard.ui.loading import active_source, active_tables, uploaded_as
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.perturb_loading import TOP5_HEADERS, choose_default_token, perturbation, top5_frame
from dashboard.ui.tokenizer_loading import get_tokenizer
from dashboard.ui.url_state import QUERY_CHARS, SENTENCE_CHARS

ensure_routed()


def table_label(table: str) -> str:
    """The name of a table (``token`` or ``head``) in the reader's language."""
    return t(f"perturb.table.{table}")


def change_label(kind: str) -> str:
    """The name of a change (one of ``CHANGE_KINDS``) in the reader's language."""
    return t(f"perturb.change.{kind}")


def yes_no(value: bool) -> str:
    """yes / no in the reader's language."""
    return t("perturb.yes") if value else t("perturb.no")


def change_controls() -> RowChange:
    """Draw the change widgets and return the change they describe."""
    kind = st.radio(t("perturb.change_label"), CHANGE_KINDS, format_func=change_label, horizontal=True,
                    key=state.PERTURB_CHANGE)
    if kind == "noise":
        amount_col, seed_col = st.columns(2)
        amount = amount_col.number_input(t("perturb.noise_label"), min_value=0.001, value=DEFAULT_NOISE,
                                         step=0.1, format="%.3f", key=state.PERTURB_NOISE)
        seed = seed_col.number_input(t("perturb.seed_label"), min_value=0, value=0, step=1, key=state.PERTURB_SEED,
                                     help=t("perturb.seed_help"))
        return RowChange("noise", float(amount), int(seed))
    if kind == "scale":
        return RowChange("scale", float(st.number_input(t("perturb.scale_label"), value=2.0, step=0.5,
                                                        key=state.PERTURB_SCALE)))
    return RowChange("zero")


def what_happened(result: PerturbationResult) -> str:
    """One sentence on the other table, decided by the numbers shown beside it."""
    changed = table_label(result.table)
    other = table_label("head" if result.table == "token" else "token")
    moved = result.token_row_max_abs_change if result.table == "token" else result.head_row_max_abs_change
    other_moved = result.head_row_max_abs_change if result.table == "token" else result.token_row_max_abs_change
    row = t("perturb.row", token_id=result.token_id, token=code_span(result.token))
    if moved == 0:
        return t("perturb.unchanged", row=row, changed=changed)
    if result.other_table_changed and result.shared_storage:
        return t("perturb.tied", row=row, changed=changed, other=other, other_moved=other_moved)
    if result.other_table_changed:
        return t("perturb.moved_apart", row=row, changed=changed, other=other, other_moved=other_moved)
    return t("perturb.untied", row=row, changed=changed, other=other)


tables = active_tables()
source = active_source()
st.title(t("perturb.title"))
st.write(t("perturb.intro"))

try:
    require_output_head(tables)
except NoOutputHeadError as error:
    st.info(escape_markdown(render(error)), icon=":material/info:")
    st.stop()

tokenizer = get_tokenizer(tables, source, tables.content_hash)
default_prompt = DEFAULT_PROMPT
if tokenizer.splits_words:
    default_token = choose_default_token(tables, tokenizer)  # one row here: "the" is three in a character vocabulary
else:
    # Words cannot become token ids here: one message says so, and the fields start with ids that work.
    default_token, default_prompt = id_defaults(tables)
    st.info(t("perturb.no_tokenizer" if tables.vocabulary.scheme != "none" else "perturb.no_tokenizer.ids",
              name=escape_markdown(tables.name), last=tables.vocab_size - 1, token=default_token,
              prompt=default_prompt), icon=":material/info:")

token_col, table_col = st.columns([2, 3])
token = token_col.text_input(t("perturb.token_label"), value=default_token, key=state.PERTURB_TOKEN,
                              max_chars=QUERY_CHARS)
table = table_col.radio(t("perturb.table_label"), list(TABLES), format_func=table_label, horizontal=True,
                        key=state.PERTURB_TABLE)
change = change_controls()
prompt = st.text_input(t("perturb.prompt_label"), value=default_prompt,
                       key=state.PERTURB_PROMPT, max_chars=SENTENCE_CHARS)
show_hangul_notes(tables, source, [prompt], use="sentence")  # the token's own error names its pieces

try:
    result = perturbation(source, token, table, change, prompt)
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    st.stop()

results_col, code_col = st.columns(2, gap="medium")
with results_col:
    st.subheader(t("perturb.what_moved"))
    st.write(t("perturb.shapes", token_shape=format_shape(result.token_shape),
               head_shape=format_shape(result.head_shape), shared=yes_no(result.shared_storage),
               verdict=escape_markdown(render(tables.tying.label)),
               evidence=escape_markdown(render(tables.tying.evidence))))
    token_metric, head_metric, other_metric = st.columns(3)
    biggest = t("perturb.biggest_help")
    token_metric.metric(t("perturb.metric.token"), f"{result.token_row_max_abs_change:.4g}", help=biggest)
    head_metric.metric(t("perturb.metric.head"), f"{result.head_row_max_abs_change:.4g}", help=biggest)
    other_metric.metric(t("perturb.metric.other"), yes_no(result.other_table_changed))
    if result.row_norm_before > 0:  # how big the change was, beside the row it changed
        noise = (t("perturb.noise_size", std=change.amount, d_model=tables.d_model,
                   expected=change.amount * tables.d_model ** 0.5) if change.kind == "noise" else "")
        st.caption(t("perturb.change_size", change=result.change_norm, row=result.row_norm_before,
                     ratio=result.change_norm / result.row_norm_before) + noise)
    st.write(what_happened(result))
    if result.route == "model":
        st.subheader(t("perturb.next_token", prompt=escape_markdown(prompt)))
        probability = st.column_config.NumberColumn(format="%.4f")
        st.dataframe(display_frame(top5_frame(result), TOP5_HEADERS), hide_index=True, width="stretch",
                     column_config={t("perturb.col.p_before"): probability, t("perturb.col.p_after"): probability})
        same = result.top5_before == result.top5_after
        st.caption((t("perturb.same_top5") if same else "")
                   + t("perturb.run_on", describe=escape_markdown(render(result.describe)),
                       change=render(change.describe()))
                   + (t("perturb.restored") if result.restored else t("perturb.not_restored")))
    else:
        st.info(t("perturb.no_model", note=escape_markdown(render(result.note))), icon=":material/info:")
with code_col:
    st.subheader(t("perturb.notebook"))
    upload = uploaded_as(tables.model_path or source)
    st.code(notebook_snippet(result, tables, uploaded_as=upload), language="python", wrap_lines=True)
    st.caption(t("perturb.notebook_caption"))
