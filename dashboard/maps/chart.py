"""The token map as one plotly figure: every placed row a point, in 2D (``scattergl``) or 3D (``scatter3d``).

The page draws it with the token map component (:mod:`dashboard.maps.wire` splits it into Arrow
points and JSON; plotly.js in the browser, WebGL: hover, click, box and lasso selection in 2D, rotation and click
in 3D, the modebar's PNG download), and the HTML export is the same figure written by ``fig.to_html`` with
plotly.js inside (there plotly writes each numpy array as a base64 typed array).

What the browser receives is kept small:

- coordinates are ``uint16`` steps of one grid, :data:`GRID` steps over the map's widest axis and the same
  step on every axis (the map keeps its shape). A step is 1/65,535 of the map, finer than a pixel until the
  map is zoomed about 50 times. The axes a reader sees are in projection units: in 2D a second pair of
  axes lies over the grid's hidden ones (plotly zooms and pans overlaid axes together); in 3D, whose axes
  keep their range when the camera zooms, the ticks are written at round projection values;
- each point's id and norm are one ``(n, 2)`` float32 ``customdata`` row (ids are exact below 2**24), its
  token the point's ``text``;
- a point's category is its trace's: one trace per category (its hover template names it), so no category
  travels with each point. Coloured by category, the trace's colour is the category's; by norm or id, each
  point carries a ``uint8`` step of a continuous scale (256 colours).

Hover text is plotly's pseudo-HTML: ``<``, ``>`` and ``&`` in a token are written as entities, so a token
such as ``<br>`` is shown as typed. References: https://plotly.com/javascript/reference/scattergl/,
https://plotly.com/python/performance/ (WebGL, typed arrays), https://plotly.com/python/multiple-axes/.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import numpy as np

from dashboard.analysis.token_categories import CATEGORIES, category_label
from dashboard.charts.theme import wrap_subtitle
from dashboard.i18n import msg, render

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go

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
#: The colour of the rows that are not highlighted while some are.
FADED = "#dddddd"
#: Steps of the coordinate grid over the map's widest axis (``uint16``).
GRID = 65_535
#: Marker diameter in pixels, of every point and of a highlighted one; 3D markers are drawn smaller.
POINT_SIZE, HIGHLIGHT_SIZE = 4, 10
#: Characters of a token shown in the hover text; a longer one (a Projector label can be a sentence) is cut
#: and says its length, so the label stays beside the point.
HOVER_CHARS = 60
#: Steps (``uint8``) of the continuous colour scale (viridis) of norm and id.
COLOUR_STEPS = 255
#: Blank space around the points, as a share of each axis's extent.
_MARGIN = 0.03


def escape_hover(text: str) -> str:
    """``text`` safe inside plotly's pseudo-HTML: ``&``, ``<`` and ``>`` as entities (shown as typed); a text with
    none of them (nearly every token) is returned as it is, in a third of ``html.escape``'s time."""
    return html.escape(text, quote=False) if "&" in text or "<" in text or ">" in text else text


def hover_tokens(tokens: Sequence[str]) -> list[str]:
    """``tokens`` as the hover shows them: one over :data:`HOVER_CHARS` characters is cut, then escaped.

    A cut token keeps its first ``HOVER_CHARS - 1`` characters, then ``…`` and its length
    (``… (1,024 characters)``, in the active language); the token itself never passes through the
    catalogue (whose Korean particle rules would rewrite a ``이(가)`` in it). The selection table and
    downloads list the whole token.
    """
    return [escape_hover(token if len(token) <= HOVER_CHARS else
                         token[:HOVER_CHARS - 1] + render(msg("chart.token_map.tip.cut", count=len(token))))
            for token in tokens]


