"""Perturb and watch: change one row of the token table or the output head, see whether the other moves."""

import streamlit as st

from dashboard.analysis.accounting import format_shape
from dashboard.errors import ExplorerError, NoOutputHeadError
from dashboard.forward.notebook import notebook_snippet
from dashboard.forward.perturbation import (
    CHANGE_KINDS,
    DEFAULT_NOISE,
    DEFAULT_PROMPT,
    DEFAULT_TOKEN,
    PerturbationResult,
    RowChange,
    require_output_head,
)
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.ui import state
from dashboard.ui.loading import active_source, active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.perturb_loading import perturbation, top5_frame
from dashboard.ui.text_limits import QUERY_CHARS, SENTENCE_CHARS

ensure_routed()

TABLE_LABELS = {"token": "token table (input)", "head": "output head"}
CHANGE_LABELS = {"noise": "add Gaussian noise", "zero": "zero the row", "scale": "multiply by k"}


def change_controls() -> RowChange:
    """Draw the change widgets and return the change they describe."""
    kind = st.radio("Change", CHANGE_KINDS, format_func=CHANGE_LABELS.get, horizontal=True, key=state.PERTURB_CHANGE)
    if kind == "noise":
        amount_col, seed_col = st.columns(2)
        amount = amount_col.number_input("Noise standard deviation", min_value=0.001, value=DEFAULT_NOISE,
                                         step=0.1, format="%.3f", key=state.PERTURB_NOISE)
        seed = seed_col.number_input("Seed", min_value=0, value=0, step=1, key=state.PERTURB_SEED,
                                     help="The noise comes from torch.Generator().manual_seed(seed): "
                                          "the same seed gives the same noise.")
        return RowChange("noise", float(amount), int(seed))
    if kind == "scale":
        return RowChange("scale", float(st.number_input("k", value=2.0, step=0.5, key=state.PERTURB_SCALE)))
    return RowChange("zero")


def what_happened(result: PerturbationResult) -> str:
    """One sentence on the other table, decided by the numbers shown beside it."""
    changed = TABLE_LABELS[result.table]
    other = TABLE_LABELS["head" if result.table == "token" else "token"]
    moved = result.token_row_max_abs_change if result.table == "token" else result.head_row_max_abs_change
    other_moved = result.head_row_max_abs_change if result.table == "token" else result.token_row_max_abs_change
    row = f"row #{result.token_id} ({code_span(result.token)})"
    if moved == 0:
        return f"This change leaves {row} of the {changed} as it was, so there is nothing to watch; pick another."
    if result.other_table_changed and result.shared_storage:
        return (f"Changing {row} of the {changed} moved the same row of the {other} too (largest change "
                f"{other_moved:.4g} in both): the two names point to **one storage**, so the model is tied.")
    if result.other_table_changed:
        return (f"Changing {row} of the {changed} also changed the {other}'s row (by {other_moved:.4g}), "
                "although the two are stored apart.")
    return (f"Changing {row} of the {changed} left the same row of the {other} exactly as it was (every entry "
            "compared): they are **two independent matrices**.")


tables = active_tables()
source = active_source()
st.title("Perturb and watch: one tensor or two?")
st.write("The exercise: take the token table (`wte`) and the output head (`lm_head`) of the loaded model, check "
         "whether they are the same tensor or independent, then change one row of one and see what happens to "
         "the other. The change is made for real on the model `transformers` builds from the checkpoint (or, "
         "when none can be built, on copies of the stored tensors) and undone right after, so the other pages "
         "still see the model as it was loaded.")

try:
    require_output_head(tables)
except NoOutputHeadError as error:
    st.info(escape_markdown(error), icon=":material/info:")
    st.stop()

token_col, table_col = st.columns([2, 3])
token = token_col.text_input("Token (a word, a token as shown, or #id)", value=DEFAULT_TOKEN, key=state.PERTURB_TOKEN,
                              max_chars=QUERY_CHARS)
table = table_col.radio("Table to change", list(TABLE_LABELS), format_func=TABLE_LABELS.get, horizontal=True,
                        key=state.PERTURB_TABLE)
change = change_controls()
prompt = st.text_input("Prompt (the next token after it is predicted before and after)", value=DEFAULT_PROMPT,
                       key=state.PERTURB_PROMPT, max_chars=SENTENCE_CHARS)

try:
    result = perturbation(source, token, table, change, prompt)
except ExplorerError as error:
    st.error(escape_markdown(error), icon=":material/error:")
    st.stop()

results_col, code_col = st.columns(2, gap="medium")
with results_col:
    st.subheader("What moved")
    st.write(f"Token table {format_shape(result.token_shape)}, output head {format_shape(result.head_shape)}; "
             f"one storage (`data_ptr` equal): **{'yes' if result.shared_storage else 'no'}**. "
             f"The reader's verdict: **{escape_markdown(tables.tying.label)}** "
             f"({escape_markdown(tables.tying.evidence)}).")
    token_metric, head_metric, other_metric = st.columns(3)
    biggest = "Largest absolute change of one entry of the row, max |after - before|."
    token_metric.metric("token row change", f"{result.token_row_max_abs_change:.4g}", help=biggest)
    head_metric.metric("head row change", f"{result.head_row_max_abs_change:.4g}", help=biggest)
    other_metric.metric("other table changed", "yes" if result.other_table_changed else "no")
    st.write(what_happened(result))
    if result.route == "model":
        st.subheader(f"Next token after “{escape_markdown(prompt)}”")
        st.dataframe(top5_frame(result), hide_index=True, width="stretch",
                     column_config={"p before": st.column_config.NumberColumn(format="%.4f"),
                                    "p after": st.column_config.NumberColumn(format="%.4f")})
        same = result.top5_before == result.top5_after
        st.caption(("The top-5 is exactly the same before and after. " if same else "")
                   + f"Run on {escape_markdown(result.describe)}; change: {change.describe()}. "
                   + ("The model's rows were put back exactly afterwards." if result.restored else
                      "Warning: the model's rows could not be put back exactly."))
    else:
        st.info(f"No model can run, so there is no next-token prediction: {escape_markdown(result.note)}. The change "
                "was made on copies of the stored tensors.", icon=":material/info:")
with code_col:
    st.subheader("The same in a notebook")
    st.code(notebook_snippet(result, tables), language="python", wrap_lines=True)
    st.caption("Runs as is in this project's environment and prints the numbers shown here.")
