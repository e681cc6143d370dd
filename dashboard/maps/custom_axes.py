"""Custom axes: a 2D map whose x runs from one query to another, and y from a third to a fourth.

As the Embedding Projector's "Custom" projection (Smilkov et al. 2016, arXiv:1611.05469): with an axis direction
``u = (to - from) / ||to - from||``, row ``i`` lies at ``(row_i - mean) . u``, centred, not normalised. The two
directions need not be orthogonal; the cosine between them says how far the axes measure the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from dashboard.analysis.queries import Expression, TermResolver, expression_vector, resolve_expression
from dashboard.errors import QueryError
from dashboard.i18n import Text, msg
from dashboard.maps.projection import Projection

#: Method value of a custom-axes map (beside :data:`dashboard.maps.projection.METHODS`).
AXES_METHOD = "axes"
AXIS_ENDS = ("x_from", "x_to", "y_from", "y_to")
#: The Embedding Projector's example.
DEFAULT_QUERIES = {"x_from": "he", "x_to": "she", "y_from": "king", "y_to": "queen"}
#: Tables whose rows belong to tokens, so that token queries have a row there.
AXES_TABLES = ("token", "head")
#: Rows per block when projecting (a block's centred copy stays small in memory).
BLOCK_ROWS = 65_536


@dataclass(frozen=True)
class AxisQueries:
    """The four queries of a custom-axes map, as typed: x from ``x_from`` to ``x_to``, y from ``y_from`` to ``y_to``."""

    x_from: str = DEFAULT_QUERIES["x_from"]
    x_to: str = DEFAULT_QUERIES["x_to"]
    y_from: str = DEFAULT_QUERIES["y_from"]
    y_to: str = DEFAULT_QUERIES["y_to"]

    def ends(self) -> tuple[str, str, str, str]:
        """``(x_from, x_to, y_from, y_to)``."""
        return (self.x_from, self.x_to, self.y_from, self.y_to)


@dataclass(frozen=True, eq=False)
class AxesProjection(Projection):
    """A custom-axes map: a :class:`Projection` (``method="axes"``, 2D) with what built its axes.

    Attributes:
        directions, cosine: ``(2, d_model)`` float64 unit vectors of x and y; the cosine between them, in [-1, 1].
        titles, expressions: the axis titles (``"he → she"``); the four resolved queries, in :data:`AXIS_ENDS` order.
        ends: ``(4,)`` float64, each query's own vector on its axis, centred like the rows.
    """

    directions: np.ndarray = field(default_factory=lambda: np.zeros((2, 0)))
    cosine: float = 0.0
    titles: tuple[str, str] = ("", "")
    expressions: tuple[Expression, ...] = ()
    ends: np.ndarray = field(default_factory=lambda: np.zeros(4))

    def describe_ends(self) -> Text:
        """Where the four queries lie on their axes, for a caption (English as a ``str``)."""
        return msg("axes.ends", x_from=self.expressions[0].describe(), x_to=self.expressions[1].describe(),
                   y_from=self.expressions[2].describe(), y_to=self.expressions[3].describe(),
                   x0=float(self.ends[0]), x1=float(self.ends[1]), y0=float(self.ends[2]), y1=float(self.ends[3]))

    def describe(self) -> Text:
        """One line for captions: the two axes, centring, the cosine between them (English as a ``str``)."""
        return msg("axes.describe", x=self.titles[0], y=self.titles[1], cosine=self.cosine)


def axis_direction(start: np.ndarray, end: np.ndarray, axis: str) -> np.ndarray:
    """``(d_model,)`` float64 unit vector from ``start`` to ``end``; ``axis`` (``x`` or ``y``) names it in errors.

    Raises:
        QueryError: ``start`` and ``end`` are the same vector (or not finite), so there is no direction.
    """
    difference = np.asarray(end, np.float64) - np.asarray(start, np.float64)
    length = float(np.linalg.norm(difference))
    if not np.isfinite(length) or length == 0.0:
        raise QueryError(msg("err.axes.no_direction", axis=axis))
    return difference / length


def project_on_axes(table: np.ndarray, directions: np.ndarray) -> np.ndarray:
    """``(row - mean_row) . direction`` for every row and direction, computed in float64.

    ``table`` ``(n_rows, d_model)`` float32, ``directions`` ``(n_axes, d_model)`` unit vectors -> ``(n_rows, n_axes)``
    float32.
    """
    mean = table.mean(axis=0, dtype=np.float64)
    coords = np.empty((len(table), len(directions)), np.float32)
    offset = mean @ directions.T
    for start in range(0, len(table), BLOCK_ROWS):  # float64 blocks: exact enough, never a full float64 copy
        block = table[start:start + BLOCK_ROWS].astype(np.float64)
        coords[start:start + BLOCK_ROWS] = block @ directions.T - offset
    return coords


def _title(start: Expression, end: Expression) -> str:
    return f"{start.describe()} → {end.describe()}"


def custom_axes_projection(table: np.ndarray, table_name: str, queries: AxisQueries,
                           resolver: TermResolver) -> AxesProjection:
    """The custom-axes map of ``table``: x from ``queries.x_from`` to ``x_to``, y from ``y_from`` to ``y_to``.

    ``table``: ``(vocab_size, d_model)`` float32, the token table or stored head (:data:`AXES_TABLES`); coordinates
    ``(vocab_size, 2)`` float32.

    Raises:
        QueryError: a table without token rows (position), a query that does not resolve, or an axis whose two
            ends are the same vector.
    """
    if table_name not in AXES_TABLES:
        raise QueryError(msg("err.axes.table", table=table_name))
    expressions = []
    vectors = []
    for end, text in zip(AXIS_ENDS, queries.ends()):
        if not text.strip():
            raise QueryError(msg("err.axes.empty", end=end))
        expression, _ = resolve_expression(text, resolver)
        expressions.append(expression)
        vectors.append(expression_vector(expression, table))
    directions = np.stack([axis_direction(vectors[0], vectors[1], "x"), axis_direction(vectors[2], vectors[3], "y")])
    cosine = float(np.clip(directions[0] @ directions[1], -1.0, 1.0))
    coords = project_on_axes(table, directions)
    mean = table.mean(axis=0, dtype=np.float64)
    ends = np.array([(np.asarray(vector, np.float64) - mean) @ directions[axis]
                     for vector, axis in zip(vectors, (0, 0, 1, 1))])
    titles = (_title(expressions[0], expressions[1]), _title(expressions[2], expressions[3]))
    parameters = {"n_components": 2, "x": titles[0], "y": titles[1], "centred": True, "normalised": False}
    return AxesProjection(coords=coords, method=AXES_METHOD, parameters=parameters, versions={}, notes=(),
                          directions=directions, cosine=cosine, titles=titles, expressions=tuple(expressions),
                          ends=ends)
