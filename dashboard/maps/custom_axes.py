"""Custom axes: a 2D map whose x runs from one query to another, and y from a third to a fourth.

As the Embedding Projector's "Custom" projection (Smilkov et al. 2016, arXiv:1611.05469). Each end is a query
(:func:`dashboard.analysis.queries.resolve_expression`) read in the map's table; a direction is
``u = (to - from) / ||to - from||``, and row ``i`` lies at ``(row_i - mean) . u_x``, ``(row_i - mean) . u_y``:
centred, not normalised (a long row can lie far out). The two directions need not be orthogonal; the cosine
between them says how far the axes measure the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from dashboard.maps.projection import Projection
from dashboard.analysis.queries import Expression, TermResolver, expression_vector, resolve_expression
from dashboard.errors import QueryError
from dashboard.i18n import Text, msg

#: Method value of a custom-axes map (beside :data:`dashboard.maps.projection.METHODS`).
AXES_METHOD = "axes"
#: The four queries of a map, in order: x from, x to, y from, y to.
AXIS_ENDS = ("x_from", "x_to", "y_from", "y_to")
#: The Embedding Projector's example.
DEFAULT_QUERIES = {"x_from": "he", "x_to": "she", "y_from": "king", "y_to": "queen"}
#: Tables whose rows belong to tokens, so that token queries have a row there.
AXES_TABLES = ("token", "head")
#: Rows per block when projecting (a block's centred copy stays small in memory).
BLOCK_ROWS = 65_536


@dataclass(frozen=True)
class AxisQueries:
    """The four queries of a custom-axes map, as typed.

    Attributes:
        x_from, x_to: the x axis runs from ``x_from`` (low) to ``x_to`` (high).
        y_from, y_to: the y axis runs from ``y_from`` to ``y_to``.
    """

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
        directions: ``(2, d_model)`` float64 unit vectors of x and y.
        cosine: cosine between the two directions, in [-1, 1].
        titles: the axis titles, ``("he → she", "king → queen")``, from the expressions as read.
        expressions: the four resolved queries, in :data:`AXIS_ENDS` order.
        ends: ``(4,)`` float64, where each query's own vector lies on its axis
            (x for ``x_from``/``x_to``, y for ``y_from``/``y_to``), centred like the rows;
            ``ends[1] - ends[0]`` is the distance between the two x queries' vectors.
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
    """The unit vector from ``start`` to ``end``.

    Args:
        start, end: ``(d_model,)`` vectors (any float dtype).
        axis: ``x`` or ``y``, for the error message.

    Returns:
        ``(d_model,)`` float64 with norm 1.

    Raises:
        QueryError: ``start`` and ``end`` are the same vector (or not finite), so there is no direction.
    """
    difference = np.asarray(end, np.float64) - np.asarray(start, np.float64)
    length = float(np.linalg.norm(difference))
    if not np.isfinite(length) or length == 0.0:
        raise QueryError(msg("err.axes.no_direction", axis=axis))
    return difference / length


def project_on_axes(table: np.ndarray, directions: np.ndarray) -> np.ndarray:
    """Dot products of every centred row with each direction.

    Args:
        table: ``(n_rows, d_model)`` float32.
        directions: ``(n_axes, d_model)`` float64 unit vectors.

    Returns:
        ``(n_rows, n_axes)`` float32: ``(row - mean_row) . direction``, computed in float64.
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

    Args:
        table: ``(vocab_size, d_model)`` float32, the token table or the stored
            output head (row ``i`` belongs to token ``i``).
        table_name: ``token`` or ``head`` (see :data:`AXES_TABLES`).
        queries: the four queries.
        resolver: looks the queries up in the checkpoint's vocabulary.

    Returns:
        Coordinates ``(n_rows, 2)`` float32 and the axes' directions, titles and cosine.

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
