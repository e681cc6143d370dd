"""The token map: one point per drawn row, in 2D or as three linked 2D views of 3D.

3D is drawn as the three axis-aligned views (x-y, x-z, y-z), two to a row,
rather than as a rotating point cloud: every point stays readable with the
same tooltip, colour and search highlighting as in 2D, the chart exports to
PNG/SVG like any other, and clicking a point marks the same token in all
three views, which a single rotating view cannot show at once.
"""

from __future__ import annotations

import json
import warnings
from typing import Mapping, Sequence

import altair as alt
import numpy as np
import pandas as pd

from dashboard.analysis.token_categories import CATEGORIES
from dashboard.charts.theme import wrap_subtitle
from dashboard.i18n import msg, render

#: Fixed colour per category, so a category keeps its colour across views.
CATEGORY_COLOURS = {
    "padding row": "#bdbdbd",
    "reserved token": "#bcbd22",
    "special": "#000000",
    "byte": "#8c564b",
    "number": "#ff7f0e",
    "punctuation": "#9467bd",
    "non-Latin script": "#2ca02c",
    "word piece": "#d62728",
    "whole word": "#1f77b4",
    "unknown": "#7f7f7f",
}
#: Colouring choices: frame column -> legend title (a :class:`~dashboard.i18n.Text`, English as a ``str``).
COLOUR_FIELDS = {"category": msg("chart.token_map.colour.category"), "norm": msg("chart.token_map.colour.norm"),
                 "id": msg("chart.token_map.colour.id")}
#: Token category (a data value, English in every language) -> its name for readers.
CATEGORY_LABELS = {category: msg(f"chart.token_map.category.{category.replace(' ', '_')}") for category in CATEGORIES}
_FADED = "#dddddd"
#: Name of a 2D map's box selection (shift + drag), the key of ``st.altair_chart``'s selection state.
BOX_SELECTION = "boxed"
# A plain drag pans (the zoom binding); a drag with Shift held draws the box instead.
# Pointer events (Vega-Lite's own defaults), so a touch or pen drag pans too.
_PAN_DRAG = "[pointerdown[!event.shiftKey], window:pointerup] > window:pointermove!"
_BOX_DRAG = "[pointerdown[event.shiftKey], window:pointerup] > window:pointermove!"


def category_label(category: str) -> str:
    """The name of token category ``category`` in the active language (the value itself when unknown)."""
    label = CATEGORY_LABELS.get(category)
    return render(label) if label is not None else category


def find_rows_in_box(selection: Mapping | None, coords: np.ndarray) -> np.ndarray:
    """Row ids inside the box drawn on a 2D map (Shift + drag), from ``st.altair_chart``'s selection state.

    Every row whose coordinates lie in the box counts, also one a sampled
    map leaves undrawn: the box is a region of the map, not a set of marks.

    Args:
        selection: the event's ``selection`` (a mapping, or ``None``);
            :data:`BOX_SELECTION` holds ``{"x": [a, b], "y": [c, d]}`` in map
            units, either end first (Vega-Lite's interval selection, keyed by
            field), or nothing while no box is drawn.
        coords: ``(n_rows, 2)`` float32 or float64 map coordinates (map units);
            rows with NaN (not placed) are never inside.

    Returns:
        ``(n_inside,)`` int64 row ids, sorted; empty without a box. Edges count as inside.
    """
    box = (selection or {}).get(BOX_SELECTION) or {}
    try:
        (x0, x1), (y0, y1) = (sorted(float(v) for v in box[axis]) for axis in ("x", "y"))
    except (KeyError, TypeError, ValueError):  # no box, or one not over both axes
        return np.zeros(0, np.int64)
    x, y = coords[:, 0], coords[:, 1]
    return np.flatnonzero((x >= x0) & (x <= x1) & (y >= y0) & (y <= y1)).astype(np.int64)


def _js(text: str) -> str:
    """``text`` as a string literal of a Vega expression (JSON's string syntax is JavaScript's)."""
    return json.dumps(text, ensure_ascii=False)


def _category_expr(field: str) -> str | None:
    """A Vega expression naming ``datum[field]``'s category in the active language; ``None`` when names are values.

    The frame and the colour scale keep the English category values (tests,
    CSV, the colour of each category); only what is shown is translated.
    """
    pairs = [(category, category_label(category)) for category in CATEGORIES]
    if all(category == label for category, label in pairs):
        return None
    expression = f"datum[{_js(field)}]"
    for category, label in reversed(pairs):
        expression = f"datum[{_js(field)}] === {_js(category)} ? {_js(label)} : {expression}"
    return expression


def _colour(frame: pd.DataFrame, color_by: str, title: str | None) -> alt.Color:
    if color_by == "category":
        present = [c for c in CATEGORIES if (frame["category"] == c).any()]  # legend lists only what is drawn
        names = _category_expr("label")
        return alt.Color("category:N", title=title or render(COLOUR_FIELDS["category"]),
                         scale=alt.Scale(domain=present, range=[CATEGORY_COLOURS[c] for c in present]),
                         **({"legend": alt.Legend(labelExpr=names)} if names else {}))
    if color_by in ("norm", "id"):
        return alt.Color(f"{color_by}:Q", title=title or render(COLOUR_FIELDS[color_by]),
                         scale=alt.Scale(scheme="viridis"))
    raise ValueError(f"unknown colouring {color_by!r}; expected one of {sorted(COLOUR_FIELDS)}")