def norm_decimals(norms: np.ndarray) -> int:
    """Decimals that give the median finite norm three significant digits (0.0488 -> 4, 1.23 -> 2, 15.2 -> 1).

    Args:
        norms: ``(n,)`` L2 norms; infinite or NaN norms (a float16 overflow) are left out.

    Returns:
        0 to about 40 decimals; 3 when no norm is finite and positive.
    """
    finite = np.abs(norms[np.isfinite(norms)]) if len(norms) else np.zeros(0)
    median = float(np.median(finite)) if len(finite) else 0.0
    return max(0, 2 - math.floor(math.log10(median))) if median > 0 else 3


def hover_template(category: str, norm_digits: int) -> str:
    """The hover text of a point of a trace of ``category``: token, ``id N · category``, norm (active language).

    ``%{text}`` is the token, ``%{customdata[0]}`` the id and ``%{customdata[1]}`` the norm (shown with
    ``norm_digits`` decimals).
    """
    return (f"<b>%{{text}}</b><br>id %{{customdata[0]:d}} · {escape_hover(category)}<br>"
            f"{escape_hover(render(msg('chart.token_map.tip.norm')))} %{{customdata[1]:.{norm_digits}f}}"
            "<extra></extra>")


def nice_ticks(low: float, high: float, count: int = 6) -> np.ndarray:
    """About ``count`` round values (1, 2 or 5 times a power of ten apart) in ``[low, high]``, ascending."""
    if not high > low:
        return np.array([low])
    raw = (high - low) / count
    power = 10.0 ** math.floor(math.log10(raw))
    step = min((f * power for f in (1, 2, 5, 10)), key=lambda step: abs((high - low) / step - count))
    return np.arange(math.ceil(low / step), math.floor(high / step) + 1) * step


def tick_text(values: np.ndarray) -> list[str]:
    """``values`` (from :func:`nice_ticks`) written with the decimals their spacing needs (``0.05`` -> 2)."""
    step = float(values[1] - values[0]) if len(values) > 1 else abs(float(values[0])) or 1.0
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    return [f"{value:.{decimals}f}".replace("-", "\u2212") for value in values]


@dataclass(frozen=True)
class Grid:
    """The coordinate grid: a projection value ``v`` on axis ``a`` is at step ``(v - low[a]) / step``."""

    low: np.ndarray
    step: float

    def steps(self, coords: np.ndarray) -> np.ndarray:
        """``(n, dims)`` coordinates as ``uint16`` grid steps."""
        return np.rint((coords - self.low) / self.step).astype(np.uint16)

    def value(self, axis: int, steps: np.ndarray | float) -> np.ndarray | float:
        """Grid steps on ``axis`` as projection values."""
        return self.low[axis] + np.asarray(steps, np.float64) * self.step


def coordinate_grid(coords: np.ndarray) -> Grid:
    """The grid of ``(n, dims)`` finite coordinates: :data:`GRID` steps over the widest axis's extent."""
    low = coords.min(axis=0).astype(np.float64)
    span = float((coords.max(axis=0) - low).max())
    return Grid(low, span / GRID if span > 0 else 1.0)


@dataclass(frozen=True, eq=False)
class TokenMap:
    """A token map's figure and the row id of each of its points.

    Attributes:
        figure: the figure.
        trace_ids: per trace, ``(n_points_in_trace,)`` int64 row ids in the order of its points, so that a
            selection's ``(curve_number, point_index)`` names a row; empty for a trace without points (a
            legend entry, the axes).
        n_points: points drawn (every row of the frame).
    """

    figure: go.Figure
    trace_ids: tuple[np.ndarray, ...]
    n_points: int


def _colour_steps(values: np.ndarray) -> tuple[np.ndarray, float, float]:
    """``values`` as ``uint8`` steps ``0..COLOUR_STEPS`` of the continuous scale, and the values at its ends."""
    low, high = float(np.nanmin(values)), float(np.nanmax(values))
    scaled = (values - low) / (high - low) * COLOUR_STEPS if high > low else np.zeros(len(values))
    return np.rint(np.nan_to_num(scaled)).astype(np.uint8), low, high


