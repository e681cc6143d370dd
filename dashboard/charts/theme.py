"""The explorer's Altair theme (enabled on importing :mod:`dashboard.charts`) and subtitles that fit.

A y-axis title turned 90 degrees reads a syllable at a time in Korean, so y titles are drawn level, above the axis.
"""

from __future__ import annotations

import unicodedata
from typing import Sequence

import altair as alt

NAME = "embedding_explorer"
#: Width and height are the plot area; axes and legend are added around it (Streamlit's "fit" squeezes the plot).
PAD = alt.AutoSizeParams(type="pad", contains="padding")
#: Stretch to the container's width, keep the plot's height.
FIT_WIDTH = alt.AutoSizeParams(type="fit-x", contains="padding")
#: A left y axis's title: level, left-aligned at the axis line, its baseline ``titleY`` pixels above the plot.
LEVEL_Y_TITLE = {"titleAngle": 0, "titleAlign": "left", "titleBaseline": "bottom", "titleX": 0, "titleY": -8}


@alt.theme.register(NAME, enable=True)
def explorer_theme() -> alt.theme.ThemeConfig:
    """Altair's default theme with :data:`LEVEL_Y_TITLE` for every y axis."""
    return {"config": {"view": {"continuousWidth": 300, "continuousHeight": 300}, "axisY": dict(LEVEL_Y_TITLE)}}


#: Widest subtitle line, in columns (a wide character such as a Hangul syllable counts two): Vega-Lite cuts a
#: longer line with "…" instead of wrapping it, and 100 columns of its 10-pixel font fit a half-page chart.
SUBTITLE_COLUMNS = 100


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap_subtitle(lines: Sequence[str], columns: int = SUBTITLE_COLUMNS) -> list[str]:
    """Subtitle ``lines`` broken at spaces into lines of <= ``columns`` (wide characters: two; long words whole)."""
    wrapped: list[str] = []
    for line in lines:
        current = ""
        for word in line.split():
            joined = f"{current} {word}" if current else word
            if current and _columns(joined) > columns:
                wrapped.append(current)
                joined = word
            current = joined
        if current:
            wrapped.append(current)
    return wrapped
