"""The token map in WebGL: every row as one point of a deck.gl layer, drawn by ``st.pydeck_chart``.

Streamlit ships deck.gl, so no base map, no network and no token are needed:
2D is an ``OrthographicView``, 3D one rotatable ``OrbitView``. What the
browser receives is the deck's JSON, so the rows are kept small:

- each point is an array ``[x, y, (z,) token, id, norm, category]``, not an
  object: the keys would be repeated 256,000 times. deck.gl's JSON accessors
  read it with ``this`` (``@@=[this[0], this[1]]``) and Streamlit's tooltip
  template with ``{2}``, ``{3}``, ... (it looks the name up in the point);
- coordinates are scaled, with one factor for every axis (the map keeps its
  shape), to integers in ``0..GRID``: four digits where a float32 needs nine,
  and 1/10,000 of the map's width is finer than a pixel until zoomed 10x;
- the norm has three significant digits; the JSON has no spaces and keeps
  non-ASCII tokens as UTF-8 (``ensure_ascii=False``);
- colour is per layer, not per point: one layer per category (or per band of
  norm or id), so no colour array travels with the points.

Bytes are also the browser's time: Streamlit 1.67's frontend parses the
deck's JSON with JSON5 (``DeckGlJsonChart``, ``JSON5.parse``), a parser
written in JavaScript, far slower than ``JSON.parse``; deck.gl's JSON
converter then walks every point again. So the page sends a large deck's
points as files that deck.gl fetches and parses with ``JSON.parse``
(:func:`dashboard.ui.deck_files.served_deck`); the arrays are the same.

deck.gl has no legend; :func:`deck_legend` gives its entries for the page.
References: https://deck.gl/docs/api-reference/json/conversion-reference
(``@@=`` expressions), https://deckgl.readthedocs.io/en/latest/ (pydeck).
"""

from __future__ import annotations

import json
import math
import weakref
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import pandas as pd
import pydeck as pdk

from dashboard.analysis.token_categories import CATEGORIES
from dashboard.charts.token_map import CATEGORY_COLOURS, _FADED, category_label
from dashboard.i18n import msg, render

#: Coordinates are scaled to integers in 0..GRID (see the module docstring).
GRID = 10_000
#: Bands of a continuous colouring (norm, id): one layer each, viridis colours.
BANDS = 8
_VIRIDIS = ["#440154", "#46327e", "#365c8d", "#277f8e", "#1fa187", "#4ac16d", "#a0da39", "#fde725"]
#: Token category -> its short name in the tooltip (a :class:`~dashboard.i18n.Text`); the legend has the full one.
SHORT_CATEGORY_LABELS = {category: msg(f"chart.token_map_deck.category.{category.replace(' ', '_')}")
                         for category in CATEGORIES}
SHORT_CATEGORY_LABELS["position"] = msg("token_map.colour.position")  # every row of a position table
#: Point radius in pixels: every point, and a highlighted one.
RADIUS, HIGHLIGHT_RADIUS = 2, 5
#: Position of each field in a point's array, after the coordinates.
_TOKEN, _ID, _NORM, _CATEGORY = range(4)


@dataclass(frozen=True)
class LegendEntry:
    """One colour of the map: ``label`` as readers read it, ``colour`` ``#rrggbb``, ``count`` points drawn in it."""

    label: str
    colour: str
    count: int


class CompactDeck(pdk.Deck):
    """A :class:`pydeck.Deck` whose JSON has no indentation and keeps UTF-8 (pydeck indents by 2, sorted).

    ``st.pydeck_chart`` sends ``to_json()``; pydeck's own would add a newline
    and indentation to every number of every point (about 3x the bytes).
    """

    def to_json(self) -> str:
        """The deck as deck.gl JSON, compact: ``str``; computed once per deck (a cached deck is sent again as is).

        A deck is not changed after :func:`token_map_deck` builds it.
        """
        from pydeck.bindings.json_tools import default_serialize

        text = _JSON.get(self)
        if text is None:
            text = json.dumps(self, default=default_serialize, separators=(",", ":"), ensure_ascii=False)
            _JSON[self] = text
        return text


#: Deck -> its JSON, kept as long as the deck (not an attribute: pydeck would serialise it).
_JSON: "weakref.WeakKeyDictionary[CompactDeck, str]" = weakref.WeakKeyDictionary()


def _rgb(colour: str) -> list[int]:
    return [int(colour[i:i + 2], 16) for i in (1, 3, 5)]


