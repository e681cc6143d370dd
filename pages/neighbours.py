"""Nearest neighbours of a token, a word or an expression (king - man + woman), over the whole token table."""

import pandas as pd
import streamlit as st

from dashboard.analysis.neighbours import METRICS, top_k_neighbours
from dashboard.analysis.queries import resolve_expression
from dashboard.charts.neighbours import neighbour_scores_chart
from dashboard.errors import ExplorerError
from dashboard.exports import csv_bytes
from dashboard.markdown_text import escape_markdown
from dashboard.ui.downloads import chart_download_buttons, file_download_button
from dashboard.ui.map_data import get_neighbour_index, get_resolver, get_table_rows
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.table_pages import metric_radio, open_table_page, show_lookup_note
from dashboard.ui.text_limits import QUERY_CHARS
from dashboard.ui.url_state import UrlParam, bounded, bounded_text, publish

ensure_routed()

PARAMS = [
    UrlParam("query", "nn_query", "cat", bounded_text(QUERY_CHARS)),
    UrlParam("k", "nn_k", 10, bounded(int, 1, 200)),
    UrlParam("metric", "nn_metric", "cosine", choices=tuple(METRICS)),
]

tables, source = open_table_page(
    "Nearest neighbours", "The rows of the token table nearest to a token, a word or a sum of them, searched over "
    "every row in the original d_model-dimensional space (not on the map).", PARAMS)

controls = st.columns([3, 1, 2])
controls[0].text_input("Token, word or expression", key="nn_query", max_chars=QUERY_CHARS,
                       help="A word as it appears in running text (in GPT-2 and Llama-style vocabularies the "
                            "word-initial token ␣king; split by the checkpoint's tokenizer if it is not one token), "
                            "a token as the vocabulary spells or shows it (##ing, Ġking, ␣king), #id for a row, or "
                            "terms joined by ' + ' and ' - ' (king - man + woman).")
controls[1].number_input("k", min_value=1, max_value=200, step=1, key="nn_k")
metric_radio(controls[2], "nn_metric", METRICS, help="; ".join(f"{name}: {label}" for name, label in METRICS.items()))
publish(PARAMS)

metric = st.session_state["nn_metric"]
try:
    resolver = get_resolver(tables, source, tables.content_hash)
    expression, vector = resolve_expression(st.session_state["nn_query"], resolver)
    index = get_neighbour_index(tables, source, tables.content_hash)
    found = top_k_neighbours(index, vector, k=int(st.session_state["nn_k"]), metric=metric, exclude=expression.ids)
except ExplorerError as error:
    st.error(escape_markdown(error), icon=":material/error:")
    st.stop()

show_lookup_note(resolver)
for term in expression.terms:
    st.write(term.explain(markdown=True) + ".")
if len(expression.terms) > 1:
    st.write(f"Query vector: **{escape_markdown(expression.describe())}**, each term's vector added with its sign.")
st.caption(f"{len(expression.ids)} token(s) of the query itself are left out of the results. "
           f"Scores: {METRICS[metric]}.")
if found.n_skipped:
    st.caption(f"{found.n_skipped:,} all-zero rows have no cosine and were skipped.")

rows = get_table_rows(tables, source, tables.content_hash, "token")
frame = pd.DataFrame({
    "rank": range(1, len(found.ids) + 1),
    "token": [rows.labels[i] for i in found.ids],
    "raw_token": [rows.raw[i] for i in found.ids],
    "id": found.ids,
    "score": found.scores,
    "norm": found.norms,
    "category": rows.categories[found.ids],
})
chart = neighbour_scores_chart(frame, metric, title=f"Nearest to {expression.describe()} by {METRICS[metric]}")
# Chart and table one above the other: side by side at a 1,400-px window the table's six columns
# did not fit beside the chart, and norm and category were hidden behind a sideways scroll.
st.altair_chart(chart, width="stretch", key="neighbours_chart")
# raw_token stays in the CSV (the token column shows it readably).
st.dataframe(frame.drop(columns=["raw_token"]), hide_index=True, width="stretch",
             column_config={"score": st.column_config.NumberColumn(format="%.4f"),
                            "norm": st.column_config.NumberColumn(format="%.3f")})

stem = f"{tables.name}-neighbours-{metric}"
file_download_button("Neighbour table (CSV)", csv_bytes(frame), f"{stem}.csv", "text/csv", "nn_csv")
chart_download_buttons(chart, stem, key="nn_image")