def _tooltip(frame: pd.DataFrame, category_field: str = "category") -> list[alt.Tooltip]:
    tips = [alt.Tooltip("token:N", title=render(msg("chart.token_map.tip.token"))),
            alt.Tooltip("raw:N", title=render(msg("chart.token_map.tip.raw"))),
            alt.Tooltip("id:Q", title="id"),
            alt.Tooltip("norm:Q", title=render(msg("chart.token_map.tip.norm")), format=".3f"),
            alt.Tooltip(f"{category_field}:N", title=render(msg("chart.token_map.tip.category")))]
    return tips + [alt.Tooltip(f"{axis}:Q", format=".3f") for axis in "xyz" if axis in frame]


def _panel(base: alt.Chart, x: str, y: str, titles: dict[str, str], colour: alt.Color, highlighting: bool,
           pick: alt.Parameter | None, width: int | str, height: int) -> alt.LayerChart:
    colour_rule = alt.condition("datum.highlighted", colour, alt.value(_FADED)) if highlighting else colour
    stroke = alt.condition(pick, alt.value("black"), alt.value(None)) if pick is not None else alt.value(None)
    names = _category_expr("category")  # the tooltip names the category in the reader's language
    shown = base.transform_calculate(category_shown=names) if names else base
    points = shown.mark_circle(opacity=0.75, strokeWidth=2).encode(
        x=alt.X(f"{x}:Q", title=titles[x], scale=alt.Scale(zero=False)),
        y=alt.Y(f"{y}:Q", title=titles[y], scale=alt.Scale(zero=False)),
        color=colour_rule,
        size=alt.condition("datum.highlighted", alt.value(60), alt.value(12)) if highlighting else alt.value(12),
        order=alt.Order("highlighted:Q"),  # highlighted points on top
        stroke=stroke,
        tooltip=_tooltip(base.data, "category_shown" if names else "category"),
    )
    # each view zooms on its own; a bound interval pans with its `translate` events
    zoom = alt.selection_interval(bind="scales", name=f"zoom_{x}{y}", translate=_PAN_DRAG)
    if pick is None:  # 2D: Shift + drag selects a box (Vega-Lite's interval selection, in data units)
        box = alt.selection_interval(name=BOX_SELECTION, encodings=["x", "y"], on=_BOX_DRAG, translate=False,
                                     zoom=False, empty=False,
                                     mark=alt.BrushConfig(fill="#333333", fillOpacity=0.08, stroke="#222222",
                                                          strokeDash=[4, 3], strokeWidth=1.5))
        points = points.add_params(zoom, box)
    else:
        points = points.add_params(zoom, pick)
    labels = base.transform_filter("datum.label != ''").mark_text(
        align="left", dx=6, dy=-4, fontSize=11, fontWeight="bold").encode(
        x=f"{x}:Q", y=f"{y}:Q", text="label:N")
    return alt.layer(points, labels).properties(width=width, height=height)


def token_map_chart(frame: pd.DataFrame, *, axis_titles: Sequence[str], color_by: str = "category",
                    title: str | None = None, subtitle: Sequence[str] = (), color_title: str | None = None,
                    width: int | str = "container", height: int = 560) -> alt.LayerChart | alt.ConcatChart:
    """A scatter map of projected rows.

    Args:
        frame: from :func:`dashboard.analysis.token_map.token_map_frame`:
            columns ``id, token, raw, category, norm, highlighted, label, x, y``
            and ``z`` for 3D.
        axis_titles: one title per coordinate (``PC1 (4.1% of variance)``, ``UMAP 1``).
        color_by: a key of :data:`COLOUR_FIELDS`.
        title: chart title (default: "Token map" in the active language).
        subtitle: lines under the title (what is drawn, method, versions);
            they travel with an exported PNG/SVG.
        color_title: legend title instead of the default.
        width: width of a 2D chart (``container`` fills the page).
        height: height in pixels.

    Returns:
        2D: one layered chart (points, labels of highlighted tokens), zoom and
        pan with the mouse; Shift + drag draws a box, the selection
        :data:`BOX_SELECTION` (``{"x": [low, high], "y": [low, high]}`` in
        map coordinates in ``st.altair_chart``'s selection state). 3D: three such views (x-y, x-z, y-z), two to a
        row; clicking a point outlines that token in all three.
    """
    highlighting = bool(frame["highlighted"].any())
    base = alt.Chart(frame)
    colour = _colour(frame, color_by, color_title)
    titles = dict(zip("xyz", axis_titles))
    heading = alt.TitleParams(title or render(msg("chart.token_map.title")), subtitle=wrap_subtitle(subtitle),
                              anchor="start")
    if "z" not in frame:
        # fit-x: fill the page's width, keep the plot `height` pixels tall (Streamlit's default "fit"
        # would squeeze title, axes and legend into `height`)
        return _panel(base, "x", "y", titles, colour, highlighting, None, width, height).properties(
            title=heading, autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
    pick = alt.selection_point(fields=["id"], on="click", clear="dblclick", empty=False, name="picked")
    # Two views to a row: three side by side (about 1,080 px with their axes) ran past the page's main
    # column in a 1,400-pixel window; two fit it down to about 1,150 px.
    side = max(220, height // 2)
    panels = [_panel(base, a, b, titles, colour, highlighting, pick, side, side)
              for a, b in (("x", "y"), ("x", "z"), ("y", "z"))]
    with warnings.catch_warnings():
        # One click selection shared by the three views is the point; Altair
        # merges the identical copies into one parameter and warns that it did.
        warnings.filterwarnings("ignore", message="Automatically deduplicated selection parameter")
        combined = alt.concat(*panels, columns=2)
    return (combined.properties(title=heading, autosize=alt.AutoSizeParams(type="pad", contains="padding"))
            .resolve_scale(color="shared")
            .configure_legend(orient="bottom"))  # beside the views it would widen the chart