def _grid(coords: np.ndarray) -> tuple[np.ndarray, float]:
    """``(n, dims)`` coordinates scaled to integers in ``0..GRID``, one factor for all axes; and that factor.

    The widest axis spans ``0..GRID``; each narrower one is centred in it, so the
    view, centred on ``GRID / 2``, is centred on the points on every axis.
    """
    low, high = coords.min(axis=0), coords.max(axis=0)
    span = float((high - low).max()) or 1.0
    margin = (GRID - (high - low) * (GRID / span)) / 2  # 0 on the widest axis
    return np.rint((coords - low) * (GRID / span) + margin).astype(np.int32), GRID / span


def colour_classes(frame: pd.DataFrame, color_by: str) -> tuple[np.ndarray, list[LegendEntry]]:
    """Colour class of each point (``(n,)`` int) and the legend entry of each class.

    Raises:
        ValueError: ``color_by`` is not ``category``, ``norm`` or ``id``.
    """
    if color_by == "category":
        codes, uniques = pd.factorize(frame["category"].astype(str))  # one pass, not one per category
        found = [str(u) for u in uniques]
        present = [c for c in CATEGORIES if c in found]
        present += sorted(set(found) - set(present))  # "position", unknown values
        classes = np.array([present.index(u) for u in found], np.int64)[codes]
        counts = np.bincount(classes, minlength=len(present))
        return classes, [LegendEntry(category_label(c), CATEGORY_COLOURS.get(c, "#1f77b4"), int(n))
                         for c, n in zip(present, counts)]
    if color_by in ("norm", "id"):
        values = frame[color_by].to_numpy(np.float64)
        low, high = float(values.min()), float(values.max())
        edges = np.linspace(low, high, BANDS + 1)
        classes = np.clip(np.searchsorted(edges, values, side="right") - 1, 0, BANDS - 1)
        counts = np.bincount(classes, minlength=BANDS)
        if color_by == "id":  # whole ids: each band from its first id to its last, "0 – 63", "64 – 127"
            ends = [(values[classes == i].min(), values[classes == i].max()) if n else (edges[i], edges[i + 1])
                    for i, n in enumerate(counts)]
            return classes, [LegendEntry(f"{first:,.0f} – {last:,.0f}", _VIRIDIS[i], int(n))
                             for i, ((first, last), n) in enumerate(zip(ends, counts))]
        return classes, [LegendEntry(f"{edges[i]:,.3f} – {edges[i + 1]:,.3f}", _VIRIDIS[i], int(n))
                         for i, n in enumerate(counts)]
    raise ValueError(f"unknown colouring {color_by!r}; expected category, norm or id")


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


def short_category(category: str) -> str:
    """The short name of a token category for hover text (``word piece`` -> ``piece``), in the active language."""
    label = SHORT_CATEGORY_LABELS.get(category)
    return render(label) if label is not None else category


#: Characters of a token shown in a WebGL map's hover text; a longer one (a Projector label can be a
#: sentence) is cut and says its length, so the tooltip stays beside the point instead of running off the page.
HOVER_CHARS = 60


def hover_tokens(tokens: Sequence[str]) -> list[str]:
    """``tokens`` as a WebGL map's hover shows them: one over :data:`HOVER_CHARS` characters is cut.

    A cut token keeps its first ``HOVER_CHARS - 1`` characters, then ``…`` and its length
    (``… (1,024 characters)``, in the active language); the token itself never passes through the
    catalogue (whose Korean particle rules would rewrite a ``이(가)`` in it). The selection table and
    downloads list the whole token.
    """
    return [token if len(token) <= HOVER_CHARS else
            token[:HOVER_CHARS - 1] + render(msg("chart.token_map_deck.tip.cut", count=len(token)))
            for token in tokens]


def _safe_strings(tokens: np.ndarray) -> np.ndarray:
    """``tokens`` with a zero-width space after a leading ``@@``: deck.gl's JSON converter reads every string
    of the spec, data included, and would run ``@@=...`` as an expression and look ``@@#...`` up as a constant."""
    risky = [i for i, token in enumerate(tokens.tolist()) if token.startswith("@@")]
    if not risky:
        return tokens
    tokens = tokens.copy()
    for i in risky:
        tokens[i] = "@\u200b" + tokens[i][1:]
    return tokens


