"""Nearest neighbours of a token, a word or an expression (king - man + woman), over the whole token table or output head."""

import pandas as pd
import streamlit as st

from dashboard.analysis.neighbours import METRICS, top_k_neighbours
from dashboard.analysis.output_head import describe_head, has_own_head
from dashboard.analysis.queries import expression_vector, resolve_expression, split_expression
from dashboard.charts.similarity import neighbour_scores_chart
from dashboard.errors import ExplorerError
from dashboard.exports import csv_bytes
from dashboard.i18n import plural_key, render, t
from dashboard.markdown_text import escape_markdown
from dashboard.ui.downloads import chart_download_buttons, file_download_button
from dashboard.ui.explore_frames import dataframe_args
from dashboard.ui.hangul_note import show_hangul_notes
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.table_data import get_head_index, get_neighbour_index, get_table_rows
from dashboard.ui.table_pages import metric_radio, open_table_page
from dashboard.ui.tokenizer_loading import get_resolver, show_lookup_note
from dashboard.ui.url_state import QUERY_CHARS, UrlParam, bounded, bounded_text, publish

ensure_routed()

#: Which table the neighbours are searched in, offered when the checkpoint stores its own output head
#: (choice -> catalogue key of its label).
TABLE_CHOICES = {"token": "neighbours.table.token", "head": "neighbours.table.head", "both": "neighbours.table.both"}
SIDE_TITLES = {"token": "neighbours.side.token", "head": "neighbours.side.head"}

PARAMS = [
    UrlParam("query", "nn_query", "cat", bounded_text(QUERY_CHARS), ids=1),
    UrlParam("k", "nn_k", 10, bounded(int, 1, 200)),
    UrlParam("metric", "nn_metric", "cosine", choices=tuple(METRICS)),
    UrlParam("table", "nn_table", "token", choices=tuple(TABLE_CHOICES)),
]

tables, source = open_table_page(t("neighbours.title"), t("neighbours.caption"), PARAMS)

controls = st.columns([3, 1, 2])
controls[0].text_input(t("neighbours.query_label"), key="nn_query", max_chars=QUERY_CHARS,
                       help=t("neighbours.query_help"))
controls[1].number_input("k", min_value=1, max_value=200, step=1, key="nn_k")
metric_radio(controls[2], "nn_metric", METRICS,
             help="; ".join(f"{name}: {render(label)}" for name, label in METRICS.items()))
if has_own_head(tables):
    st.radio(t("neighbours.table_label"), list(TABLE_CHOICES), key="nn_table", horizontal=True,
             format_func={choice: t(key) for choice, key in TABLE_CHOICES.items()}.get,  # in this run's language
             help=t("neighbours.table_help"))
else:
    st.caption(t("explore.output_head_caption", description=describe_head(tables)))
publish(PARAMS)
try:
    typed_terms = [term for _, term in split_expression(st.session_state["nn_query"])]
except ExplorerError:  # the error is shown below, where the query is resolved
    typed_terms = [st.session_state["nn_query"]]
show_hangul_notes(tables, source, typed_terms, use="query")

metric = st.session_state["nn_metric"]
own_head = has_own_head(tables)
chosen = st.session_state["nn_table"] if own_head else "token"
names = ["token", "head"] if chosen == "both" else [chosen]
try:
    resolver = get_resolver(tables, source, tables.content_hash)
    expression, vector = resolve_expression(st.session_state["nn_query"], resolver)
    found, rows = {}, {}
    for name in names:
        rows[name] = get_table_rows(tables, source, tables.content_hash, name)
        if name == "token":
            index, query = get_neighbour_index(tables, source, tables.content_hash), vector
        else:
            index = get_head_index(tables, source, rows[name].content_hash)
            query = expression_vector(expression, tables.output_head)
        found[name] = top_k_neighbours(index, query, k=int(st.session_state["nn_k"]), metric=metric,
                                       exclude=expression.ids)
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    st.stop()

show_lookup_note(resolver, tables)
for term in expression.terms:
    st.write(render(term.explain(markdown=True)) + ".")
if len(expression.terms) > 1:
    st.write(t("neighbours.query_vector_head" if "head" in names else "neighbours.query_vector",
               expression=escape_markdown(expression.describe())))
st.caption(t(plural_key("neighbours.left_out", len(expression.ids)), count=len(expression.ids), metric=METRICS[metric]))
for name in names:
    if found[name].n_skipped:
        st.caption(t(f"neighbours.skipped.{name}", count=found[name].n_skipped))


def neighbour_frame(result, table_rows) -> pd.DataFrame:
    """The neighbours as rows for the chart, the table and the CSV."""
    return pd.DataFrame({
        "rank": range(1, len(result.ids) + 1),
        "token": [table_rows.labels[i] for i in result.ids],
        "raw_token": [table_rows.raw[i] for i in result.ids],
        "id": result.ids,
        "score": result.scores,
        "norm": result.norms,
        "category": table_rows.categories[result.ids],
    })


stem = f"{tables.name}-neighbours-{metric}" + ("" if names == ["token"] else "-" + chosen)
frames = {name: neighbour_frame(found[name], rows[name]) for name in names}
charts = {name: neighbour_scores_chart(frames[name], metric,
                                      title=t(f"neighbours.chart_title.{name}", expression=expression.describe(),
                                              metric=METRICS[metric]))
          for name in names}
number_format = {"score": st.column_config.NumberColumn(format="%.4f"),
                 "norm": st.column_config.NumberColumn(format="%.3f")}
if len(names) == 1:
    # Chart and table one above the other: side by side at a 1,400-px window the table's six columns
    # do not fit beside the chart, and norm and category hide behind a sideways scroll.
    st.altair_chart(charts[names[0]], width="stretch", key="neighbours_chart")
    # raw_token stays in the CSV (the token column shows it readably).
    st.dataframe(**dataframe_args(frames[names[0]].drop(columns=["raw_token"]), number_format), hide_index=True,
                 width="stretch")
else:
    shared = set(found["token"].ids.tolist()) & set(found["head"].ids.tolist())
    st.write(t("neighbours.shared", shared=len(shared), total=len(found["token"].ids)))
    sides = st.columns(2)
    for side, name in zip(sides, names):
        with side:
            st.markdown(f"**{t(SIDE_TITLES[name])}**")
            st.altair_chart(charts[name], width="stretch", key=f"neighbours_chart_{name}")
            st.dataframe(**dataframe_args(frames[name][["rank", "token", "id", "score"]], number_format),
                         hide_index=True, width="stretch")
            chart_download_buttons(charts[name], f"{stem}-{name}", key=f"nn_image_{name}")

csv_frame = pd.concat([frames[name].assign(table=name) for name in names]) if len(names) > 1 else frames[names[0]]
file_download_button(t("neighbours.download_csv"), csv_bytes(csv_frame), f"{stem}.csv", "text/csv", "nn_csv")
if len(names) == 1:
    chart_download_buttons(charts[names[0]], stem, key="nn_image")