def token_map_figure(frame: pd.DataFrame, *, color_by: str = "category", axis_titles: Sequence[str] = ("", "", ""),
                     legend_title: str = "", title: str = "", subtitle: Sequence[str] = (),
                     height: int | None = None) -> TokenMap:
    """The token map of ``frame`` as a plotly figure: every row one point.

    Args:
        frame: from :func:`dashboard.maps.frame.token_map_frame`: columns ``id, token, category, norm,
            highlighted, label, x, y`` and ``z`` for 3D; ``n >= 1`` rows, finite coordinates in projection units.
        color_by: ``category`` (a colour and a legend entry each), ``norm`` or ``id`` (a continuous scale).
        axis_titles: a title per coordinate.
        legend_title: the legend's or colour bar's title (what the colours are).
        title: the figure's title; ``subtitle``: lines under it, broken at spaces where long (they travel with the
            PNG and the HTML).
        height: in pixels (default 620 for 2D, 680 for 3D).

    Returns:
        A :class:`TokenMap`. Traces: one legend entry per category present (no points, in the category's
        colour), then one trace of points per category, the largest first; with highlighted rows the others
        faded and the highlighted ones larger and outlined, in traces of their own on top, the first of them
        labelled (``label``). 2D traces are ``scattergl`` on hidden grid axes ``x``/``y`` (box and lasso
        selection, one scale for both axes), with the visible axes ``x2``/``y2`` over them; 3D traces are
        ``scatter3d`` in one rotatable scene.

    Raises:
        ValueError: ``color_by`` is unknown, or ``frame`` is empty.
    """
    import pandas as pd
    import plotly.graph_objects as go

    if color_by not in COLOUR_FIELDS:
        raise ValueError(f"unknown colouring {color_by!r}; expected one of {sorted(COLOUR_FIELDS)}")
    if frame.empty:
        raise ValueError("the token map needs at least one point")
    dims = 3 if "z" in frame else 2
    coords = frame[list("xyz"[:dims])].to_numpy(np.float64)
    grid = coordinate_grid(coords)
    steps = grid.steps(coords)
    ids = frame["id"].to_numpy(np.int64)
    norms = frame["norm"].to_numpy(np.float64)
    customdata = np.column_stack([ids, norms]).astype(np.float32)
    # A fixed-width string array, not a list: plotly copies and walks a list of 256,000 strings item by item
    # when it validates the trace, an array in one piece.
    tokens = np.array(hover_tokens(frame["token"].astype(str).tolist()), dtype=str)
    highlighted = frame["highlighted"].to_numpy(bool)
    faded = bool(highlighted.any())
    codes, found = pd.factorize(frame["category"].astype(str))
    found = [str(category) for category in found]
    present = [c for c in CATEGORIES if c in found] + sorted(set(found) - set(CATEGORIES))
    counts = {category: int((codes == found.index(category)).sum()) for category in present}
    present.sort(key=lambda category: -counts[category])  # the largest first: the rarer are drawn over it
    digits = norm_decimals(norms)
    if color_by != "category":
        colour_steps, colour_low, colour_high = _colour_steps(frame[color_by].to_numpy(np.float64))

    traces: list = []
    trace_ids: list[np.ndarray] = []
    scatter = go.Scattergl if dims == 2 else go.Scatter3d
    shrink = 1.0 if dims == 2 else 0.6  # a 3D marker of the same size looks larger

    def points(rows: np.ndarray, category: str, on_top: bool) -> None:
        colour = CATEGORY_COLOURS.get(category, "#1f77b4")
        marker: dict = {"size": (HIGHLIGHT_SIZE if on_top else POINT_SIZE) * shrink}
        if faded and not on_top:
            marker["color"] = FADED
        elif color_by == "category":
            marker["color"] = colour
        else:
            marker.update(color=colour_steps[rows], colorscale="Viridis", cmin=0, cmax=COLOUR_STEPS)
        if dims == 2:  # scatter3d draws a marker's outline as loose strokes: a 3D highlight is only larger
            marker["line"] = {"width": 1, "color": "#000000"} if on_top else {"width": 0}
        axes = {key: steps[rows, axis] for axis, key in enumerate("xyz"[:dims])}
        traces.append(scatter(
            **axes, mode="markers", text=tokens[rows], customdata=customdata[rows],
            hovertemplate=hover_template(category_label(category), digits), marker=marker,
            name=f"{category_label(category)} ({counts[category]:,})", legendgroup=category, showlegend=False))
        trace_ids.append(ids[rows])

    nowhere = {key: [None] for key in "xyz"[:dims]}
    if color_by == "category":  # the legend: an entry per category in its colour, also while its points are faded
        for category in present:
            traces.append(scatter(**nowhere, mode="markers", hoverinfo="skip", legendgroup=category,
                                  marker={"color": CATEGORY_COLOURS.get(category, "#1f77b4"), "size": POINT_SIZE},
                                  name=f"{category_label(category)} ({counts[category]:,})", showlegend=True))
            trace_ids.append(np.zeros(0, np.int64))
    for on_top in (False, True):
        for category in present:
            rows = np.flatnonzero((codes == found.index(category)) & (highlighted == on_top))
            if len(rows):
                points(rows, category, on_top)
    if color_by != "category":  # one colour bar, in the coloured values' units, on the first coloured trace
        first = next((trace for trace in traces if not isinstance(trace.marker.color, str)), None)
        if first is not None:
            ticks = nice_ticks(colour_low, colour_high, 5)
            spread = colour_high - colour_low
            where = (ticks - colour_low) / spread * COLOUR_STEPS if spread > 0 else np.zeros(len(ticks))
            first.marker.update(showscale=True, colorbar={
                "title": {"text": escape_hover(legend_title)}, "tickvals": where.tolist(),
                "ticktext": [f"{tick:,.0f}" for tick in ticks] if color_by == "id" else tick_text(ticks)})

    labelled = np.flatnonzero(frame["label"].to_numpy(object) != "")
    label_texts = frame["label"].to_numpy(object)
    annotations = [{**{key: int(steps[i, axis]) for axis, key in enumerate("xyz"[:dims])},
                    "text": escape_hover(str(label_texts[i])), "showarrow": False, "xanchor": "left",
                    "xshift": HIGHLIGHT_SIZE // 2 + 2, "font": {"size": 12, "color": "#000000"}} for i in labelled]
    subtitle = wrap_subtitle(subtitle)  # plotly never breaks a line: a long one would run out of the figure
    layout = {
        "height": height or (620 if dims == 2 else 680), "hovermode": "closest", "uirevision": "token-map",
        "title": {"text": escape_hover(title), "x": 0, "xanchor": "left", "xref": "paper", "yref": "container",
                  "y": 1, "yanchor": "top", "pad": {"t": 12},
                  **({"subtitle": {"text": "<br>".join(escape_hover(line) for line in subtitle)}} if subtitle else {})},
        # room for the title and subtitle above the plot, and for the legend below it
        "margin": {"l": 70, "r": 20, "t": 72 + 16 * len(subtitle), "b": 110 if color_by == "category" else 60},
        "legend": {"title": {"text": escape_hover(legend_title)}, "orientation": "h", "yref": "container",
                   "yanchor": "bottom", "y": 0, "x": 0, "itemsizing": "constant", "groupclick": "togglegroup"},
        "plot_bgcolor": "#ffffff", "paper_bgcolor": "#ffffff",
    }
    if dims == 2:
        layout.update(_overlaid_axes(grid, steps, axis_titles[0]))
        layout["annotations"] = [*annotations, _level_title(axis_titles[1])]
        # The axes' own trace: plotly draws an axis only for a subplot that holds a trace.
        traces.append(go.Scattergl(x=[None], y=[None], xaxis="x2", yaxis="y2", mode="markers", hoverinfo="skip",
                                   showlegend=False))
        trace_ids.append(np.zeros(0, np.int64))
    else:
        layout["scene"] = {**{f"{key}axis": _scene_axis(grid, steps, axis, axis_titles)
                              for axis, key in enumerate("xyz")},
                           "aspectmode": "data", "annotations": annotations,
                           # further out than plotly's default (1.25 each way): the axis titles stay in the frame
                           "camera": {"eye": {"x": 1.6, "y": 1.6, "z": 1.0}}}
    figure = go.Figure(data=traces, layout=layout)
    return TokenMap(figure, tuple(trace_ids), len(frame))


def _overlaid_axes(grid: Grid, steps: np.ndarray, x_title: str) -> dict:
    """The 2D layout's axes: hidden grid axes ``x``/``y`` that hold the points, ``x2``/``y2`` in projection units.

    Both pairs get the same view, each in its own units, and one scale for both directions, so they stay
    aligned when plotly zooms or pans the overlaid axes together.
    """
    axes = {}
    widest = float(steps.max())
    for axis, key in enumerate("xy"):
        extent = float(steps[:, axis].max())
        view = [-widest * _MARGIN, extent + widest * _MARGIN]
        hidden = {"range": view, "visible": False}
        shown = {"range": [float(grid.value(axis, end)) for end in view], "overlaying": key, "tickmode": "auto",
                 "side": "left" if key == "y" else "bottom", "showgrid": True, "gridcolor": "#eeeeee",
                 "zeroline": True, "zerolinecolor": "#cccccc", "showline": True, "linecolor": "#888888",
                 "ticks": "outside"}
        if key == "y":
            hidden["scaleanchor"], shown["scaleanchor"] = "x", "x2"
        else:
            shown["title"] = {"text": escape_hover(x_title)}
        axes[f"{key}axis"], axes[f"{key}axis2"] = hidden, shown
    return axes


def _level_title(text: str) -> dict:
    """The y axis's title as an annotation, level, above the axis's top end (as the explorer's Altair theme
    writes it): a turned title reads one syllable at a time in Korean."""
    return {"text": escape_hover(text), "xref": "paper", "yref": "paper", "x": 0, "y": 1, "xanchor": "left",
            "yanchor": "bottom", "yshift": 6, "showarrow": False, "font": {"size": 13}}


def _scene_axis(grid: Grid, steps: np.ndarray, axis: int, titles: Sequence[str]) -> dict:
    """A 3D axis over grid steps with ticks at round projection values (a 3D axis keeps its range when zoomed)."""
    extent = float(steps[:, axis].max())
    values = nice_ticks(float(grid.value(axis, 0)), float(grid.value(axis, extent)), 5)
    return {"title": {"text": escape_hover(titles[axis])}, "tickmode": "array",
            "tickvals": ((values - grid.low[axis]) / grid.step).tolist(), "ticktext": tick_text(values),
            "backgroundcolor": "#ffffff", "gridcolor": "#dddddd", "showspikes": False}


def figure_html(figure: go.Figure, title: str) -> bytes:
    """``figure`` as one self-contained HTML page, UTF-8: plotly.js (about 4.7 MB) and the data inline.

    Nothing is fetched when it opens (no script, style or font from the network), so it opens from a disk or an
    e-mail attachment offline, with hover, zoom, pan, rotation and the PNG button. plotly writes the figure's
    JSON with ``<``, ``>`` and ``/`` escaped, so no token can end the script it sits in.
    """
    page = figure.to_html(include_plotlyjs=True, full_html=True, config={"scrollZoom": True, "displaylogo": False})
    return page.replace("<head>", f"<head><title>{html.escape(title)}</title>", 1).encode("utf-8")
