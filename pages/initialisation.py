"""Where training starts: the loaded table's values and row norms beside the usual initialisations."""

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.checkpoints.bundled import BUNDLED_RUN
from dashboard.errors import ExplorerError
from dashboard.i18n import render, t
from dashboard.lessons.initialisation.analysis import (
    INITIALISATIONS,
    SCALES_BY_SQRT_D,
    closest_initialisation,
    initialisation_frame,
)
from dashboard.lessons.initialisation.chart import row_norm_range_chart, value_density_chart
from dashboard.lessons.initialisation.text import describe_closest, describe_scaling
from dashboard.lessons.initialisation.view_frames import cached_density, cached_summary, table_key
from dashboard.lessons.lookup.analysis import FIRST_BLOCK_RULES
from dashboard.markdown_text import escape_markdown
from dashboard.ui.language import display_frame
from dashboard.ui.loading import active_tables, get_tables
from dashboard.ui.navigation import ensure_routed

ensure_routed()

TABLE_KEY = "init_table"
STEP_ZERO = BUNDLED_RUN / "step-00000.safetensors"
#: The tables' names: the radio's option values (kept in session state, the same in every language) -> catalogue key.
TABLE_NAMES = {"token table": "init.table.token", "output head": "init.table.head",
               "position table": "init.table.position"}
#: The summary frame's columns -> their header on the page (catalogue keys; in English ``name``, ``std`` ...).
HEADERS = {"name": "init.col.name", "kind": "init.col.kind", "value_std": "init.col.std", "value_mean": "init.col.mean",
           "norm_low": "init.col.norm_low", "norm_median": "init.col.norm_median", "norm_high": "init.col.norm_high"}


def table_name(choice: str) -> str:
    """A table's name (a key of :data:`TABLE_NAMES`) in the reader's language."""
    return t(TABLE_NAMES[choice])


def named_frame(frame: pd.DataFrame, names: dict[str, str]) -> pd.DataFrame:
    """``frame`` with its ``name`` column as the reader reads it (English row name -> ``names``; others as they are)."""
    return frame.assign(name=frame["name"].map(lambda name: names.get(name, name)))


def reader_frame(frame: pd.DataFrame, names: dict[str, str]) -> pd.DataFrame:
    """``frame`` as the table on the page shows it: row names, kinds and headers in the reader's language.

    Args:
        frame: from :func:`~dashboard.lessons.initialisation.analysis.initialisation_frame` (English names and kinds).
        names: English row name -> the name as shown; names not in it are shown as they are.
    """
    shown = named_frame(frame, names)
    shown["kind"] = shown["kind"].map(lambda kind: t(f"init.kind.{kind}"))
    return display_frame(shown, HEADERS)


tables = active_tables()
st.title(t("init.title", name=escape_markdown(tables.name)))
st.caption(t("init.caption"))

choices = {"token table": tables.token[: len(tables.vocabulary)]}
if tables.output_head is not None:
    choices["output head"] = tables.output_head[: len(tables.vocabulary)]
if tables.position is not None:
    choices["position table"] = tables.position
if st.session_state.get(TABLE_KEY) not in choices:
    st.session_state[TABLE_KEY] = "token table"
chosen = st.radio(t("init.table_label"), list(choices), key=TABLE_KEY, horizontal=True, format_func=table_name)
table, d_model = choices[chosen], tables.d_model
chosen_name = table_name(chosen)

with st.spinner(t("init.spinner", rows=table.shape[0])):  # every entry is read once, then cached
    summary = cached_summary(table, table_key(tables, chosen))
    density = cached_density(table, table_key(tables, chosen), d_model)
best, ratio = closest_initialisation(summary["value_std"], d_model)
cols = st.columns([1, 1, 1, 1.6])
cols[0].metric("d_model", f"{d_model:,}")
cols[1].metric(t("init.metric.std"), f"{summary['value_std']:.4g}")
cols[2].metric(t("init.metric.median"), f"{summary['norm_median']:.4g}")
cols[3].metric(t("init.metric.closest"), best.name, help=t("init.metric.closest_help"))
st.write(describe_closest(chosen_name, summary, best, ratio, d_model))

st.altair_chart(value_density_chart(density,
                                    title=t("init.density_title", table=chosen_name)), width="stretch")

# The frame keeps English row names (tests and exports read them); ``names`` holds each as the reader reads it.
loaded = f"loaded ({tables.name}): {chosen}"
measured = {loaded: summary}
names = {loaded: t("init.loaded", name=tables.name, table=chosen_name)}
try:
    start = get_tables(str(STEP_ZERO))
except ExplorerError as error:
    start = None
    st.info(t("init.no_step0", error=escape_markdown(render(error))))
zero_tables = []
if start is not None:
    for name, rows in (("token table", start.token), ("position table", start.position),
                       ("output head", start.output_head)):
        if rows is None:
            continue
        if not np.any(rows):
            zero_tables.append(table_name(name))
            continue
        measured[f"bundled GPT at step 0: {name}"] = cached_summary(rows, table_key(start, name))
        names[f"bundled GPT at step 0: {name}"] = t("init.bundled_step0", table=table_name(name))
frame = initialisation_frame(measured, d_model)
positive = frame[frame["norm_low"] > 0]
st.altair_chart(row_norm_range_chart(named_frame(positive, names)), width="stretch")
notes = [t("init.note.exact", d_model=d_model)]
if start is not None and start.d_model != d_model:
    notes.append(t("init.note.width", width=start.d_model, d_model=d_model))
if zero_tables:
    notes.append(t("init.note.zeros", tables=t("init.and").join(zero_tables)))
if len(positive) < len(frame):
    left = sorted(names.get(name, name) for name in set(frame["name"]) - set(positive["name"]))
    notes.append(t("init.note.left_out", names=escape_markdown(", ".join(left))))
st.caption(" ".join(notes))
st.dataframe(reader_frame(frame, names), hide_index=True, width="stretch")
st.caption(t("init.who_uses", uses="; ".join(f"{i.name}: {render(i.used_by)}" for i in INITIALISATIONS)))

st.subheader(t("init.scaling_header"))
st.write(describe_scaling(tables.architecture, d_model, SCALES_BY_SQRT_D.get(tables.architecture),
                          FIRST_BLOCK_RULES.get(tables.architecture)))
