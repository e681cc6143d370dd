"""Charts of the sentence-reorder demo (frames from :mod:`dashboard.lessons.reorder.view_frames`)."""

from __future__ import annotations

import altair as alt
import pandas as pd

from dashboard.i18n import t

_SETTING_KEYS = ("reorder.setting.with_positions", "reorder.setting.without_positions")
_SENTENCE_KEYS = ("reorder.sentence.original", "reorder.sentence.permuted")


def _settings() -> list[str]:
    """The two setting labels, with positions first, as the frames show them in the active language."""
    return [t(key) for key in _SETTING_KEYS]


def _sentences() -> list[str]:
    """The two sentence labels, original first, in the active language."""
    return [t(key) for key in _SENTENCE_KEYS]


def _setting_colours() -> alt.Scale:
    # Built per chart, not at import: the domain is the labels in the reader's language.
    return alt.Scale(domain=_settings(), range=["#d62728", "#1f77b4"])


#: Width the order chart is laid out for, in pixels (the page's main column at 1,280 px; it stretches wider).
ORDER_CHART_WIDTH = 900
#: Pixels a character of the token labels takes, per pixel of font size (bold sans-serif, roughly).
_CHAR_WIDTH = 0.62


def order_text_layout(frame: pd.DataFrame) -> tuple[int, int, int]:
    """``(font size px, angle degrees, chart height px)`` that keep the token labels of ``frame`` apart.

    From 14 px down to 10 px while a label fits its slot (:data:`ORDER_CHART_WIDTH` / tokens per sentence);
    past that, labels turn to 270° and the chart grows to hold the longest.
    """
    tokens = max(int(frame["position"].max()) + 1, 1) if len(frame) else 1
    chars = max((len(str(token)) for token in frame["token"]), default=1)
    slot = ORDER_CHART_WIDTH / tokens
    for size in (14, 12, 10):
        if chars * _CHAR_WIDTH * size <= 0.9 * slot:
            return size, 0, 170
    size = 11
    return size, 270, 110 + 2 * round(chars * _CHAR_WIDTH * size + 16)


def token_order_chart(frame: pd.DataFrame) -> alt.Chart:
    """The two sentences of a :func:`~.view_frames.token_order_frame` as rows of tokens, lines joining each token."""
    base = alt.Chart(frame).encode(
        x=alt.X("position:O", title=t("reorder.chart.position"), axis=alt.Axis(labelAngle=0)),
        y=alt.Y("sentence:N", sort=_sentences(), title=None),
    )
    size, angle, height = order_text_layout(frame)
    lines = base.mark_line(color="#bbbbbb").encode(detail="token_index:N")
    text = base.mark_text(fontSize=size, fontWeight="bold", angle=angle).encode(
        text="token:N",
        color=alt.Color("special:N", scale=alt.Scale(domain=[False, True], range=["#222222", "#ff7f0e"]),
                        legend=None),
        tooltip=[alt.Tooltip("sentence:N", title=t("reorder.chart.sentence")),
                 alt.Tooltip("position:O", title=t("reorder.chart.position_short")),
                 alt.Tooltip("token:N", title=t("reorder.chart.token")),
                 alt.Tooltip("token_index:O", title=t("reorder.chart.original_position"))],
    )
    return (lines + text).properties(height=height, title=t("reorder.chart.order_title"))


def token_difference_chart(frame: pd.DataFrame, *, title: str) -> alt.Chart:
    """Grouped bars of a :func:`~.view_frames.token_difference_frame` per token; ``title`` names the level.

    The y axis spans at least [0, 1], so all-zero differences read as bars of height zero.
    """
    all_zero = not (frame["max_abs_diff"] > 0).any()
    y_scale = alt.Scale(domain=[0, 1]) if all_zero else alt.Scale(zero=True)
    return (
        alt.Chart(frame, title=title)
        .mark_bar()
        .encode(
            x=alt.X("token:N", sort=alt.EncodingSortField("position", op="min"),
                    title=t("reorder.chart.token_original_order"), axis=alt.Axis(labelAngle=-45)),
            xOffset=alt.XOffset("setting:N"),
            y=alt.Y("max_abs_diff:Q", title=t("reorder.metric.largest"), scale=y_scale),
            color=alt.Color("setting:N", scale=_setting_colours(), title=None),
            tooltip=[alt.Tooltip("token:N", title=t("reorder.chart.token")),
                     alt.Tooltip("setting:N", title=t("reorder.chart.setting")),
                     alt.Tooltip("max_abs_diff:Q", format=".3g", title=t("reorder.metric.largest"))],
        )
        .properties(height=320)
    )


def attention_heatmap_chart(frame: pd.DataFrame) -> alt.Chart:
    """Heatmaps of an :func:`~.view_frames.attention_frame`: columns original / permuted, rows with / without positions.

    The colour scale is fixed to [0, 1] so panels compare.
    """
    return (
        alt.Chart(frame)
        .mark_rect()
        .encode(
            x=alt.X("key:N", sort=alt.EncodingSortField("key_position", op="min"), title=t("reorder.chart.key")),
            y=alt.Y("query:N", sort=alt.EncodingSortField("query_position", op="min"),
                    title=t("reorder.chart.query")),
            color=alt.Color("weight:Q", scale=alt.Scale(domain=[0, 1], scheme="viridis"),
                            title=t("reorder.chart.weight")),
            tooltip=[alt.Tooltip("query:N", title=t("reorder.chart.query")),
                     alt.Tooltip("key:N", title=t("reorder.chart.key_short")),
                     alt.Tooltip("weight:Q", format=".3f", title=t("reorder.chart.weight"))],
        )
        .properties(width=230, height=230)
        .facet(row=alt.Row("setting:N", sort=_settings(), title=None),
               column=alt.Column("sentence:N", sort=_sentences(), title=None))
        .resolve_scale(x="independent", y="independent")
    )


def next_token_chart(frame: pd.DataFrame) -> alt.Chart:
    """Bars of a :func:`~.view_frames.next_token_frame`, faceted by sentence and setting, on one probability axis."""
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            y=alt.Y("token:N", sort=alt.EncodingSortField("rank", op="min"), title=None),
            x=alt.X("probability:Q", title=t("reorder.chart.probability")),
            color=alt.Color("setting:N", scale=_setting_colours(), legend=None),
            tooltip=[alt.Tooltip("token:N", title=t("reorder.chart.token")),
                     alt.Tooltip("rank:O", title=t("reorder.chart.rank")),
                     alt.Tooltip("probability:Q", format=".3f", title=t("reorder.chart.probability_short"))],
        )
        .properties(width=260, height=120)
        .facet(row=alt.Row("setting:N", sort=_settings(), title=None),
               column=alt.Column("sentence:N", sort=_sentences(), title=None))
        .resolve_scale(y="independent")
    )
