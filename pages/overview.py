"""Overview: shapes, parameter accounting, weight tying and row norms of the active checkpoint."""

import streamlit as st

from dashboard.analysis.accounting import format_count, parameter_rows, spec_from_tables
from dashboard.charts.norms import row_norm_histogram_chart
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.ui.loading import active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.overview_frames import cached_token_norms, parameter_frame
from dashboard.ui.source_names import display_name

ensure_routed()

tables = active_tables()
st.title(f"Overview: {escape_markdown(tables.name)}")
st.caption(f"{escape_markdown(tables.format)} · architecture {code_span(tables.architecture)} · stored as "
           f"{escape_markdown(tables.source_dtype)} · read from {code_span(display_name(tables.source))}")

cols = st.columns(4)
cols[0].metric("vocab_size", format_count(tables.vocab_size))
cols[1].metric("d_model", format_count(tables.d_model))
cols[2].metric("n_positions", format_count(tables.n_positions) if tables.n_positions else "none")
cols[3].metric("total parameters", format_count(tables.total_parameters))

st.subheader("Where the parameters are")
st.dataframe(parameter_frame(parameter_rows(spec_from_tables(tables))), hide_index=True, width="stretch",
             column_config={"shape": st.column_config.TextColumn(width=120),
                            "note": st.column_config.TextColumn(width="large")})

st.subheader("Weight tying")
verdict = f"**{escape_markdown(tables.tying.label)}**: {escape_markdown(tables.tying.evidence)}."
(st.success if tables.tying.is_tied else st.info)(verdict)
if tables.tying.config_note:
    st.warning(f"Note: {escape_markdown(tables.tying.config_note)}.")

st.subheader("Positions")
st.write(f"**{escape_markdown(tables.position_kind)}** — {escape_markdown(tables.position_note)}.")

st.subheader("Row norms of the token table")
norm_frame = cached_token_norms(tables, tables.content_hash, len(tables.vocabulary))
st.altair_chart(row_norm_histogram_chart(norm_frame, title=""), width="stretch")
st.caption("How long each token's vector is. Rarely seen tokens tend to stay near their initial norm; "
           "a separate spike often marks tokens training never touched.")
unused = len(tables.unused_rows)
if unused:
    st.caption(f"{unused:,} padding rows past the vocabulary (ids {tables.unused_rows.start:,} to "
               f"{tables.unused_rows.stop - 1:,}) have no token and are not counted in the histogram.")
for note in tables.notes:
    st.caption(f"Note: {escape_markdown(note)}")
