"""Charts of the Compare page: aligned maps, largest movers, neighbour overlap (titles in the active language)."""

from __future__ import annotations

from typing import Sequence

import altair as alt
import pandas as pd

from dashboard.charts.theme import wrap_subtitle
from dashboard.i18n import active_language, t

_MOVER, _OTHER = "#d62728", "#9e9e9e"


def aligned_maps_chart(frame: pd.DataFrame, *, title: str, subtitle: Sequence[str] = (),
                       side: int = 330) -> alt.HConcatChart:
    """Two maps of an :func:`~.view_compare.aligned_maps_frame` on shared axes, the largest movers in red and named.

    ``subtitle`` lines say what is drawn and how aligned; each map is ``side`` pixels square.
    """
    names = list(dict.fromkeys(frame["checkpoint"]))
    positions = _names_positions(frame)
    frame = _positions_in_words(frame)
    x_scale = alt.Scale(domain=[float(frame["x"].min()), float(frame["x"].max())], zero=False)
    y_scale = alt.Scale(domain=[float(frame["y"].min()), float(frame["y"].max())], zero=False)
    panels = []
    for letter, name in zip("AB", names):
        base = alt.Chart(frame[frame["checkpoint"] == name])
        points = base.mark_circle(opacity=0.7).encode(
            x=alt.X("x:Q", title=t("chart.compare.pc1"), scale=x_scale),
            y=alt.Y("y:Q", title=t("chart.compare.pc2"), scale=y_scale),
            color=alt.condition("datum.mover", alt.value(_MOVER), alt.value(_OTHER)),
            size=alt.condition("datum.mover", alt.value(70), alt.value(10)),
            order=alt.Order("mover:Q"),
            tooltip=_row_tooltips(positions))
        labels = base.transform_filter("datum.label != ''").mark_text(
            align="left", dx=6, dy=-4, fontSize=11, fontWeight="bold", color=_MOVER).encode(
            x=alt.X("x:Q", scale=x_scale), y=alt.Y("y:Q", scale=y_scale), text="label:N")
        panels.append(alt.layer(points, labels).properties(title=f"{letter}: {name}", width=side, height=side))
    return alt.hconcat(*panels).properties(title=alt.TitleParams(title, subtitle=wrap_subtitle(subtitle), anchor="start"))


def _names_positions(frame: pd.DataFrame) -> bool:
    """Whether ``frame``'s rows are positions: every ``token`` is ``position t`` of its ``id``, as built."""
    return bool(len(frame)) and bool((frame["token"] == "position " + frame["id"].astype(str)).all())


def _positions_in_words(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its ``position t`` row names (``token``, ``label``) in the active language; English: as is."""
    if active_language() == "en":
        return frame
    named = frame["token"] == "position " + frame["id"].astype(str)
    if not named.any():
        return frame
    words = frame["id"].map(lambda i: t("chart.compare.position", position=i))
    shown = frame.assign(token=frame["token"].where(~named, words))
    if "label" in shown:
        shown["label"] = shown["label"].where(~(named & (shown["label"] != "")), words)
    return shown


def _row_tooltips(positions: bool = False) -> list[alt.Tooltip]:
    """Tooltips of a compared row, titled in the active language: its token and id, or its position; its drift."""
    row = ([alt.Tooltip("id:Q", title=t("chart.compare.position_title"))] if positions
           else [alt.Tooltip("token:N", title=t("chart.compare.token")), alt.Tooltip("id:Q", title="id")])
    return [*row, alt.Tooltip("drift:Q", format=".3f", title=t("chart.compare.drift"))]


def drift_chart(frame: pd.DataFrame, *, title: str, k: int) -> alt.Chart:
    """Horizontal bars of a :func:`~.view_compare.drift_frame`'s drift, largest on top; ``shared`` is out of ``k``."""
    # A token's label gets its id (two rows can show the same text), unless it is one ("position 7", "#71").
    positions = _names_positions(frame)
    shown = frame.assign(row=[t("chart.compare.position", position=i) if positions
                              else token if token == f"#{i}" else f"{token}  #{i}"
                              for token, i in zip(frame["token"], frame["id"])])
    return alt.Chart(shown).mark_bar(color=_MOVER).encode(
        x=alt.X("drift:Q", title=t("chart.compare.drift_axis")),
        y=alt.Y("row:N", sort=list(shown["row"]), title=None),
        tooltip=[*_row_tooltips(positions), alt.Tooltip("shared:Q", format="d", title=t("chart.compare.shared_axis", k=k))],
    ).properties(title=title, height=alt.Step(16))


def overlap_counts_chart(frame: pd.DataFrame, *, title: str) -> alt.Chart:
    """Bars: rows sharing 0 .. k nearest neighbours, from :func:`~.view_compare.overlap_counts_frame`."""
    k = int(frame["shared"].max())
    return alt.Chart(frame).mark_bar().encode(
        x=alt.X("shared:O", title=t("chart.compare.shared_axis", k=k)),
        y=alt.Y("rows:Q", title=t("chart.compare.rows")),
        tooltip=[alt.Tooltip("shared:O", title=t("chart.compare.shared")),
                 alt.Tooltip("rows:Q", title=t("chart.compare.rows"))],
    ).properties(title=title, height=220)


def _powers_of_ten(most: int) -> list[int]:
    """``0, 10, 100 ...`` up to the first power of ten >= ``most`` (a count >= 0); ``0, 1, 10`` below 10 (on a
    symlog axis 1 sits too close to 0 for both labels once the counts reach 10)."""
    return [0, 1, 10] if most < 10 else [0, *(10**i for i in range(1, len(str(most - 1)) + 1))]


def score_histogram_chart(frame: pd.DataFrame, threshold: float, *, indicator: str, title: str) -> alt.LayerChart:
    """An under-trained ``indicator``'s histogram (:func:`~.view_undertrained.score_histogram_frame`) and ``threshold``."""
    bars = alt.Chart(frame).mark_bar().encode(
        x=alt.X("start:Q", title=indicator, bin="binned"), x2="stop:Q",
        # symlog draws only a tick or two by itself: one at 0 and at powers of ten up to the tallest bar
        y=alt.Y("rows:Q", title=t("chart.compare.rows"), scale=alt.Scale(type="symlog"),
                axis=alt.Axis(values=_powers_of_ten(int(frame["rows"].max()) if len(frame) else 0), format=",d",
                              labelOverlap=False)),
        color=alt.condition("datum.below", alt.value(_MOVER), alt.value("#4c78a8")),
        tooltip=[alt.Tooltip("start:Q", format=".3f", title=t("chart.compare.start")),
                 alt.Tooltip("stop:Q", format=".3f", title=t("chart.compare.stop")),
                 alt.Tooltip("rows:Q", title=t("chart.compare.rows"))])
    rule = alt.Chart(pd.DataFrame({"threshold": [threshold]})).mark_rule(color="black", strokeDash=[4, 3]).encode(
        x="threshold:Q", tooltip=[alt.Tooltip("threshold:Q", format=".4f", title=t("chart.compare.threshold"))])
    return alt.layer(bars, rule).properties(title=title, height=240)
