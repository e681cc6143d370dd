"""One summary of a learned position table, for the Positions page and ``python -m dashboard positions``.

A learned ``(n_positions, d_model)`` table is added to the token rows, ``x_t = token[id_t] + position[t]``. Each
measure lives in its own module; none builds an ``n_positions x n_positions`` matrix.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dashboard.analysis.norms import MEASURES, unit_rows
from dashboard.analysis.position_blocks import BlockSimilarity, block_similarity
from dashboard.lessons.positions.offsets import offset_similarities
from dashboard.lessons.positions.closeness import SINUSOIDAL_MEASURE, similarity_correlation, sinusoidal_similarity
from dashboard.analysis.untrained_rows import (
    UNTRAINED_CRITERION,
    UNTRAINED_SIGMAS,
    adjacent_cosine_mean,
    adjacent_cosines,
    neighbour_cosines,
    untrained_positions,
    untrained_tail_start,
    untrained_threshold,
)

__all__ = [
    "MEASURES", "SINUSOIDAL_MEASURE", "UNTRAINED_CRITERION", "UNTRAINED_SIGMAS", "BlockSimilarity",
    "PositionSummary", "adjacent_cosine_mean", "adjacent_cosines", "block_similarity",
    "neighbour_cosines", "offset_similarities", "similarity_correlation", "sinusoidal_similarity",
    "summarise_positions", "unit_rows", "untrained_positions", "untrained_tail_start", "untrained_threshold",
]


@dataclass(frozen=True)
class PositionSummary:
    """The numbers of the Positions page and of ``python -m dashboard positions``.

    Attributes:
        n_positions, d_model: the table's shape.
        adjacent_cosine_mean: mean cosine of rows ``t`` and ``t + 1``, in [-1, 1].
        sinusoidal_similarity: see :data:`SINUSOIDAL_MEASURE`, in [-1, 1].
        untrained_positions: 0-based positions flagged by :data:`UNTRAINED_CRITERION`.
        untrained_tail_start: see :func:`untrained_tail_start`.
        norm_min, norm_mean, norm_max: L2 row norms.
    """

    n_positions: int
    d_model: int
    adjacent_cosine_mean: float | None
    sinusoidal_similarity: float
    untrained_positions: list[int]
    untrained_tail_start: int | None
    norm_min: float
    norm_mean: float
    norm_max: float


def summarise_positions(table: np.ndarray) -> PositionSummary:
    """Compute :class:`PositionSummary` for a ``(n_positions, d_model)`` table."""
    untrained = untrained_positions(table)
    norms = np.linalg.norm(np.asarray(table, dtype=np.float64), axis=1)
    return PositionSummary(
        n_positions=int(table.shape[0]),
        d_model=int(table.shape[1]),
        adjacent_cosine_mean=adjacent_cosine_mean(table),
        sinusoidal_similarity=sinusoidal_similarity(table),
        untrained_positions=untrained,
        untrained_tail_start=untrained_tail_start(untrained, table.shape[0]),
        norm_min=float(norms.min()),
        norm_mean=float(norms.mean()),
        norm_max=float(norms.max()),
    )
