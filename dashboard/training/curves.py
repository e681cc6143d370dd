"""How a run's tables change from step to step: one row of numbers per checkpoint.

Per table (token, position, output head): mean row norm (rows with a token only), mean L2 distance of each row from
the first checkpoint, and the adjacent-position cosine (position table; undefined while every row is zero).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from dashboard.analysis.untrained_rows import adjacent_cosine_mean
from dashboard.errors import ShapeMismatchError
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables

NORM, DISTANCE, ADJACENT = "mean row norm", "mean distance from first", "adjacent-position cosine"
#: Table names as the page shows them.
TOKEN, POSITION, HEAD = "token table", "position table", "output head"
#: The ``table`` and ``measure`` values of :func:`step_measures_frame` as a reader reads them (English: the same words).
LABELS = {
    TOKEN: msg("curves.table.token"), POSITION: msg("curves.table.position"), HEAD: msg("curves.table.head"),
    NORM: msg("curves.measure.norm"), DISTANCE: msg("curves.measure.distance"), ADJACENT: msg("curves.measure.adjacent"),
}


def named_tables(tables: EmbeddingTables) -> dict[str, np.ndarray]:
    """The tables a run's curves follow, ``{name: (rows, d_model) float32}``; padding rows and a tied head left out."""
    found = {TOKEN: tables.token[: len(tables.vocabulary)]}
    if tables.position is not None:
        found[POSITION] = tables.position
    if tables.output_head is not None:
        found[HEAD] = tables.output_head[: len(tables.vocabulary)]
    return found


def mean_row_distance(table: np.ndarray, start: np.ndarray) -> float:
    """Mean L2 distance (>= 0) of each row of ``table`` from the same row of ``start``, both ``(n_rows, d_model)``.

    Raises:
        ShapeMismatchError: the shapes differ.
    """
    if table.shape != start.shape:
        raise ShapeMismatchError(msg("err.curves.shapes", shape=str(table.shape), start=str(start.shape)))
    difference = np.asarray(table, dtype=np.float64) - np.asarray(start, dtype=np.float64)
    return float(np.linalg.norm(difference, axis=1).mean())


def position_cosine(position: np.ndarray) -> float | None:
    """Adjacent-position cosine in [-1, 1], or ``None`` when every row is zero (no direction yet)."""
    if not np.any(position):
        return None
    return adjacent_cosine_mean(position)


def _listed(names) -> Text:
    """Table names (keys of :data:`LABELS`) as one message, ``a, b``, each in the reader's language."""
    names = list(names)
    text = LABELS[names[0]]
    for name in names[1:]:
        text = msg("curves.list", first=text, then=LABELS[name])
    return text


def step_measures_frame(step: int, tables: EmbeddingTables, first: EmbeddingTables) -> pd.DataFrame:
    """One checkpoint's measures as tidy rows; distances are from ``first``, the run's first checkpoint.

    Returns:
        Columns ``step``, ``table`` (:data:`TOKEN`, :data:`POSITION`, :data:`HEAD`), ``measure`` (:data:`NORM`,
        :data:`DISTANCE`, :data:`ADJACENT`) and ``value`` (float; left out where a measure is undefined).

    Raises:
        ShapeMismatchError: a table's shape differs from ``first``'s, or one has a table the other lacks.
    """
    now, start = named_tables(tables), named_tables(first)
    if set(now) != set(start):
        raise ShapeMismatchError(msg("err.curves.tables", step=step, now=_listed(now), first=_listed(start)))
    rows = []
    for name, table in now.items():
        if table.shape != start[name].shape:  # say which checkpoint, which the bare distance cannot
            raise ShapeMismatchError(msg("err.curves.step_shapes", table=LABELS[name], step=step,
                                         shape=str(table.shape), start=str(start[name].shape)))
        rows.append((name, NORM, float(np.linalg.norm(table, axis=1).mean())))
        rows.append((name, DISTANCE, mean_row_distance(table, start[name])))
    if tables.position is not None:
        cosine = position_cosine(tables.position)
        if cosine is not None:
            rows.append((POSITION, ADJACENT, cosine))
    frame = pd.DataFrame(rows, columns=["table", "measure", "value"])
    frame.insert(0, "step", step)
    return frame
