"""Overview: shapes, parameter accounting, weight tying and row norms of the active checkpoint."""

import streamlit as st

from dashboard.analysis.accounting import format_count, parameter_rows, spec_from_tables
from dashboard.charts.norms import row_norm_histogram_chart
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.ui.loading import active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.overview_frames import cached_token_norms, describe_norms, parameter_frame
from dashboard.ui.source_names import display_name

ensure_routed()

tables = active_tables()
st.title(f"Overview: {escape_markdown(tables.name)}")
st.caption(f"{escape_markdown(tables.format)} · architecture {code_span(tables.architecture)} · stored as "
           f"{escape_markdown(tables.source_dtype)} · read from {code_span(display_name(tables.source))}")

# A wrapping row of content-wide metrics, not four equal columns: at 1,024 px a column is too narrow for a
# total such as 22,713,216, which Streamlit then cuts with an ellipsis.
metrics = st.container(horizontal=True, gap="medium")
metrics.metric("vocab_size", format_count(tables.vocab_size), width="content")
metrics.metric("d_model", format_count(tables.d_model), width="content")
metrics.metric("n_positions", format_count(tables.n_positions) if tables.n_positions else "none", width="content")
metrics.metric("total parameters", format_count(tables.total_parameters), width="content")

st.subheader("Where the parameters are")
st.dataframe(parameter_frame(parameter_rows(spec_from_tables(tables))), hide_index=True, width="stretch",
             column_config={"shape": st.column_config.TextColumn(width=120),
                            "note": st.column_config.TextColumn(width="large")})

st.subheader("Weight tying")
verdict = f"**{escape_markdown(tables.tying.label)}**: {escape_markdown(tables.tying.evidence)}."
if tables.tying.ambiguous:
    st.warning(verdict)  # equal values, no flag: neither tied nor untied is shown, so no green
else:
    (st.success if tables.tying.is_tied else st.info)(verdict)
if tables.tying.config_note:
    st.warning(f"Note: {escape_markdown(tables.tying.config_note)}.")

st.subheader("Positions")
st.write(f"**{escape_markdown(tables.position_kind)}** — {escape_markdown(tables.position_note)}.")

st.subheader("Row norms of the token table")
norm_frame = cached_token_norms(tables, tables.content_hash, len(tables.vocabulary))
st.altair_chart(row_norm_histogram_chart(norm_frame, title=""), width="stretch")
st.caption(describe_norms(norm_frame["norm"].to_numpy()))
unused = len(tables.unused_rows)
if unused:
    st.caption(f"{unused:,} padding rows past the vocabulary (ids {tables.unused_rows.start:,} to "
               f"{tables.unused_rows.stop - 1:,}) have no token and are not counted in the histogram.")
for note in tables.notes:
    st.caption(f"Note: {escape_markdown(note)}")
