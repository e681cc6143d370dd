"""The token map as one plotly figure: every placed row a point, in 2D (``scattergl``) or 3D (``scatter3d``).

Drawn by the page's component (:mod:`dashboard.maps.wire`) and exported by ``fig.to_html``. To stay small,
coordinates are ``uint16`` steps of one grid (:data:`GRID` steps over the widest axis, finer than a pixel until
zoomed about 50 times) under axes in projection units; id and norm are one ``(n, 2)`` float32 ``customdata`` row; a
category is its trace's. Hover text is plotly's pseudo-HTML, so tokens are escaped. Reference:
https://plotly.com/python/performance/ (WebGL, typed arrays).
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
#: Colouring choices: frame column -> legend title (a catalogue message).
COLOUR_FIELDS = {"category": msg("chart.token_map.colour.category"), "norm": msg("chart.token_map.colour.norm"),
                 "id": msg("chart.token_map.colour.id")}
#: The colour of the rows that are not highlighted while some are.
FADED = "#dddddd"
#: Steps of the coordinate grid over the map's widest axis (``uint16``).
GRID = 65_535
#: Marker diameter in pixels, of every point and of a highlighted one; 3D markers are drawn smaller.
POINT_SIZE, HIGHLIGHT_SIZE = 4, 10
#: Characters of a token shown in the hover (a Projector label can be a sentence); a longer one is cut.
HOVER_CHARS = 60
#: Steps (``uint8``) of the continuous colour scale (viridis) of norm and id.
COLOUR_STEPS = 255
#: Blank space around the points, as a share of each axis's extent.
_MARGIN = 0.03


def escape_hover(text: str) -> str:
    """``text`` safe inside plotly's pseudo-HTML (``&``, ``<``, ``>`` as entities), as is when it has none."""
    return html.escape(text, quote=False) if "&" in text or "<" in text or ">" in text else text


def hover_tokens(tokens: Sequence[str]) -> list[str]:
    """``tokens`` as the hover shows them, escaped; one longer than :data:`HOVER_CHARS` is cut and says its length.

    The token never passes through the catalogue, whose Korean particle rules would rewrite a ``이(가)`` in it.
    """
    return [escape_hover(token if len(token) <= HOVER_CHARS else
                         token[:HOVER_CHARS - 1] + render(msg("chart.token_map.tip.cut", count=len(token))))
            for token in tokens]


def norm_decimals(norms: np.ndarray) -> int:
    """Decimals giving the median finite norm of ``norms`` (``(n,)``) three significant digits (1.23 -> 2).

    Non-finite norms (a float16 overflow) are left out; 3 when no norm is finite and positive.
    """
    finite = np.abs(norms[np.isfinite(norms)]) if len(norms) else np.zeros(0)
    median = float(np.median(finite)) if len(finite) else 0.0
    return max(0, 2 - math.floor(math.log10(median))) if median > 0 else 3


def hover_template(category: str, norm_digits: int) -> str:
    """Hover text of a point of ``category``'s trace: token, ``id N · category``, norm (``norm_digits`` decimals)."""
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
    """A token map's figure, its ``n_points`` (every row of the frame) and each point's row id.

    ``trace_ids``: per trace, ``(n_points_in_trace,)`` int64 row ids in point order, so a selection's
    ``(curve_number, point_index)`` names a row; empty for a trace without points (legend entries, axes).
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
    """The token map of ``frame`` as a plotly figure, every row one point.

    ``frame``: from :func:`dashboard.maps.frame.token_map_frame` (``id, token, category, norm, highlighted, label,
    x, y``, 3D ``z``; ``n >= 1`` rows, finite projection units). ``color_by``: ``category`` (a colour and legend
    entry each), ``norm`` or ``id`` (a continuous scale); ``subtitle`` lines are broken at spaces; ``height``
    defaults to 620 (2D) or 680 (3D) pixels. Traces: a legend entry per category, then point traces per category,
    largest first, highlighted rows on top; 2D: ``scattergl`` on hidden grid axes under visible ``x2``/``y2``; 3D:
    ``scatter3d`` in one scene.

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
    # An array, not a list: plotly validates a list item by item.
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
    """Hidden grid axes ``x``/``y`` under ``x2``/``y2`` in projection units, kept aligned as plotly zooms both."""
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
    """The y title as a level annotation above the axis, as the explorer's Altair theme draws it."""
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
    """``figure`` as one self-contained UTF-8 HTML page (plotly.js and the data inline) that opens offline.

    plotly writes the figure's JSON with ``<``, ``>`` and ``/`` escaped, so no token can end its script.
    """
    page = figure.to_html(include_plotlyjs=True, full_html=True, config={"scrollZoom": True, "displaylogo": False})
    return page.replace("<head>", f"<head><title>{html.escape(title)}</title>", 1).encode("utf-8")
