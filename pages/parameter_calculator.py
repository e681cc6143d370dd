"""Parameter calculator: the `info --spec` accounting of any model, from its sizes alone, tied and untied."""

import streamlit as st

from dashboard.analysis.accounting import (
    PRESET_SPECS,
    ModelSpec,
    format_count,
    format_share,
    format_spec,
    parameter_rows,
    spec_from_tables,
)
from dashboard.errors import ExplorerError
from dashboard.markdown_text import escape_markdown
from dashboard.ui.calculator_frames import tying_comparison_frame
from dashboard.ui.loading import active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.overview_frames import parameter_frame

ensure_routed()

#: Widget keys of the spec's fields -> the ModelSpec field each edits.
FIELDS = {"calc_vocab_size": "vocab_size", "calc_d_model": "d_model", "calc_n_positions": "n_positions",
          "calc_n_token_types": "n_token_types", "calc_total": "total_parameters", "calc_n_layer": "n_layer"}
HEAD_LABELS = {"untied": "untied (its own matrix)", "tied": "tied (reuses the token table)", "none": "no head"}
DEFAULT_PRESET = next(iter(PRESET_SPECS))

tables = active_tables()
presets = {**PRESET_SPECS, f"the loaded model ({tables.name})": spec_from_tables(tables)}


def fill_fields(spec: ModelSpec) -> None:
    """Put ``spec`` into the widgets (0 stands for unknown)."""
    for key, name in FIELDS.items():
        st.session_state[key] = getattr(spec, name) or 0
    st.session_state["calc_head"] = spec.head


def apply_preset() -> None:
    fill_fields(presets[st.session_state["calc_preset"]])


if "calc_vocab_size" not in st.session_state:
    st.session_state.setdefault("calc_preset", DEFAULT_PRESET)
    fill_fields(presets.get(st.session_state["calc_preset"], PRESET_SPECS[DEFAULT_PRESET]))

st.title("Parameter calculator")
st.caption("How many parameters the embedding tables of a model hold, and what share of the whole model they are, "
           "from its sizes alone: no weights needed. Every field can be edited; the preset only fills them in.")
st.selectbox("Preset", list(presets), key="calc_preset", on_change=apply_preset,
             help="The lesson's ANDREA-120M, GPT-2 small, or the sizes of the checkpoint loaded in the sidebar.")

top = st.columns(4)
top[0].number_input("vocab_size (V)", min_value=1, step=1, key="calc_vocab_size",
                    help="Rows of the token embedding table: one per token of the vocabulary.")
top[1].number_input("d_model", min_value=1, step=1, key="calc_d_model", help="Width of every table's rows.")
top[2].number_input("n_positions (T)", min_value=0, step=1, key="calc_n_positions",
                    help="Rows of a learned position table; 0 for none (rotary or relative positions).")
top[3].number_input("token types", min_value=0, step=1, key="calc_n_token_types",
                    help="Rows of BERT's segment table (2); 0 for none.")
bottom = st.columns([2, 1.2, 1.2])
bottom[0].radio("Output head", list(HEAD_LABELS), key="calc_head", horizontal=True, format_func=HEAD_LABELS.get)
bottom[1].number_input("total parameters (0: unknown)", min_value=0, step=1_000_000, key="calc_total",
                       help="Parameters of the whole model, as its authors give them.")
bottom[2].number_input("layers (0: unknown)", min_value=0, step=1, key="calc_n_layer",
                       help="Used only when the total is unknown: the total then follows from the GPT-2 block "
                            "formula, 12 d_model² + 13 d_model per layer (biases and two LayerNorms).")

values = {name: int(st.session_state[key]) for key, name in FIELDS.items()}
spec = ModelSpec(**{**values, "total_parameters": values["total_parameters"] or None,
                    "n_layer": values["n_layer"] or None}, head=st.session_state["calc_head"])
try:
    rows = parameter_rows(spec)
    comparison = tying_comparison_frame(spec)
except ExplorerError as error:
    st.error(escape_markdown(error), icon=":material/error:")
    st.stop()

by_name = {row.name: row for row in rows}
total = spec.resolved_total()
if spec.total_parameters is None and spec.n_layer is not None:
    st.caption(f"Total from the GPT-2 block formula with {spec.n_layer} layers: {format_count(total)}.")
elif spec.total_parameters is not None and spec.n_layer is not None:
    st.caption("The total is given, so the number of layers is not used.")

st.subheader("Where the parameters are")
st.dataframe(parameter_frame(rows), hide_index=True, width="stretch",
             column_config={"note": st.column_config.TextColumn(width="large")})
head_rows = spec.vocab_size * spec.d_model
st.write(f"The token table alone is {format_count(by_name['token'].parameters)} parameters "
         f"({format_count(spec.vocab_size)} x {format_count(spec.d_model)})"
         + (f", {format_share(by_name['token'].share)} of the total." if total else "; the total is unknown."))

st.subheader("The same model, head tied and untied")
st.dataframe(comparison, hide_index=True, width="stretch")
st.write(f"Untying the head adds one more {format_count(spec.vocab_size)} x {format_count(spec.d_model)} matrix: "
         f"**{format_count(head_rows)}** parameters; everything else stays the same.")
st.caption("On the command line: `python -m dashboard info --spec " + format_spec(spec) + "`")