def _points(grid: np.ndarray, tokens: np.ndarray, ids: np.ndarray, norms: np.ndarray, categories: np.ndarray,
            rows: np.ndarray) -> list[list]:
    """The points ``rows`` as compact arrays ``[x, y, (z,) token, id, norm, category]`` (see the module docstring)."""
    return [[*xyz, tok, i, n, c] for xyz, tok, i, n, c in
            zip(grid[rows].tolist(), tokens[rows].tolist(), ids[rows].tolist(), norms[rows].tolist(),
                categories[rows].tolist())]


def token_map_deck(frame: pd.DataFrame, *, color_by: str = "category", height: int = 560) -> pdk.Deck:
    """The token map as a deck.gl deck: every row of ``frame`` one point.

    Args:
        frame: from :func:`dashboard.analysis.token_map.token_map_frame`: columns
            ``id, token, category, norm, highlighted, label, x, y`` and ``z``
            for 3D; ``n`` rows, coordinates float32 in projection units.
        color_by: ``category``, ``norm`` or ``id``.
        height: height of the chart in pixels (sets the initial zoom).

    Returns:
        A :class:`CompactDeck`: 2D in an ``OrthographicView``, 3D in an
        ``OrbitView``; one ``ScatterplotLayer`` (2D) or ``PointCloudLayer``
        (3D) per colour class, ids ``points-<class>``; with highlighted rows,
        the others faded and the highlighted ones drawn larger on top (ids
        ``highlight-<class>``) and labelled (``labels``). The tooltip shows
        token, id, category and norm.

    Raises:
        ValueError: ``color_by`` is unknown, or ``frame`` is empty.
    """
    if frame.empty:
        raise ValueError("the token map needs at least one point")
    dims = 3 if "z" in frame else 2
    grid, _ = _grid(frame[list("xyz"[:dims])].to_numpy(np.float64))
    classes, legend = colour_classes(frame, color_by)
    # Per-row columns as arrays once; the category's short name looked up once per category, not per row.
    category_values = frame["category"].astype(str).to_numpy(object)
    short = {c: short_category(c) for c in set(category_values.tolist())}
    categories = np.array([short[c] for c in category_values.tolist()], dtype=object)
    norm_values = frame["norm"].to_numpy(np.float64)
    norms = np.round(norm_values, norm_decimals(norm_values))
    tokens = _safe_strings(np.array(hover_tokens(frame["token"].astype(str).tolist()), dtype=object))
    ids = frame["id"].to_numpy(np.int64)
    highlighted = frame["highlighted"].to_numpy(bool)
    # pydeck sends a string prop as a deck.gl expression (it adds "@@="); a quoted one as the string itself.
    position = "[this[0],this[1]]" if dims == 2 else "[this[0],this[1],this[2]]"
    layer_type = "ScatterplotLayer" if dims == 2 else "PointCloudLayer"
    colour_prop = "get_fill_color" if dims == 2 else "get_color"

    def layer(layer_id: str, rows: np.ndarray, colour: str, radius: int) -> pdk.Layer:
        size = {"get_radius": radius, "radius_units": "'pixels'", "stroked": False} if dims == 2 else \
            {"point_size": radius, "size_units": "'pixels'"}
        return pdk.Layer(layer_type, data=_points(grid, tokens, ids, norms, categories, rows), id=layer_id,
                         get_position=position, pickable=True, auto_highlight=True, **{colour_prop: _rgb(colour)},
                         **size)

    layers = []
    # The largest colour first, so that the rarer ones (specials, numbers) are drawn on top of it.
    for k in sorted(range(len(legend)), key=lambda k: -legend[k].count):
        entry = legend[k]
        rows = np.flatnonzero((classes == k) & ~highlighted) if highlighted.any() else np.flatnonzero(classes == k)
        if len(rows):
            layers.append(layer(f"points-{k}", rows, _FADED if highlighted.any() else entry.colour, RADIUS))
    for k, entry in enumerate(legend):
        rows = np.flatnonzero((classes == k) & highlighted)
        if len(rows):
            layers.append(layer(f"highlight-{k}", rows, entry.colour, HIGHLIGHT_RADIUS))
    labelled = np.flatnonzero(frame["label"].to_numpy(object) != "")
    if len(labelled):
        layers.append(pdk.Layer("TextLayer", id="labels", pickable=False, get_position=position,
                                get_text=f"this[{dims}]",
                                data=[[*grid[i].tolist(), label] for i, label in
                                      zip(labelled, _safe_strings(frame["label"].to_numpy(object)[labelled]))],
                                get_size=12, get_color=[0, 0, 0], get_text_anchor="'start'",
                                get_alignment_baseline="'center'",
                                get_pixel_offset=[6, -4], character_set="'auto'"))
    centre = [GRID / 2] * 3 if dims == 3 else [GRID / 2, GRID / 2, 0]
    zoom = math.log2(0.85 * height / GRID)
    if dims == 2:
        view = pdk.View(type="OrthographicView", controller=True)
        state = pdk.ViewState(target=centre, zoom=zoom)
    else:
        view = pdk.View(type="OrbitView", controller=True)
        state = pdk.ViewState(target=centre, zoom=zoom - 0.3, rotation_x=30, rotation_orbit=-30)
    return CompactDeck(layers=layers, views=[view], initial_view_state=state, map_provider=None, map_style=None,
                       tooltip={"html": tooltip_html(dims)})


