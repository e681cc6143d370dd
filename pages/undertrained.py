"""Under-trained tokens: Land & Bartolo's (2024) indicator on every row, and the candidates below their threshold."""

import streamlit as st

from dashboard.analysis.token_categories import category_label
from dashboard.errors import ExplorerError
from dashboard.exports import csv_bytes
from dashboard.i18n import msg, render, t
from dashboard.i18n.ordinals import name_percentile
from dashboard.markdown_text import escape_markdown
from dashboard.training import view_undertrained as frames
from dashboard.training.compare_charts import score_histogram_chart
from dashboard.training.undertrained import (
    INDICATOR_LABELS,
    INDICATORS,
    TABLE_LABELS,
    THRESHOLD_PERCENTILE,
    choose_indicator,
    parse_ids,
)
from dashboard.ui.downloads import file_download_button
from dashboard.ui.language import display_frame
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.table_data import get_table_rows
from dashboard.ui.table_pages import open_table_page
from dashboard.ui.url_state import IDS_CHARS, UrlParam, bounded_text, publish

ensure_routed()

PARAMS = [
    UrlParam("indicator", "ut_indicator", "auto", choices=("auto", *INDICATORS)),
    UrlParam("unused", "ut_unused", "", bounded_text(IDS_CHARS)),
]
PERCENTILE = name_percentile(THRESHOLD_PERCENTILE)
tables, source = open_table_page(t("undertrained.title"), t("undertrained.caption", percentile=PERCENTILE,
                                                           share=THRESHOLD_PERCENTILE), PARAMS)

try:  # what "auto" means here: the ids typed below count as known unused rows
    typed_unused = parse_ids(st.session_state.get("ut_unused", "").strip() or None, msg("undertrained.unused"))
except ExplorerError:
    typed_unused = None  # reported below, where the ids are read
auto = choose_indicator(tables, typed_unused)
controls = st.columns([2, 3])
SHORT = {"cosine": msg("undertrained.radio.cosine"), "norm": msg("undertrained.radio.norm")}
controls[0].radio(t("undertrained.indicator"), ["auto", *INDICATORS], key="ut_indicator", horizontal=True,
                  format_func=lambda n: t("undertrained.radio.auto", choice=SHORT[auto]) if n == "auto"
                  else render(SHORT[n]),
                  help=t("undertrained.indicator_help", cosine=INDICATOR_LABELS["cosine"],
                         norm=INDICATOR_LABELS["norm"]))
controls[1].text_input(t("undertrained.unused"), key="ut_unused", placeholder=t("undertrained.unused_placeholder"),
                       max_chars=IDS_CHARS, help=t("undertrained.unused_help"))
publish(PARAMS)

try:
    unused = parse_ids(st.session_state["ut_unused"].strip() or None, msg("undertrained.unused"))
    found = frames.get_undertrained(tables, source, tables.content_hash, st.session_state["ut_indicator"],
                                    None if unused is None else tuple(unused))
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    st.stop()

name = escape_markdown(tables.name)
why = {"cosine": msg("undertrained.why.tied", name=name, tying=escape_markdown(render(tables.tying.label))),
       "norm": msg("undertrained.why.tied_no_unused" if tables.tying.is_tied else "undertrained.why.untied"
                   if tables.output_head is not None else "undertrained.why.no_head", name=name)}
indicator_name = INDICATOR_LABELS[found.indicator]
if st.session_state["ut_indicator"] == "auto":
    found_line = msg("undertrained.found_auto", indicator=indicator_name, table=TABLE_LABELS[found.table],
                     why=why[found.indicator])
else:
    found_line = msg("undertrained.found_manual", indicator=indicator_name, table=TABLE_LABELS[found.table])
if found.indicator == "cosine":
    meaning = msg("undertrained.meaning.cosine", count=len(found.unused_ids))
else:  # what a short row can mean depends on whether the row also serves as the head's
    meaning = msg("undertrained.meaning.norm_tied" if tables.tying.is_tied else "undertrained.meaning.norm"
                  if tables.output_head is not None else "undertrained.meaning.norm_no_head")
st.write(render(found_line) + " " + render(meaning))
cols = st.columns(3)
cols[0].metric(t("undertrained.metric.candidates"), f"{len(found.candidates):,}")
cols[1].metric(t("undertrained.metric.threshold"), f"{found.threshold:.4f}",
               help=t("undertrained.metric.threshold_help", percentile=PERCENTILE, share=THRESHOLD_PERCENTILE,
                      rows=int(found.population.sum())))
cols[2].metric(t("undertrained.metric.scored"), f"{int(found.population.sum()):,}")

chart = score_histogram_chart(frames.score_histogram_frame(found), found.threshold, indicator=render(indicator_name),
                              title=t("undertrained.histogram_title", indicator=indicator_name))
st.altair_chart(chart, width="stretch", key="ut_histogram")

rows = get_table_rows(tables, source, tables.content_hash, "token")
candidates = frames.candidates_frame(tables, found, rows.categories)
st.subheader(t("undertrained.candidates_heading", count=len(candidates)))
shown_candidates = candidates.assign(category=[category_label(str(c)) for c in candidates["category"]])  # CSV: English
st.dataframe(display_frame(shown_candidates, frames.UNDERTRAINED_HEADERS), hide_index=True, width="stretch",
             column_config={render(frames.UNDERTRAINED_HEADERS["score"]): st.column_config.NumberColumn(
                 render(indicator_name), format="%.4f")})
file_download_button(t("undertrained.download"), csv_bytes(candidates), f"{tables.name}-undertrained.csv", "text/csv",
                     "ut_csv")
st.page_link("pages/token_map.py", label=t("undertrained.map_link"),
             icon=":material/scatter_plot:")
st.caption(t("undertrained.cli", command="`python -m dashboard undertrained SOURCE --json`",
             doc="docs/undertrained.md"))
