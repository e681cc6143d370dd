"""Norms of the rows that have a token, and a table's rows made ready for a cosine or dot-product measure."""

from __future__ import annotations

import numpy as np

from dashboard.errors import QueryError
from dashboard.i18n import msg
from dashboard.tables import NORM_BLOCK_ROWS, EmbeddingTables

#: Similarity measures between rows: cosine (directions only) or dot product (directions and norms).
MEASURES = ("cosine", "dot")


def used_token_norms(tables: EmbeddingTables) -> np.ndarray:
    """Norms of the token-table rows that have a token (padding rows, which no token looks up, left out).

    ``(len(tables.vocabulary),)`` float32 >= 0 by token id: a read-only view of ``tables.token_norms``.
    """
    return tables.token_norms[: len(tables.vocabulary)]


def unit_rows(table: np.ndarray, *, mean: np.ndarray | None = None, dtype=np.float64) -> np.ndarray:
    """Rows (less ``mean``, if given) scaled to unit L2 norm, computed in float64 a block of rows at a time.

    ``table`` is ``(n_rows, d_model)`` float, ``mean`` ``(d_model,)`` (centred cosine). Returns ``(n_rows, d_model)`` of
    ``dtype`` (float32: a large table's in half the memory, with no float64 copy); all-zero rows stay zero, so their
    cosine with anything is 0.
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
