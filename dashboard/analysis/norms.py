"""Row norms of a table."""

from __future__ import annotations

import numpy as np

from dashboard.tables import EmbeddingTables


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
