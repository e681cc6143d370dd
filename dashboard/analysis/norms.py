"""Row norms of a table, and its rows made ready for a cosine or dot-product measure."""

from __future__ import annotations

import numpy as np

from dashboard.errors import QueryError
from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables

#: Similarity measures between rows: cosine (directions only) or dot product (directions and norms).
MEASURES = ("cosine", "dot")


def row_norms(table: np.ndarray) -> np.ndarray:
    """Euclidean norm of each row.

    Args:
        table: ``(n_rows, d_model)`` float32.

    Returns:
        ``(n_rows,)`` float32, each >= 0.
    """
    return np.linalg.norm(table, axis=1).astype(np.float32)


def used_token_norms(tables: EmbeddingTables) -> np.ndarray:
    """Norms of the token-table rows that have a token.

    Padding rows past the vocabulary (nanoGPT pads 50,257 tokens to 50,304
    rows) are left out: no token ever looks them up.

    Returns:
        ``(len(tables.vocabulary),)`` float32, each >= 0; entry ``i`` is token id ``i``'s row.
    """
    return row_norms(tables.token[: len(tables.vocabulary)])


def unit_rows(table: np.ndarray) -> np.ndarray:
    """Rows scaled to unit L2 norm.

    Args:
        table: ``(n_rows, d_model)`` float.

    Returns:
        ``(n_rows, d_model)`` float64; all-zero rows stay zero, so their cosine
        with anything is taken as 0.
    """
    table = np.asarray(table, dtype=np.float64)
    norms = np.linalg.norm(table, axis=1, keepdims=True)
    return np.divide(table, norms, out=np.zeros_like(table), where=norms > 0)


def measure_rows(table: np.ndarray, measure: str) -> np.ndarray:
    """Rows whose dot products are the ``measure``: unit rows for ``cosine``, the rows as float64 for ``dot``.

    Raises:
        QueryError: ``measure`` is not one of :data:`MEASURES`.
    """
    if measure not in MEASURES:
        raise QueryError(msg("err.positions.unknown_measure", measure=measure, choices=", ".join(MEASURES)))
    return unit_rows(table) if measure == "cosine" else np.asarray(table, dtype=np.float64)
