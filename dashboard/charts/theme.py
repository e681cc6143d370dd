"""The explorer's Altair theme (vertical-axis titles drawn level, above the axis) and subtitles that fit.

A y-axis title turned 90 degrees reads a syllable at a time in Korean; a level title above the axis reads the same
in both languages. Registered and enabled when :mod:`dashboard.charts` is imported, so every chart (and its
PNG/SVG export) carries it in ``chart.to_dict()["config"]``.
"""

from __future__ import annotations

import unicodedata
from typing import Sequence

import altair as alt

NAME = "embedding_explorer"
#: Width and height are the plot area; axes and legend are added around it
#: (Streamlit's default "fit" would squeeze the plot to make room for them).
PAD = alt.AutoSizeParams(type="pad", contains="padding")
#: Stretch to the container's width, keep the plot's height.
FIT_WIDTH = alt.AutoSizeParams(type="fit-x", contains="padding")
#: Axis settings of a left y axis: the title level, left-aligned at the axis line, its baseline this many
#: pixels above the plot's top edge.
LEVEL_Y_TITLE = {"titleAngle": 0, "titleAlign": "left", "titleBaseline": "bottom", "titleX": 0, "titleY": -8}


@alt.theme.register(NAME, enable=True)
def explorer_theme() -> alt.theme.ThemeConfig:
    """Altair's default theme with :data:`LEVEL_Y_TITLE` for every y axis."""
    return {"config": {"view": {"continuousWidth": 300, "continuousHeight": 300}, "axisY": dict(LEVEL_Y_TITLE)}}


#: Widest subtitle line, in columns (a Hangul syllable or other wide character takes two). Vega-Lite cuts a
#: title's line at the chart's width with "…" and never wraps it; at its 10-pixel subtitle font a Latin
#: character is about 5 pixels wide and a syllable about 10, so 100 columns fit a half-page chart (about 500
#: pixels).
SUBTITLE_COLUMNS = 100


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap_subtitle(lines: Sequence[str], columns: int = SUBTITLE_COLUMNS) -> list[str]:
    """Subtitle ``lines`` broken at spaces into lines of at most ``columns`` (a longer word stays whole).

    Args:
        lines: the subtitle's lines, each any length.
        columns: the widest line, wide characters counting two.

    Returns:
        The same words in the same order, one string per drawn line; empty lines are dropped.
    """
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
