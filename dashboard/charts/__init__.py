"""Chart builders: tidy data in, ``alt.Chart`` out (see :mod:`dashboard.charts.theme` for the theme), and the token
map's ``plotly`` figure (:mod:`dashboard.charts.token_map`)."""

from dashboard.charts import theme as _theme  # noqa: F401 (registers and enables the explorer's theme)
