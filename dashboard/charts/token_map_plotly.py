"""The 2D token map in WebGL: every row as one point of a plotly.js ``scattergl`` trace.

The figure is drawn by the Token map's own element
(:mod:`dashboard.ui.token_map_element`, fed :mod:`dashboard.charts.token_map_binary`),
or by ``st.plotly_chart`` where plotly.js cannot be served as a static file.
Why plotly.js and not deck.gl for 2D: a ``scattergl`` trace is drawn as one
non-instanced ``gl.POINTS`` draw, where deck.gl's ScatterplotLayer draws each
point as an instance of a quad; plotly.js also picks the point under the mouse
on the CPU, so hover and click work at 256,000 points in a browser without a
GPU (headless Chromium draws WebGL in software, SwiftShader), where a deck.gl
click on 30,522 points never completed; and it has box and lasso selection.
256,000 points took 8-9 s to draw with deck.gl and with ``st.plotly_chart``
on the 2-core machine, about 5-6.5 s with the element (docs/large-vocabularies.md).
Points keep their size in pixels when zoomed. 3D stays deck.gl
(:mod:`dashboard.charts.token_map_deck`): one rotatable ``OrbitView``.

What the browser receives is kept small: coordinates are float32 and each
point's id and norm one ``(n, 2)`` float32 ``customdata`` array (ids are exact
below 2**24, far above any vocabulary); the token is the point's ``text``.
(The element sends the arrays as raw bytes; ``st.plotly_chart`` as base64
typed arrays, ``{"dtype": "f4", "bdata": ...}``.)
A trace's colour and category are the trace's, not the point's: one trace
per colour class and token category, so neither travels with each point.

Hover text is plotly's pseudo-HTML: ``<``, ``>`` and ``&`` in a token are
written as entities, so a token such as ``<br>`` is shown as typed.
References: https://plotly.com/javascript/reference/scattergl/,
https://plotly.com/python/performance/ (WebGL, typed arrays).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np
import pandas as pd

from dashboard.charts.token_map import _FADED
from dashboard.charts.token_map_deck import (HIGHLIGHT_RADIUS, RADIUS, LegendEntry, colour_classes, norm_decimals,
                                             hover_tokens, short_category)
from dashboard.i18n import msg, render

#: Selection tools offered on the map (``st.plotly_chart``'s ``selection_mode``).
SELECTION_MODES = ("points", "box", "lasso")
#: Marker diameter in pixels: every point, and a highlighted one (the deck's radii, doubled).
POINT_SIZE, HIGHLIGHT_SIZE = 2 * RADIUS, 2 * HIGHLIGHT_RADIUS


@dataclass(frozen=True, eq=False)
class PlotlyMap:
    """A plotly figure of the token map and what the page needs to read its selections.

    Attributes:
        figure: the figure (a ``dict`` in plotly's JSON layout: ``data``, ``layout``).
        trace_ids: per trace, ``(n_points_in_trace,)`` int64 row ids in the order
            of its points, so that a selection's ``(curve_number, point_index)``
            names a row; empty for a legend entry.
        legend: the colours, in legend order, with their counts.
        drawn_ids: ``(n_points,)`` int64, sorted: every row drawn (what a selection may name).
    """

    figure: dict
    trace_ids: tuple[np.ndarray, ...]
    legend: tuple[LegendEntry, ...]
    drawn_ids: np.ndarray

    @property
    def n_points(self) -> int:
        """Points drawn (every row of the frame)."""
        return len(self.drawn_ids)


def escape_hover(text: str) -> str:
    """``text`` safe inside plotly's pseudo-HTML: ``&``, ``<`` and ``>`` as entities (shown as typed).

    Called for every token of a map: a text with none of the three (nearly all) is returned as it is, which
    takes a third of ``html.escape``'s time.
    """
    return html.escape(text, quote=False) if "&" in text or "<" in text or ">" in text else text


def hover_template(category: str, norm_digits: int) -> str:
    """The hover text of a point of a trace of ``category``: token, ``id N · category``, norm (active language).

    ``%{text}`` is the token, ``%{customdata[0]}`` the id and ``%{customdata[1]}``
    the norm (shown with ``norm_digits`` decimals), both written by :func:`token_map_plotly`.
    """
    return (f"<b>%{{text}}</b><br>id %{{customdata[0]:d}} · {escape_hover(category)}<br>"
            f"{escape_hover(render(msg('chart.token_map_deck.tip.norm')))} %{{customdata[1]:.{norm_digits}f}}"
            "<extra></extra>")


def token_map_plotly(frame: pd.DataFrame, *, color_by: str = "category", axis_titles: tuple[str, str] = ("", ""),
                     legend_title: str = "", height: int = 560) -> PlotlyMap:
    """The 2D token map as a plotly figure of ``scattergl`` traces: every row of ``frame`` one point.

    Args:
        frame: from :func:`dashboard.analysis.token_map.token_map_frame`, 2D:
            columns ``id, token, category, norm, highlighted, label, x, y``;
            ``n`` rows, coordinates float32 in projection units.
        color_by: ``category``, ``norm`` or ``id`` (norm and id in 8 bands, as the 3D deck).
        axis_titles: the x and y axis titles.
        legend_title: the legend's title (what the colours are).
        height: height of the chart in pixels.

    Returns:
        A :class:`PlotlyMap`. Traces: first one legend entry per colour class
        (one point at NaN, in the class's colour even where its points are faded),
        then one per (colour class, token category) present, the largest
        first, grouped with their entry (a click on an entry hides or shows
        the class); with highlighted rows the
        others faded and the highlighted ones larger, on top; the first
        highlighted tokens (``label``) written beside their points, as layout
        annotations. The x and
        y axes have one scale (the map keeps its shape).

    Raises:
        ValueError: ``color_by`` is unknown, ``frame`` is empty or has a ``z`` column.
    """
    if frame.empty:
        raise ValueError("the token map needs at least one point")
    if "z" in frame:
        raise ValueError("the plotly token map is 2D; draw a 3D map with token_map_deck")
    classes, legend = colour_classes(frame, color_by)
    categories, present = pd.factorize(frame["category"].astype(str), sort=True)
    present = [str(c) for c in present]
    coords = frame[["x", "y"]].to_numpy(np.float32)
    ids = frame["id"].to_numpy(np.int64)
    norm_values = frame["norm"].to_numpy(np.float64)
    digits = norm_decimals(norm_values)
    customdata = np.column_stack([ids, norm_values]).astype(np.float32)
    tokens = np.array([escape_hover(token) for token in hover_tokens(frame["token"].astype(str).tolist())],
                      dtype=object)
    highlighted = frame["highlighted"].to_numpy(bool)
    any_highlighted = bool(highlighted.any())

    traces: list[dict] = []
    trace_ids: list[np.ndarray] = []

    def add(rows: np.ndarray, k: int, category: int, colour: str, size: int) -> None:
        traces.append({
            "type": "scattergl", "mode": "markers", "x": coords[rows, 0], "y": coords[rows, 1],
            "text": tokens[rows].tolist(), "customdata": customdata[rows],
            "hovertemplate": hover_template(short_category(present[category]), digits),
            "marker": {"color": colour, "size": size, "line": {"width": 0}},
            "name": f"{legend[k].label} ({legend[k].count:,})", "legendgroup": f"class-{k}", "showlegend": False,
        })
        trace_ids.append(ids[rows])

    # The largest colour first, so that the rarer ones (specials, numbers) are drawn on top of it.
    order = sorted(range(len(legend)), key=lambda k: -legend[k].count)
    # The legend: one entry per colour class in its own colour. plotly.js leaves a trace with no points out of
    # the legend, so each has one point at NaN, which is never drawn, hovered or selected.
    for k in order:
        nowhere = np.full(1, np.nan, np.float32)
        traces.append({"type": "scattergl", "mode": "markers", "x": nowhere, "y": nowhere, "text": [],
                       "customdata": np.full((1, 2), np.nan, np.float32), "hoverinfo": "skip",
                       "marker": {"color": legend[k].colour, "size": POINT_SIZE, "line": {"width": 0}},
                       "name": f"{legend[k].label} ({legend[k].count:,})", "legendgroup": f"class-{k}",
                       "showlegend": True})
        trace_ids.append(np.zeros(0, np.int64))
    for k in order:
        for category in range(len(present)):
            rows = np.flatnonzero((classes == k) & (categories == category) & ~highlighted)
            if len(rows):
                add(rows, k, category, _FADED if any_highlighted else legend[k].colour, POINT_SIZE)
    for k in order:
        for category in range(len(present)):
            rows = np.flatnonzero((classes == k) & (categories == category) & highlighted)
            if len(rows):
                add(rows, k, category, legend[k].colour, HIGHLIGHT_SIZE)
    # Labels are annotations, not a text trace: plotly.js draws WebGL traces above its SVG traces, and
    # annotations above both.
    labelled = np.flatnonzero(frame["label"].to_numpy(object) != "")
    label_texts = frame["label"].to_numpy(object)
    annotations = [{"x": float(coords[i, 0]), "y": float(coords[i, 1]), "text": escape_hover(str(label_texts[i])),
                    "showarrow": False, "xanchor": "left", "xshift": HIGHLIGHT_SIZE // 2 + 2,
                    "font": {"size": 12, "color": "#000000"}} for i in labelled]
    layout = {
        "height": height, "margin": {"l": 64, "r": 10, "t": 10, "b": 100}, "hovermode": "closest",
        "dragmode": "pan", "uirevision": "token-map",
        "xaxis": {"title": {"text": escape_hover(axis_titles[0])}, "zeroline": False, "showgrid": False,
                  },
        "yaxis": {"title": {"text": escape_hover(axis_titles[1])}, "zeroline": False, "showgrid": False,
                  "scaleanchor": "x", "scaleratio": 1, },
        # Below the whole figure (the container), so that it never covers the x axis's title.
        "legend": {"title": {"text": escape_hover(legend_title)}, "orientation": "h", "yref": "container",
                   "yanchor": "bottom", "y": 0, "x": 0, "itemsizing": "constant", "groupclick": "togglegroup"},
        "annotations": annotations,
        "plot_bgcolor": "#ffffff", "paper_bgcolor": "#ffffff",
    }
    return PlotlyMap({"data": traces, "layout": layout}, tuple(trace_ids), tuple(legend[k] for k in order),
                     np.sort(ids))


def selected_rows(selection: dict, plotly_map: PlotlyMap) -> np.ndarray:
    """Row ids of the points in ``st.plotly_chart``'s selection state (clicked, boxed or lassoed).

    Args:
        selection: the event's ``selection`` (``{"points": [{"curve_number", "point_index", ...}], ...}``).
        plotly_map: the map the selection was made on.

    Returns:
        ``(n_selected,)`` int64, sorted and unique; points of unknown traces or
        out-of-range indices (a selection kept from another figure) are left out.
    """
    ids = []
    for point in (selection or {}).get("points", []) or []:
        curve, index = point.get("curve_number"), point.get("point_index", point.get("point_number"))
        if not isinstance(curve, int) or not isinstance(index, int) or not 0 <= curve < len(plotly_map.trace_ids):
            continue
        rows = plotly_map.trace_ids[curve]
        if 0 <= index < len(rows):
            ids.append(int(rows[index]))
    return np.unique(np.asarray(ids, np.int64))
