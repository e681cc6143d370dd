"""Similarity heatmap: cosine or dot product between the tokens or words a user picks."""

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.analysis.output_head import describe_head, has_own_head
from dashboard.analysis.queries import ResolvedTerm, TermResolver
from dashboard.charts.similarity import similarity_heatmap_chart
from dashboard.errors import ExplorerError, QueryError
from dashboard.exports import csv_bytes
from dashboard.i18n import msg, render, t
from dashboard.lessons.similarity.analysis import SIMILARITY_METRICS, similarity_frame, similarity_matrix
from dashboard.markdown_text import escape_markdown
from dashboard.ui.downloads import chart_download_buttons, file_download_button
from dashboard.ui.hangul_note import show_hangul_notes
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.table_data import get_head_index, get_neighbour_index, get_table_rows
from dashboard.ui.table_pages import metric_radio, open_table_page
from dashboard.ui.tokenizer_loading import get_resolver, show_lookup_note
from dashboard.ui.url_state import TERMS_CHARS, UrlParam, bounded_text, publish

ensure_routed()

#: The lessons' example: two animals, what they are, a weekday and an unrelated word.
DEFAULT_TERMS = "cat, dog, pet, Tuesday, xylophone"
MAX_TERMS = 40
#: Pieces of a split word its subtitle line names (the caption under the chart lists them all).
SUBTITLE_PIECES = 8
#: Tables whose rows can be compared, offered when the checkpoint stores its own output head
#: (table -> catalogue key of its label).
TABLE_NAMES = {"token": "similarity.table.token", "head": "similarity.table.head"}
PARAMS = [
    UrlParam("terms", "sim_terms", DEFAULT_TERMS, bounded_text(TERMS_CHARS), ids=5, ids_separator=", "),
    UrlParam("sim_metric", "sim_metric", "cosine", choices=tuple(SIMILARITY_METRICS)),
    UrlParam("sim_table", "sim_table", "token", choices=tuple(TABLE_NAMES)),
]

tables, source = open_table_page(t("similarity.title"), t("similarity.caption"), PARAMS)
controls = st.columns([3, 2])
controls[0].text_input(t("similarity.terms_label"), key="sim_terms", max_chars=TERMS_CHARS,
                       help=t("similarity.terms_help"))
metric_radio(controls[1], "sim_metric", SIMILARITY_METRICS, help=t("similarity.metric_help"))
if has_own_head(tables):
    st.radio(t("similarity.table_label"), list(TABLE_NAMES), key="sim_table", horizontal=True,
             format_func={name: t(key) for name, key in TABLE_NAMES.items()}.get)  # in this run's language
else:
    st.caption(t("explore.output_head_caption", description=describe_head(tables)))
publish(PARAMS)
in_head = has_own_head(tables) and st.session_state["sim_table"] == "head"



def resolve_each(resolver: TermResolver, typed: list[str]) -> tuple[list[ResolvedTerm], list[tuple[str, str]]]:
    """Resolve every typed term on its own: those with rows, and ``(text, why)`` for each that has none.

    ``why`` is the error in the reader's language.
    """
    terms, unknown = [], []
    for text in typed:
        try:
            terms.append(resolver.resolve(text))
        except QueryError as error:
            unknown.append((text, render(error)))
    return terms, unknown


metric = st.session_state["sim_metric"]
typed = list(dict.fromkeys(text.strip() for text in st.session_state["sim_terms"].split(",") if text.strip()))
show_hangul_notes(tables, source, typed, use="query")
try:
    if len(typed) < 2:
        raise QueryError(msg("err.similarity_page.too_few"))
    if len(typed) > MAX_TERMS:
        raise QueryError(msg("err.similarity_page.too_many", count=len(typed), limit=MAX_TERMS))
    resolver = get_resolver(tables, source, tables.content_hash)
    terms, unknown = resolve_each(resolver, typed)
    if unknown:
        left_out = "; ".join(f"“{escape_markdown(text)}”: {escape_markdown(why)}" for text, why in unknown)
        st.warning(t("similarity.left_out", left_out=left_out), icon=":material/warning:")
    typed = [term.text.strip() for term in terms]
    if len(terms) < 2:
        raise QueryError(msg("err.similarity_page.too_few_known", count=len(terms)))
    if in_head:
        head_rows = get_table_rows(tables, source, tables.content_hash, "head")
        vectors = np.stack([tables.output_head[list(term.ids)].mean(axis=0, dtype=np.float64) for term in terms])
        index = get_head_index(tables, source, head_rows.content_hash)
    else:
        vectors = np.stack([resolver.vector(term) for term in terms])
        index = get_neighbour_index(tables, source, tables.content_hash)
    matrix = similarity_matrix(vectors, metric, mean=index.mean)
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    st.stop()

frame = similarity_frame(typed, matrix)
split = [term for term in terms if term.is_split]
# One line per split word, its pieces cut short: a chart subtitle never wraps, and byte pieces run long.
first = (t("similarity.subtitle.head") if in_head else "") + t("similarity.subtitle.terms", count=len(typed))
subtitle = [first + ("" if split else t("similarity.subtitle.one_token"))] + [
    t("similarity.subtitle.mean", term=term.text, pieces=" + ".join(term.pieces[:SUBTITLE_PIECES])
      + (" + …" if len(term.pieces) > SUBTITLE_PIECES else "")) for term in split]
chart = similarity_heatmap_chart(frame, metric, subtitle=subtitle)
st.altair_chart(chart, width="content", key="similarity_chart")
for term in split:
    st.write(render(term.explain(markdown=True)) + ".")
show_lookup_note(resolver, tables)
domain = "[-1, 1]" if metric != "dot" else t("similarity.scale.dot")
st.caption(t("similarity.scale", domain=domain))

stem = f"{tables.name}-similarity-{metric}" + ("-head" if in_head else "")
matrix_frame = pd.DataFrame(matrix, index=pd.Index(typed, name="term"), columns=typed).reset_index()
file_download_button(t("similarity.download_csv"), csv_bytes(matrix_frame), f"{stem}.csv", "text/csv", "sim_csv")
chart_download_buttons(chart, stem, key="sim_image")
