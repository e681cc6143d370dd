"""Under-trained tokens: Land & Bartolo's (2024) indicator on every row, and the candidates below their threshold."""

import streamlit as st

from dashboard.analysis.undertrained import INDICATORS, THRESHOLD_PERCENTILE, choose_indicator
from dashboard.charts.compare import score_histogram_chart
from dashboard.cli.undertrained import parse_ids
from dashboard.errors import ExplorerError
from dashboard.exports import csv_bytes
from dashboard.markdown_text import escape_markdown
from dashboard.ui import compare_frames as frames
from dashboard.ui.downloads import file_download_button
from dashboard.ui.map_data import get_table_rows
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.table_pages import open_table_page
from dashboard.ui.text_limits import IDS_CHARS
from dashboard.ui.url_state import UrlParam, bounded_text, publish

ensure_routed()

PARAMS = [
    UrlParam("indicator", "ut_indicator", "auto", choices=("auto", *INDICATORS)),
    UrlParam("unused", "ut_unused", "", bounded_text(IDS_CHARS)),
]
tables, source = open_table_page(
    "Under-trained tokens",
    "Tokens whose rows training barely touched (Land & Bartolo 2024, \"Fishing for Magikarp\", EMNLP), found with "
    "their indicator and their threshold: the rows at or below its 2nd percentile are candidates. Candidates are "
    "a list to check, not a verdict.", PARAMS)

auto = choose_indicator(tables)
controls = st.columns([2, 3])
controls[0].radio("Indicator", ["auto", *INDICATORS], key="ut_indicator", horizontal=True,
                  format_func=lambda n: f"auto ({auto})" if n == "auto" else n,
                  help=f"cosine: {INDICATORS['cosine']}, for models whose head is the token table (tied). "
                       f"norm: {INDICATORS['norm']}, for untied models and checkpoints without a head.")
controls[1].text_input("Rows known to be unused (cosine only)", key="ut_unused", placeholder="e.g. 100,101,102",
                       max_chars=IDS_CHARS,
                       help="Token ids that no text produces, the cosine indicator's reference. Empty: the "
                            "reserved tokens ([unused0] ...) and padding rows of the vocabulary.")
publish(PARAMS)

try:
    unused = parse_ids(st.session_state["ut_unused"].strip() or None)
    found = frames.get_undertrained(tables, source, tables.content_hash, st.session_state["ut_indicator"],
                                    None if unused is None else tuple(unused))
except ExplorerError as error:
    st.error(escape_markdown(error), icon=":material/error:")
    st.stop()

name = escape_markdown(tables.name)
why = {"cosine": f"{name}'s head is its token table ({escape_markdown(tables.tying.label)})",
       "norm": f"{name} has " + ("an untied head" if tables.output_head is not None else "no output head")}
chosen = "the automatic choice" if st.session_state["ut_indicator"] == "auto" else "chosen by hand"
st.write(f"**{found.name}** on the {found.table}, {chosen}"
         + (f" ({why[found.indicator]})" if st.session_state["ut_indicator"] == "auto" else "") + ". "
         + ("Lower means more like the reference rows: cosine distance, after removing the first principal "
            f"component, to the mean of {len(found.unused_ids):,} rows known to be unused."
            if found.indicator == "cosine" else
            "Lower means a shorter row: a row that is never looked up gets no gradient, so training can only "
            "leave it at its initial length or shrink it (weight decay)."))
cols = st.columns(3)
cols[0].metric("candidates", f"{len(found.candidates):,}")
cols[1].metric("threshold", f"{found.threshold:.4f}",
               help=f"The {THRESHOLD_PERCENTILE:g}th percentile of the indicator over the "
                    f"{int(found.population.sum()):,} vocabulary rows that are not special tokens.")
cols[2].metric("rows scored", f"{int(found.population.sum()):,}")

chart = score_histogram_chart(frames.score_histogram_frame(found), found.threshold, indicator=found.name,
                              title=f"{found.name} of every row (dashed: the threshold; rows counted on a log scale)")
st.altair_chart(chart, width="stretch", key="ut_histogram")

rows = get_table_rows(tables, source, tables.content_hash, "token")
candidates = frames.candidates_frame(tables, found, rows.categories)
st.subheader(f"The {len(candidates):,} candidates, most under-trained first")
st.dataframe(candidates, hide_index=True, width="stretch",
             column_config={"score": st.column_config.NumberColumn(found.name, format="%.4f")})
file_download_button("Candidates (CSV)", csv_bytes(candidates), f"{tables.name}-undertrained.csv", "text/csv",
                     "ut_csv")
st.page_link("pages/token_map.py", label="See them on the Token map (tick \"mark under-trained candidates\")",
             icon=":material/scatter_plot:")
st.caption("The same list from the command line: `python -m dashboard undertrained SOURCE --json`. "
           "How well it finds known never-trained tokens is measured in docs/undertrained.md.")
