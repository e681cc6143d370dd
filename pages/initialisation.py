"""Where training starts: the loaded table's values and row norms beside the usual initialisations."""

import numpy as np
import streamlit as st

from dashboard.analysis.initialisation import (
    INITIALISATIONS,
    SCALES_BY_SQRT_D,
    closest_initialisation,
    initialisation_frame,
    value_density_frame,
)
from dashboard.charts.initialisation import row_norm_range_chart, value_density_chart
from dashboard.errors import ExplorerError
from dashboard.markdown_text import escape_markdown
from dashboard.ui.initialisation_text import describe_closest, describe_scaling
from dashboard.ui.loading import active_tables, get_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.training_frames import BUNDLED_RUN

ensure_routed()

TABLE_KEY = "init_table"
STEP_ZERO = BUNDLED_RUN / "step-00000.safetensors"

tables = active_tables()
st.title(f"Where training starts: {escape_markdown(tables.name)}")
st.caption("Before training, the entries of an embedding table are drawn at random (or, for some tables, set to "
           "zero). Here the loaded table's values and row norms stand beside the usual initialisations, computed for "
           "this model's d_model, and beside the bundled GPT's own tables at step 0.")

choices = {"token table": tables.token[: len(tables.vocabulary)]}
if tables.output_head is not None:
    choices["output head"] = tables.output_head[: len(tables.vocabulary)]
if tables.position is not None:
    choices["position table"] = tables.position
if st.session_state.get(TABLE_KEY) not in choices:
    st.session_state[TABLE_KEY] = "token table"
chosen = st.radio("Table", list(choices), key=TABLE_KEY, horizontal=True)
table, d_model = choices[chosen], tables.d_model

summary = initialisation_frame({f"{tables.name} {chosen}": table}, d_model).iloc[0]
best, ratio = closest_initialisation(summary["value_std"], d_model)
cols = st.columns([1, 1, 1, 1.6])
cols[0].metric("d_model", f"{d_model:,}")
cols[1].metric("std of the entries", f"{summary['value_std']:.4g}")
cols[2].metric("median row norm", f"{summary['norm_median']:.4g}")
cols[3].metric("closest initialisation", best.name, help="By standard deviation, on a log scale.")
st.write(describe_closest(chosen, summary, best, ratio, d_model))

st.altair_chart(value_density_chart(value_density_frame(table, d_model),
                                    title=f"Entries of the {chosen}, beside N(0, std²) densities"), width="stretch")

measured = {f"loaded ({tables.name}): {chosen}": table}
try:
    start = get_tables(str(STEP_ZERO))
except ExplorerError as error:
    start = None
    st.info(f"The bundled GPT's step-0 tables are not available ({escape_markdown(error)}).")
zero_tables = []
if start is not None:
    for name, rows in (("token table", start.token), ("position table", start.position),
                       ("output head", start.output_head)):
        if rows is None:
            continue
        if not np.any(rows):
            zero_tables.append(name)
            continue
        measured[f"bundled GPT at step 0: {name}"] = rows
frame = initialisation_frame(measured, d_model)
positive = frame[frame["norm_low"] > 0]
st.altair_chart(row_norm_range_chart(positive), width="stretch")
notes = [f"Initialisation ranges are exact (a chi distribution with {d_model:,} degrees of freedom, scaled by the std)."]
if start is not None and start.d_model != d_model:
    notes.append(f"The bundled GPT's tables are {start.d_model:,} wide, this model's {d_model:,}: its row norms "
                 "belong to another width.")
if zero_tables:
    notes.append(f"The bundled GPT's {' and '.join(zero_tables)} at step 0 is all zeros (it starts at zero, as "
                 "minGPT's did), so it has no place on a log scale.")
if len(positive) < len(frame):
    left = sorted(set(frame["name"]) - set(positive["name"]))
    notes.append(f"Left out: {escape_markdown(', '.join(left))} (some rows have norm 0).")
st.caption(" ".join(notes))
st.dataframe(frame.rename(columns={"value_std": "std", "value_mean": "mean", "norm_low": "row norm 5 %",
                                   "norm_median": "row norm median", "norm_high": "row norm 95 %"}),
             hide_index=True, width="stretch")
st.caption("Who uses each: " + "; ".join(f"{i.name}: {i.used_by}" for i in INITIALISATIONS) + ".")

st.subheader("√d_model is a scale in the forward pass, not an initialisation")
st.write(describe_scaling(tables.architecture, d_model, SCALES_BY_SQRT_D.get(tables.architecture)))
