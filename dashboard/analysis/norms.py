"""Row norms of a table."""

from __future__ import annotations

import numpy as np
import pandas as pd

from dashboard.tables import EmbeddingTables


def row_norms(table: np.ndarray) -> np.ndarray:
    """Euclidean norm of each row.

    Args:
        table: ``(n_rows, d_model)`` float32.

    Returns:
        ``(n_rows,)`` float32, each >= 0.
    """
    return np.linalg.norm(table, axis=1).astype(np.float32)


def token_norms_frame(tables: EmbeddingTables) -> pd.DataFrame:
    """Tidy frame of token-table row norms.

    Returns:
        Columns ``id`` (int, 0-based token id), ``token`` (display string),
        ``norm`` (float32 >= 0), ``used`` (False for padding rows with no token).
    """
    n_used = len(tables.vocabulary)
    ids = np.arange(tables.vocab_size)
    return pd.DataFrame({
        "id": ids,
        "token": [tables.token_label(i) for i in ids],
        "norm": row_norms(tables.token),
        "used": ids < n_used,
    })
