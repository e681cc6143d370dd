"""Altair charts of a position table: similarity heatmap, offsets, PCA trajectory, dimensions, norms, subspaces.

Titles are in the active language; frame values stay English, translated by :mod:`dashboard.charts.legend_labels`.
"""

from __future__ import annotations

import base64
import io
from typing import Sequence

import altair as alt
import numpy as np
import pandas as pd

from dashboard.charts.legend_labels import shown_values, value_labels
from dashboard.charts.theme import FIT_WIDTH, PAD, wrap_subtitle
from dashboard.i18n import msg, t

#: Colours for position order (dark = first positions).
POSITION_SCHEME = "viridis"
#: Signed similarity: ColorBrewer RdBu (11 classes), blue for -1, white for 0, red for +1.
DIVERGING_STOPS = ("#053061", "#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7",
                   "#fddbc7", "#f4a582", "#d6604d", "#b2182b", "#67001f")
SIDE = 340  # pixels of a square chart's plot area
#: Colour legend of the square charts: under the plot, so that two fit side by side.
BELOW = alt.Legend(orient="bottom", direction="horizontal", gradientLength=SIDE // 2)

def _position_colour(n_positions: int) -> alt.Color:
    return alt.Color("position:Q", scale=alt.Scale(scheme=POSITION_SCHEME, domain=[0, max(n_positions - 1, 1)]),
                     title=t("positions.chart.position"), legend=BELOW)


def _position_tooltip() -> alt.Tooltip:
    return alt.Tooltip("position:Q", title=t("positions.chart.position"))


def _similarity_png(values: np.ndarray, low: float, high: float) -> str:
    """A square matrix as a palette PNG data URL: 256 levels of :data:`DIVERGING_STOPS` from ``low`` to ``high``."""
    from PIL import Image

    stops = np.array([[int(h[i:i + 2], 16) for i in (1, 3, 5)] for h in DIVERGING_STOPS], dtype=np.float64)
    levels = np.linspace(0, len(stops) - 1, 256)
    palette = np.stack([np.interp(levels, np.arange(len(stops)), stops[:, c]) for c in range(3)], axis=-1)
    indices = np.clip(np.round((values - low) / (high - low) * 255), 0, 255).astype(np.uint8)
    picture = Image.fromarray(indices, mode="L").convert("P")
    picture.putpalette(palette.round().astype(np.uint8).ravel().tolist())
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def similarity_heatmap_chart(frame: pd.DataFrame, *, block: int, n_positions: int, measure: str = "cosine",
                             title: str | None = None) -> alt.LayerChart:
    """Heatmap of a block-averaged position x position similarity matrix, drawn as one PNG image.

    One image, not a rect mark per cell, which browsers lay out slowly (docs/benchmarks.md, ``positions``).
    ``frame``: ``row``, ``col`` (0-based first positions of a block pair) and ``value``, from
    :func:`dashboard.analysis.position_blocks.block_similarity`, blocks ``block`` positions a side. Colours span
    [-1, 1] for ``cosine``, ``[-m, m]`` for ``dot`` (``m`` the largest ``|value|``).

    Raises:
        ValueError: ``frame``'s row count is not a perfect square (not one row per block pair).
    """
    cells = int(round(np.sqrt(len(frame))))
    if cells * cells != len(frame):
        raise ValueError(f"the heatmap frame must hold a square of cells, got {len(frame)} rows")
    ordered = frame.sort_values(["row", "col"])
    values = ordered["value"].to_numpy(dtype=np.float64).reshape(cells, cells)
    if measure == "cosine":
        low, high = -1.0, 1.0
    else:
        high = float(np.abs(values).max()) or 1.0
        low = -high
    extent = cells * block
    image = pd.DataFrame({"url": [_similarity_png(values, low, high)], "x": [0], "y": [0],
                          "x2": [extent], "y2": [extent]})
    label = t("positions.chart.cosine_similarity" if measure == "cosine" else "positions.chart.dot_product")
    position = t("positions.chart.position")
    x_scale = alt.Scale(domain=[0, extent], nice=False, zero=True)
    y_scale = alt.Scale(domain=[0, extent], nice=False, reverse=True)
    picture = (
        alt.Chart(image)
        .mark_image(aspect=False, smooth=False)
        .encode(x=alt.X("x:Q", scale=x_scale, title=position), x2="x2:Q",
                y=alt.Y("y:Q", scale=y_scale, title=position), y2="y2:Q", url="url:N")
    )
    domain = np.linspace(low, high, len(DIVERGING_STOPS)).round(6).tolist()
    legend = (
        alt.Chart(pd.DataFrame({"value": [low, high], "x": [0, 0], "y": [0, 0]}))
        .mark_point(opacity=0)
        .encode(x="x:Q", y="y:Q",
                color=alt.Color("value:Q", title=label, legend=BELOW,
                                scale=alt.Scale(domain=domain, range=list(DIVERGING_STOPS), interpolate="rgb")))
    )
    title = t("positions.chart.heatmap_title") if title is None else title
    return alt.layer(picture, legend, title=title).properties(width=SIDE, height=SIDE, autosize=PAD)


def offset_similarity_chart(frame: pd.DataFrame, *, measure: str = "cosine") -> alt.Chart:
    """Mean similarity of positions ``t`` and ``t + k`` against the offset ``k``, one line per table.

    ``frame``: ``offset``, ``similarity``, ``pairs``, ``table`` (``learned``, ``sinusoidal reference``), from
    :func:`dashboard.lessons.positions.view_frames.offset_similarity_frame`; ``measure`` titles the axis.
    """
    label = msg("positions.chart.mean_cosine" if measure == "cosine" else "positions.chart.mean_dot")
    tables = sorted(set(frame["table"])) if len(frame) else []
    chart, table_shown = shown_values(alt.Chart(frame, title=t("positions.chart.offset_title")), "table", tables)
    lines = (
        chart
        .mark_line()
        .encode(
            x=alt.X("offset:Q", scale=alt.Scale(nice=False), title=t("positions.chart.offset_x")),
            y=alt.Y("similarity:Q", title=t("positions.chart.offset_y", label=label)),
            color=alt.Color("table:N", title=None,
                            legend=alt.Legend(orient="top", labelExpr=value_labels(tables))),
            tooltip=[alt.Tooltip(f"{table_shown}:N", title=t("positions.chart.table")),
                     alt.Tooltip("offset:Q", title=t("positions.chart.offset")),
                     alt.Tooltip("similarity:Q", format=".3f", title=t("positions.chart.similarity")),
                     alt.Tooltip("pairs:Q", title=t("positions.chart.pairs"))],
        )
    )
    zero = alt.Chart(pd.DataFrame({"y": [0.0]})).mark_rule(strokeDash=[4, 4], color="gray").encode(y="y:Q")
    return (zero + lines).properties(height=280, autosize=FIT_WIDTH)


def _pc_title(component: int, variance: Sequence[float]) -> str:
    if component > len(variance):
        return f"PC{component}"
    return t("positions.chart.pc_title", component=component, share=variance[component - 1])


def trajectory_2d_chart(points: pd.DataFrame, *, variance: Sequence[float],
                        title: str | None = None) -> alt.Chart:
    """Position rows on their first two principal components, joined in position order.

    ``points``: ``position``, ``pc1``, ``pc2`` (:func:`dashboard.lessons.positions.structure.pca_trajectory`);
    ``variance``: explained variance ratio per component, in [0, 1], for the axis titles.
    """
    n = int(points["position"].max()) + 1 if len(points) else 0  # thinned frames skip positions
    title = t("positions.chart.trajectory_2d") if title is None else title
    base = alt.Chart(points, title=title).encode(
        x=alt.X("pc1:Q", title=_pc_title(1, variance)),
        y=alt.Y("pc2:Q", title=_pc_title(2, variance)),
    )
    path = base.mark_line(color="lightgray", strokeWidth=1).encode(order="position:Q")
    dots = base.mark_circle(size=22, opacity=0.9).encode(
        color=_position_colour(n),
        tooltip=[_position_tooltip(), alt.Tooltip("pc1:Q", format=".3f"), alt.Tooltip("pc2:Q", format=".3f")],
    )
    return (path + dots).properties(width=SIDE, height=SIDE, autosize=PAD)


def trajectory_3d_chart(points: pd.DataFrame, *, variance: Sequence[float],
                        title: str | None = None) -> alt.Chart:
    """Position rows on their first three principal components, turned by azimuth and elevation sliders.

    ``points``: ``position``, ``pc1``, ``pc2``, ``pc3``; ``variance``: explained variance ratio per component, in
    [0, 1].
    """
    n = int(points["position"].max()) + 1 if len(points) else 0  # thinned frames skip positions
    title = t("positions.chart.trajectory_3d") if title is None else title
    azimuth = alt.param(name="azimuth", value=35,
                        bind=alt.binding_range(min=0, max=360, step=5, name=t("positions.chart.azimuth")))
    elevation = alt.param(name="elevation", value=20,
                          bind=alt.binding_range(min=-90, max=90, step=5, name=t("positions.chart.elevation")))
    subtitle = t("positions.chart.variance_subtitle", parts=", ".join(
        f"PC{k} {variance[k - 1]:.1%}" for k in (1, 2, 3) if k <= len(variance)))
    base = (
        alt.Chart(points, title=alt.Title(title, subtitle=wrap_subtitle([subtitle])))
        .transform_calculate(
            a="azimuth * PI / 180", e="elevation * PI / 180",
        )
        .transform_calculate(
            screen_x="datum.pc1 * cos(datum.a) + datum.pc3 * sin(datum.a)",
            depth="-datum.pc1 * sin(datum.a) + datum.pc3 * cos(datum.a)",
        )
        .transform_calculate(screen_y="datum.pc2 * cos(datum.e) + datum.depth * sin(datum.e)")
        .encode(x=alt.X("screen_x:Q", title=t("positions.chart.turned_x"), axis=alt.Axis(labels=False)),
                y=alt.Y("screen_y:Q", title=t("positions.chart.turned_y"), axis=alt.Axis(labels=False)))
    )
    path = base.mark_line(color="lightgray", strokeWidth=1).encode(order="position:Q")
    dots = base.mark_circle(size=22, opacity=0.9).encode(
        color=_position_colour(n),
        tooltip=[_position_tooltip(), alt.Tooltip("pc1:Q", format=".3f"), alt.Tooltip("pc2:Q", format=".3f"),
                 alt.Tooltip("pc3:Q", format=".3f")],
    )
    return alt.layer(path, dots).add_params(azimuth, elevation).properties(width=SIDE, height=SIDE, autosize=PAD)


def explained_variance_chart(explained: pd.DataFrame) -> alt.Chart:
    """Explained variance ratio per principal component (bars) and cumulative (line).

    ``explained``: ``component`` (1-based), ``explained_variance_ratio`` and ``cumulative``, both in [0, 1].
    """
    base = alt.Chart(explained, title=t("positions.chart.explained_title")).encode(
        x=alt.X("component:O", title=t("positions.chart.component")))
    bars = base.mark_bar().encode(
        y=alt.Y("explained_variance_ratio:Q", title=t("positions.chart.share_of_variance"), axis=alt.Axis(format="%")),
        tooltip=[alt.Tooltip("component:O", title=t("positions.chart.component")),
                 alt.Tooltip("explained_variance_ratio:Q", format=".1%", title=t("positions.chart.share")),
                 alt.Tooltip("cumulative:Q", format=".1%", title=t("positions.chart.cumulative"))],
    )
    line = base.mark_line(point=True, color="gray").encode(y="cumulative:Q")
    return (bars + line).properties(height=200, autosize=FIT_WIDTH)


def dimension_chart(frame: pd.DataFrame, *, title: str | None = None) -> alt.Chart:
    """Chosen columns of a position table against position, one line per dimension.

    ``frame``: ``position``, ``dimension``, ``value`` (:func:`dashboard.lessons.positions.structure.dimension_frame`).
    """
    dimension = t("positions.chart.dimension")
    return (
        alt.Chart(frame, title=t("positions.chart.dimensions_title") if title is None else title)
        .mark_line(strokeWidth=1.2)
        .encode(
            x=alt.X("position:Q", scale=alt.Scale(nice=False), title=t("positions.chart.position")),
            y=alt.Y("value:Q", title=t("positions.chart.value")),
            color=alt.Color("dimension:N", title=dimension),
            tooltip=[alt.Tooltip("dimension:N", title=dimension), _position_tooltip(),
                     alt.Tooltip("value:Q", format=".4f", title=t("positions.chart.value"))],
        )
        .properties(height=220, autosize=FIT_WIDTH)
    )


def spectrum_chart(frame: pd.DataFrame, *, title: str | None = None) -> alt.Chart:
    """Amplitude spectrum of chosen columns, frequency (cycles per position) on a log axis.

    ``frame``: ``dimension``, ``frequency``, ``period``, ``amplitude``, from
    :func:`dashboard.lessons.positions.structure.spectrum_frame`.
    """
    dimension = t("positions.chart.dimension")
    return (
        alt.Chart(frame, title=t("positions.chart.spectrum_title") if title is None else title)
        .mark_line(strokeWidth=1.2)
        .encode(
            x=alt.X("frequency:Q", scale=alt.Scale(type="log"), title=t("positions.chart.frequency_axis")),
            y=alt.Y("amplitude:Q", title=t("positions.chart.amplitude")),
            color=alt.Color("dimension:N", title=dimension),
            tooltip=[alt.Tooltip("dimension:N", title=dimension),
                     alt.Tooltip("frequency:Q", format=".4f", title=t("positions.chart.frequency")),
                     alt.Tooltip("period:Q", format=".1f", title=t("positions.chart.period")),
                     alt.Tooltip("amplitude:Q", format=".4f", title=t("positions.chart.amplitude"))],
        )
        .properties(height=220, autosize=FIT_WIDTH)
    )


def position_norm_chart(frame: pd.DataFrame, *, title: str | None = None) -> alt.Chart:
    """Row L2 norm against position; positions flagged untrained drawn as red points.

    ``frame``: ``position``, ``norm``, ``neighbour_cosine``, ``untrained`` (bool), from
    :func:`dashboard.lessons.positions.view_frames.row_norm_frame`.
    """
    chart, untrained_shown = shown_values(
        alt.Chart(frame, title=t("positions.chart.norm_title") if title is None else title), "untrained",
        ["true", "false"])
    base = chart.encode(
        x=alt.X("position:Q", scale=alt.Scale(nice=False), title=t("positions.chart.position")),
        y=alt.Y("norm:Q", title=t("positions.chart.norm_axis")),
        tooltip=[_position_tooltip(), alt.Tooltip("norm:Q", format=".4f", title=t("positions.chart.norm")),
                 alt.Tooltip("neighbour_cosine:Q", format=".3f", title=t("positions.chart.neighbour_cosine")),
                 alt.Tooltip(f"{untrained_shown}:N", title=t("positions.chart.untrained"))],
    )
    line = base.mark_line(strokeWidth=1.2)
    flagged = base.transform_filter("datum.untrained").mark_point(color="#d62728", filled=True, size=30)
    return (line + flagged).properties(height=220, autosize=FIT_WIDTH)


def subspace_overlap_chart(frame: pd.DataFrame) -> alt.Chart:
    """Share (in [0, 1]) of one table's variance inside the other's top-k principal subspace, against k.

    ``frame``: ``k``, ``measure``, ``share``, from :func:`dashboard.lessons.positions.structure.compare_subspaces`.
    """
    measures = sorted(set(frame["measure"])) if len(frame) else []
    chart, measure_shown = shown_values(alt.Chart(frame, title=t("positions.chart.subspace_title")), "measure",
                                        measures)
    return (
        chart
        .mark_line(point=True)
        .encode(
            x=alt.X("k:Q", scale=alt.Scale(nice=False, zero=False), title=t("positions.chart.subspace_x")),
            y=alt.Y("share:Q", title=t("positions.chart.subspace_y"), axis=alt.Axis(format="%")),
            color=alt.Color("measure:N", title=None, legend=alt.Legend(orient="bottom", columns=3, labelLimit=300,
                                                                       labelExpr=value_labels(measures))),
            strokeDash=alt.condition("datum.measure == 'random k-dim subspace'", alt.value([4, 4]), alt.value([1, 0])),
            tooltip=[alt.Tooltip(f"{measure_shown}:N", title=t("positions.chart.measure")), "k:Q",
                     alt.Tooltip("share:Q", format=".2%", title=t("positions.chart.share"))],
        )
        .properties(height=280, autosize=FIT_WIDTH)
    )
