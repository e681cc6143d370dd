"""Chart builders: tidy data in, ``alt.Chart`` out (theme: :mod:`dashboard.charts.theme`)."""

from dashboard.charts import theme as _theme  # noqa: F401 (registers and enables the explorer's theme)
