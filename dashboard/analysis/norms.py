"""Norms of the rows that have a token, and a table's rows made ready for a cosine or dot-product measure.

The row norm itself (:func:`~dashboard.tables.row_norms`) lives beside the tables, which keep the token table's.
"""

from __future__ import annotations

import numpy as np

from dashboard.errors import QueryError
from dashboard.i18n import msg
from dashboard.tables import NORM_BLOCK_ROWS, EmbeddingTables

#: Similarity measures between rows: cosine (directions only) or dot product (directions and norms).
MEASURES = ("cosine", "dot")


def used_token_norms(tables: EmbeddingTables) -> np.ndarray:
    """Norms of the token-table rows that have a token.

    Padding rows past the vocabulary (nanoGPT pads 50,257 tokens to 50,304
    rows) are left out: no token ever looks them up.

    Returns:
        ``(len(tables.vocabulary),)`` float32, each >= 0; entry ``i`` is token id ``i``'s row; a read-only view
        of :attr:`~dashboard.tables.EmbeddingTables.token_norms`, computed once per tables object.
    """
    return tables.token_norms[: len(tables.vocabulary)]


def unit_rows(table: np.ndarray, *, mean: np.ndarray | None = None, dtype=np.float64) -> np.ndarray:
    """Rows (less ``mean``, if given) scaled to unit L2 norm, computed in float64 a block of rows at a time.

    Args:
        table: ``(n_rows, d_model)`` float.
        mean: ``(d_model,)`` float, subtracted from every row first (centred cosine), or ``None``.
        dtype: of the result: float64, or float32 to hold a large table's unit rows in half the memory.

    Returns:
        ``(n_rows, d_model)`` of ``dtype``; all-zero rows stay zero, so their cosine
        with anything is taken as 0. No float64 copy of the whole table is made for a float32 result.
    """
    units = np.empty(table.shape, dtype)
    for start in range(0, table.shape[0], NORM_BLOCK_ROWS):
        block = np.asarray(table[start:start + NORM_BLOCK_ROWS], dtype=np.float64)
        if mean is not None:
            block = block - mean
        norms = np.linalg.norm(block, axis=1, keepdims=True)
        units[start:start + len(block)] = np.divide(block, norms, out=np.zeros_like(block), where=norms > 0)
    return units


def measure_rows(table: np.ndarray, measure: str) -> np.ndarray:
    """Rows whose dot products are the ``measure``: unit rows for ``cosine``, the rows as float64 for ``dot``.

    Raises:
        QueryError: ``measure`` is not one of :data:`MEASURES`.
    """
    if measure not in MEASURES:
        raise QueryError(msg("err.positions.unknown_measure", measure=measure, choices=", ".join(MEASURES)))
    return unit_rows(table) if measure == "cosine" else np.asarray(table, dtype=np.float64)
