"""Block-averaged position x position similarity, for a heatmap with fewer pixels than the table has pairs."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from dashboard.analysis.norms import measure_rows
from dashboard.errors import QueryError
from dashboard.i18n import msg


class BlockSimilarity(NamedTuple):
    """A block-averaged position x position similarity matrix, ready for a heatmap.

    ``frame``: a row per cell, ``row`` and ``col`` (0-based first positions of the block; int16 when they fit) and
    ``value`` (float32 mean similarity: cosine in [-1, 1], or dot product); ``block``: positions per block side (the
    last may be shorter); ``n_positions``: in the table; ``measure``: ``cosine`` or ``dot``.
    """

    frame: pd.DataFrame
    block: int
    n_positions: int
    measure: str


def block_similarity(table: np.ndarray, *, max_cells: int = 128, measure: str = "cosine") -> BlockSimilarity:
    """Mean similarity of every pair of position blocks, at most ``max_cells`` (>= 1) blocks a side.

    The mean of ``r_a . r_b`` over a block pair ``A x B`` is ``mean(r_A) . mean(r_B)`` (rows unit-normalised for
    cosine), so only block means are formed. ``table`` is ``(n_positions, d_model)`` float; a block holds
    ``ceil(n_positions / max_cells)`` positions.

    Raises:
        QueryError: unknown measure or ``max_cells < 1``.
    """
    if max_cells < 1:
        raise QueryError(msg("err.positions.cells", cells=max_cells))
    rows = measure_rows(table, measure)
    n = rows.shape[0]
    block = -(-n // max_cells)
    starts = np.arange(0, n, block)
    counts = np.diff(np.append(starts, n))
    means = np.add.reduceat(rows, starts, axis=0) / counts[:, None]  # (n_blocks, d_model)
    values = means @ means.T
    # Narrow dtypes: the frame is what the browser receives (as Arrow), 8 bytes a cell.
    index_dtype = np.int16 if n <= np.iinfo(np.int16).max else np.int32
    row, col = np.meshgrid(starts, starts, indexing="ij")
    frame = pd.DataFrame({"row": row.ravel().astype(index_dtype), "col": col.ravel().astype(index_dtype),
                          "value": values.ravel().astype(np.float32)})
    return BlockSimilarity(frame, int(block), int(n), measure)
