"""Chart builders: tidy data in, ``alt.Chart`` out (see :mod:`dashboard.charts.theme` for the theme). The token
map's figure is :mod:`dashboard.maps.chart`."""

from dashboard.charts import theme as _theme  # noqa: F401 (registers and enables the explorer's theme)
