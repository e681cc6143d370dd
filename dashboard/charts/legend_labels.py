"""Legend and tooltip labels in the reader's language, for charts whose frames keep English values.

Frames keep the analysis's values (``learned``, ``true``) so that charts and their exports compare the same in
every language; in English the spec is unchanged.
"""

from __future__ import annotations

import json
from typing import Sequence

import altair as alt

from dashboard.i18n import Text, msg, render

#: Data values the position charts put in legends -> the message a reader sees for each.
VALUE_LABELS: dict[str, Text] = {
    "learned": msg("positions.side.learned"),
    "sinusoidal reference": msg("positions.side.reference"),
    "position variance in token top-k": msg("positions.chart.position_in_token"),
    "token variance in position top-k": msg("positions.chart.token_in_position"),
    "random k-dim subspace": msg("positions.chart.random_subspace"),
    "true": msg("positions.chart.yes"),
    "false": msg("positions.chart.no"),
}


def value_labels(values: Sequence[str], labels: dict[str, Text] | None = None):
    """A Vega ``labelExpr`` showing legend ``values`` in the active language; ``alt.Undefined`` in English.

    ``labels`` maps value -> message (:data:`VALUE_LABELS` by default); a value not in it is shown as it is.
    """
    return _label_expression("datum.label", values, labels)


def _label_expression(reference: str, values: Sequence[str], labels: dict[str, Text] | None):
    labels = VALUE_LABELS if labels is None else labels
    shown = {value: render(labels.get(value, value)) for value in values}
    if all(label == value for value, label in shown.items()):
        return alt.Undefined
    expression = reference
    for value, label in reversed(list(shown.items())):
        quoted_value, quoted_label = json.dumps(value, ensure_ascii=False), json.dumps(label, ensure_ascii=False)
        expression = f"{reference} === {quoted_value} ? {quoted_label} : ({expression})"
    return expression


def shown_values(chart: alt.Chart, field: str, values: Sequence[str],
                 labels: dict[str, Text] | None = None) -> tuple[alt.Chart, str]:
    """``chart`` with a column showing ``field``'s values in the active language, for tooltips.

    ``values``: what ``field`` may hold, as strings (booleans as ``true`` / ``false``); ``labels`` as in
    :func:`value_labels`. Returns ``(chart, column)``: outside English the chart gains ``<field>_shown``, the column a
    tooltip should show; in English the chart and ``field`` come back unchanged.
    """
    expression = _label_expression(f'("" + datum[{json.dumps(field)}])', values, labels)
    if expression is alt.Undefined:
        return chart, field
    return chart.transform_calculate(**{f"{field}_shown": expression}), f"{field}_shown"
