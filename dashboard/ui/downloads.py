"""Download buttons for charts and tables; files are built only when clicked."""

from __future__ import annotations

import threading
from typing import Callable

import altair as alt
import streamlit as st

from dashboard.exports import IMAGE_FORMATS, chart_spec, spec_image
from dashboard.i18n import render, t

try:
    # Streamlit guards Altair's process-global data transformer with this lock; exporting takes it too.
    from streamlit.elements.vega_charts import _altair_globals_lock as _ALTAIR_LOCK
except ImportError:  # a Streamlit without it: keep our own exports from racing each other at least
    _ALTAIR_LOCK = threading.RLock()


def export_spec(chart: alt.TopLevelMixin) -> dict:
    """The chart's spec with inline data, safe to call beside a serving Streamlit."""
    with _ALTAIR_LOCK:
        return chart_spec(chart)


def chart_download_buttons(chart: alt.TopLevelMixin, stem: str, key: str) -> None:
    """PNG and SVG download buttons for ``chart``, side by side, saving ``<stem>.png`` and ``<stem>.svg``; ``key`` is a
    widget-key prefix unique on the page."""
    columns = st.columns(len(IMAGE_FORMATS))
    for column, (fmt, mime) in zip(columns, IMAGE_FORMATS.items()):
        column.download_button(t("downloads.chart_as", format=fmt.upper()), data=_renderer(chart, fmt), file_name=f"{stem}.{fmt}",
                               mime=mime, key=f"{key}_{fmt}", on_click="ignore", icon=":material/image:")


def _renderer(chart: alt.TopLevelMixin, fmt: str) -> Callable[[], bytes]:
    return lambda: spec_image(export_spec(chart), fmt)


def file_download_button(label: str, data: Callable[[], bytes] | bytes, file_name: str, mime: str, key: str) -> None:
    """One download button; ``data`` may be a function, run only when clicked; ``label`` as the reader reads it."""
    st.download_button(render(label), data=data, file_name=file_name, mime=mime, key=key, on_click="ignore",
                       icon=":material/download:")