def tooltip_html(dims: int) -> str:
    """Streamlit's tooltip template for a point of a ``dims``-D deck: token, id, category, norm (active language).

    ``{n}`` is field ``n`` of the point's array (see :func:`token_map_deck`).
    """
    token, ident, norm, category = (dims + field for field in (_TOKEN, _ID, _NORM, _CATEGORY))
    return (f"<b>{{{token}}}</b><br/>id {{{ident}}} · {{{category}}}<br/>"
            f"{render(msg('chart.token_map_deck.tip.norm'))} {{{norm}}}")


def deck_legend(frame: pd.DataFrame, color_by: str = "category") -> list[LegendEntry]:
    """The colours of :func:`token_map_deck` for ``frame``, in layer order, with their counts.

    Raises:
        ValueError: ``color_by`` is unknown.
    """
    return colour_classes(frame, color_by)[1]


def selected_ids(selection: dict, dims: int) -> np.ndarray:
    """Row ids of the points picked in ``st.pydeck_chart``'s selection state (``{"objects": {layer: [point]}}``).

    Returns:
        ``(n_selected,)`` int64, sorted and unique.
    """
    objects = (selection or {}).get("objects", {}) or {}
    ids = [int(point[dims + _ID]) for points in objects.values() for point in points
           if isinstance(point, list) and len(point) > dims + _ID]
    return np.unique(np.asarray(ids, np.int64))


def deck_bytes(deck: pdk.Deck) -> int:
    """Size of the JSON ``st.pydeck_chart`` sends for ``deck``, in bytes (UTF-8)."""
    return len(deck.to_json().encode("utf-8"))


def legend_frame(entries: Sequence[LegendEntry]) -> pd.DataFrame:
    """The legend as a frame (``label``, ``colour``, ``count``), for a small chart or table."""
    return pd.DataFrame({"label": [e.label for e in entries], "colour": [e.colour for e in entries],
                         "count": [e.count for e in entries]})


def legend_chart(entries: Sequence[LegendEntry], title: str, columns: int = 3, column_px: int = 230) -> "alt.Chart":
    """The deck's legend as a small Vega-Lite chart: a coloured square and a label per entry, ``columns`` a row.

    Marks are placed in pixels (``scale=None``), so the legend keeps its size in any column.

    Args:
        entries: from :func:`deck_legend`, in layer order.
        title: the legend's title as readers read it.
        columns: entries a row.
        column_px: width of one entry, in pixels.
    """
    import altair as alt

    frame = legend_frame(entries)
    frame["shown"] = [f"{e.label} ({e.count:,})" for e in entries]
    frame["px"] = [(i % columns) * column_px + 8 for i in range(len(frame))]
    frame["py"] = [(i // columns) * 20 + 8 for i in range(len(frame))]
    base = alt.Chart(frame)
    squares = base.mark_square(size=120, opacity=1).encode(
        x=alt.X("px:Q", scale=None, axis=None), y=alt.Y("py:Q", scale=None, axis=None),
        color=alt.Color("colour:N", scale=None, legend=None),
        tooltip=[alt.Tooltip("label:N", title=title), alt.Tooltip("count:Q", format=",")])
    labels = base.mark_text(align="left", baseline="middle", dx=10, fontSize=12).encode(
        x=alt.X("px:Q", scale=None, axis=None), y=alt.Y("py:Q", scale=None, axis=None), text="shown:N")
    rows = (len(frame) + columns - 1) // columns
    return alt.layer(squares, labels).properties(
        title=alt.TitleParams(title, anchor="start", fontSize=12), width=columns * column_px, height=rows * 20 + 4,
        autosize=alt.AutoSizeParams(type="pad"))
