"""What the token map, nearest neighbours and similarity pages share: the opening and the metric radio."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import streamlit as st

from dashboard.i18n import msg, render, t
from dashboard.markdown_text import escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.ui.loading import active_source, active_tables
from dashboard.ui.url_state import UrlParam, seed_widgets

#: Short radio labels of the similarity metrics (keys of analysis.neighbours.METRICS), as catalogue messages.
METRIC_LABELS = {"cosine": msg("table_pages.metric.cosine"), "dot": msg("table_pages.metric.dot"),
                 "centered": msg("table_pages.metric.centered")}


def open_table_page(title: str, caption: str, params: Sequence[UrlParam]) -> tuple[EmbeddingTables, str]:
    """Title the page ``title`` plus the active checkpoint's name, show ``caption`` (rendered) and seed the widgets of
    ``params`` from the link (ids for words where the checkpoint's rows are only numbered, and a note saying so);
    return ``(tables, source)``, or stop the page with the error shown."""
    tables = active_tables()
    st.title(t("table_pages.title", title=title, name=escape_markdown(tables.name)))
    st.caption(render(caption))
    seed_widgets(params, tables)
    return tables, active_source()


def metric_radio(container: Any, key: str, metrics: Mapping[str, str], help: str) -> None:
    """A horizontal radio over ``metrics`` (cosine, dot, centred cosine) in ``container``."""
    labels = {metric: render(METRIC_LABELS[metric]) for metric in metrics}  # in this run's language
    container.radio(t("table_pages.metric"), list(metrics), key=key, horizontal=True, format_func=labels.get,
                    help=render(help))
