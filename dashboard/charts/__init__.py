"""Altair chart builders: tidy DataFrame in, ``alt.Chart`` out (see :mod:`dashboard.charts.theme` for the theme)."""

from dashboard.charts import theme as _theme  # noqa: F401 (registers and enables the explorer's theme)
