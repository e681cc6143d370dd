"""Overview: shapes, parameter accounting, weight tying and row norms of the active checkpoint."""

import streamlit as st

from dashboard.analysis.accounting import format_count, parameter_rows, spec_from_tables
from dashboard.charts.norms import row_norm_histogram_chart
from dashboard.i18n import render, t
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.tables import POSITION_KIND_LABELS
from dashboard.ui.language import display_frame
from dashboard.ui.loading import active_tables, display_name
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.overview_frames import (
    PARAMETER_COLUMNS,
    cached_token_norms,
    describe_norms,
    parameter_frame,
)

ensure_routed()

tables = active_tables()
st.title(t("overview.title", name=escape_markdown(tables.name)))
st.caption(t("overview.caption", format=escape_markdown(tables.format), architecture=code_span(tables.architecture),
             dtype=escape_markdown(tables.source_dtype), source=code_span(render(display_name(tables.source)))))

# A wrapping row of content-wide metrics, not four equal columns: at 1,024 px a column is too narrow for a
# total such as 22,713,216, which Streamlit then cuts with an ellipsis.
metrics = st.container(horizontal=True, gap="medium")
metrics.metric("vocab_size", format_count(tables.vocab_size), width="content")
metrics.metric("d_model", format_count(tables.d_model), width="content")
context = tables.hyperparameters.get("n_positions")  # a rotary model's context length, from its config
if tables.n_positions:
    positions_value = format_count(tables.n_positions)
elif context:
    positions_value = t("overview.none_context", context=format_count(int(context)))
else:
    positions_value = t("overview.none")
metrics.metric("n_positions", positions_value, width="content", help=t("overview.n_positions_help"))
metrics.metric(t("overview.total_parameters"), render(format_count(tables.total_parameters)), width="content")

st.subheader(t("overview.parameters"))
shape, note = t(PARAMETER_COLUMNS["shape"]), t(PARAMETER_COLUMNS["note"])
st.dataframe(display_frame(parameter_frame(parameter_rows(spec_from_tables(tables))), PARAMETER_COLUMNS),
             hide_index=True, width="stretch",
             column_config={shape: st.column_config.TextColumn(width=120),
                            note: st.column_config.TextColumn(width="large")})

st.subheader(t("overview.tying"))
verdict = t("overview.tying_verdict", label=escape_markdown(render(tables.tying.label)),
            evidence=escape_markdown(render(tables.tying.evidence)))
if tables.tying.ambiguous or tables.tying.head_missing:
    st.warning(verdict)  # equal values and no flag (neither is shown), or a head the checkpoint lacks: no green
else:
    (st.success if tables.tying.is_tied else st.info)(verdict)
if tables.tying.config_note:
    st.warning(t("overview.note_sentence", note=escape_markdown(render(tables.tying.config_note))))

st.subheader(t("overview.positions"))
st.write(t("overview.position_line", kind=escape_markdown(render(POSITION_KIND_LABELS[tables.position_kind])),
           note=escape_markdown(render(tables.position_note))))

st.subheader(t("overview.norms"))
norm_frame = cached_token_norms(tables, tables.content_hash, len(tables.vocabulary))
st.altair_chart(row_norm_histogram_chart(norm_frame, title=""), width="stretch")
st.caption(render(describe_norms(norm_frame["norm"].to_numpy())))
unused = len(tables.unused_rows)
if unused:
    st.caption(t("overview.padding_rows", count=unused, first=tables.unused_rows.start,
                 last=tables.unused_rows.stop - 1))
for note in tables.notes:
    st.caption(t("overview.note", note=escape_markdown(render(note))))
