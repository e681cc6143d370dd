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
from dashboard.i18n import msg, render, t
from dashboard.markdown_text import escape_markdown
from dashboard.ui.calculator_frames import shown_frame, tying_comparison_frame
from dashboard.ui.loading import active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.overview_frames import parameter_frame

ensure_routed()

#: Widget keys of the spec's fields -> the ModelSpec field each edits.
FIELDS = {"calc_vocab_size": "vocab_size", "calc_d_model": "d_model", "calc_n_positions": "n_positions",
          "calc_n_token_types": "n_token_types", "calc_total": "total_parameters", "calc_n_layer": "n_layer"}
HEAD_LABELS = {"untied": "calculator.head.untied", "tied": "calculator.head.tied", "none": "calculator.head.none"}
DEFAULT_PRESET = next(iter(PRESET_SPECS))

tables = active_tables()
# Option values stay English (a str-valued message); the selectbox shows them rendered.
presets = {**PRESET_SPECS, msg("calculator.preset_loaded", name=tables.name): spec_from_tables(tables)}


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

st.title(t("calculator.title"))
st.caption(t("calculator.caption"))
presets_shown = {name: render(name) for name in presets}
st.selectbox(t("calculator.preset"), list(presets), key="calc_preset", on_change=apply_preset,
             format_func=presets_shown.get, help=t("calculator.preset_help"))

top = st.columns(4)
top[0].number_input(t("calculator.vocab_size"), min_value=1, step=1, key="calc_vocab_size",
                    help=t("calculator.vocab_size_help"))
top[1].number_input(t("calculator.d_model"), min_value=1, step=1, key="calc_d_model",
                    help=t("calculator.d_model_help"))
top[2].number_input(t("calculator.n_positions"), min_value=0, step=1, key="calc_n_positions",
                    help=t("calculator.n_positions_help"))
top[3].number_input(t("calculator.n_token_types"), min_value=0, step=1, key="calc_n_token_types",
                    help=t("calculator.n_token_types_help"))
bottom = st.columns([2, 1.2, 1.2])
heads_shown = {head: t(key) for head, key in HEAD_LABELS.items()}  # rendered now: format_func may be called later
bottom[0].radio(t("calculator.head"), list(HEAD_LABELS), key="calc_head", horizontal=True, format_func=heads_shown.get)
bottom[1].number_input(t("calculator.total"), min_value=0, step=1_000_000, key="calc_total",
                       help=t("calculator.total_help"))
bottom[2].number_input(t("calculator.n_layer"), min_value=0, step=1, key="calc_n_layer",
                       help=t("calculator.n_layer_help"))

values = {name: int(st.session_state[key]) for key, name in FIELDS.items()}
spec = ModelSpec(**{**values, "total_parameters": values["total_parameters"] or None,
                    "n_layer": values["n_layer"] or None}, head=st.session_state["calc_head"])
try:
    rows = parameter_rows(spec)
    comparison = tying_comparison_frame(spec)
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    st.stop()

by_name = {row.name: row for row in rows}
total = spec.resolved_total()
if spec.total_parameters is None and spec.n_layer is not None:
    st.caption(t("calculator.total_from_layers", n_layer=spec.n_layer, total=render(format_count(total))))
elif spec.total_parameters is not None and spec.n_layer is not None:
    st.caption(t("calculator.layers_unused"))

st.subheader(t("calculator.where_title"))
st.dataframe(shown_frame(parameter_frame(rows), rows), hide_index=True, width="stretch",
             column_config={t("calculator.col.note"): st.column_config.TextColumn(width="large")})
head_rows = spec.vocab_size * spec.d_model
sizes = {"count": format_count(by_name["token"].parameters), "vocab_size": format_count(spec.vocab_size),
         "d_model": format_count(spec.d_model)}
st.write(t("calculator.token_share", **sizes, share=format_share(by_name["token"].share)) if total
         else t("calculator.token_no_total", **sizes))

st.subheader(t("calculator.tying_title"))
st.dataframe(shown_frame(comparison, rows), hide_index=True, width="stretch")  # same components, same order
st.write(t("calculator.untying", vocab_size=format_count(spec.vocab_size), d_model=format_count(spec.d_model),
           count=format_count(head_rows)))
st.caption(t("calculator.cli", command="`python -m dashboard info --spec " + format_spec(spec) + "`"))
