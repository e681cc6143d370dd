"""Which rows of a position table look untrained, and what context length that suggests.

Trained position rows change smoothly, so each is close to its neighbours; rows that never got a gradient
(positions past the training context) keep their initialisation, unlike their neighbours and every other row
(random rows, or zero rows, whose cosine :func:`unit_rows` takes as 0). A trained row unlike its neighbours
(position 0) is still like some other row.
"""

from __future__ import annotations

import numpy as np

from dashboard.analysis.norms import unit_rows
from dashboard.i18n import msg

#: Random directions in d dimensions have cosines of standard deviation 1/sqrt(d): a row whose neighbours all
#: lie within this many of them of 0 is indistinguishable from a random initialisation.
UNTRAINED_SIGMAS = 4.0

#: Chance that a table of independent random rows has any pair found related (family-wise over all pairs,
#: Bonferroni): sets the threshold for "like another row".
ANY_ROW_FALSE_MATCH = 0.01

#: Rows per block when comparing flagged rows with every row (memory: ``ROW_BLOCK x n_positions`` float32).
ROW_BLOCK = 1024

#: The criterion behind ``untrained_positions``, as shown to users.
UNTRAINED_CRITERION = msg("positions.untrained_criterion", sigmas=UNTRAINED_SIGMAS,
                          confidence=1 - ANY_ROW_FALSE_MATCH)


def adjacent_cosines(table: np.ndarray) -> np.ndarray:
    """Cosine of rows ``t`` and ``t + 1``: ``(n_positions - 1,)`` float64 in [-1, 1].

    ``table``: ``(n_positions, d_model)`` float; entry ``t`` pairs 0-based positions ``t`` and ``t + 1``.
    """
    units = unit_rows(table)
    return np.einsum("td,td->t", units[:-1], units[1:])


def adjacent_cosine_mean(table: np.ndarray) -> float | None:
    """Mean cosine of consecutive positions in [-1, 1] (about 0 if random, near 1 if smooth); ``None`` for one row."""
    cosines = adjacent_cosines(table)
    return float(cosines.mean()) if cosines.size else None


def neighbour_cosines(table: np.ndarray) -> np.ndarray:
    """Largest ``|cosine|`` of each row with its neighbours: ``(n_positions,)`` float64 in [0, 1].

    ``max(|cos(t, t-1)|, |cos(t, t+1)|)``, one neighbour at either end; ``table``: ``(n_positions, d_model)``, 2+ rows.
    """
    near = np.abs(adjacent_cosines(table))
    padded = np.concatenate([[0.0], near, [0.0]])
    return np.maximum(padded[:-1], padded[1:])


def untrained_threshold(d_model: int) -> float:
    """Neighbour cosine below which a row looks untrained: ``4 / sqrt(d_model)`` (see :data:`UNTRAINED_CRITERION`)."""
    return UNTRAINED_SIGMAS / float(np.sqrt(d_model))


def sinusoidal_neighbour_cosine(d_model: int) -> float:
    """Cosine of neighbouring rows of the sinusoidal table of width ``d_model``, in (0, 1] (the same for every ``t``)."""
    from dashboard.analysis.sinusoidal import sinusoidal_table

    return float(adjacent_cosines(sinusoidal_table(2, d_model))[0])


def untrained_detectable(d_model: int) -> bool:
    """Whether the test can tell trained rows from random ones at this width (false up to ``d_model`` 18).

    It can while ``4 / sqrt(d_model)`` is below the neighbour cosine of the sinusoidal table (Vaswani et al. 2017),
    smooth by construction; otherwise that table would be flagged whole.
    """
    return untrained_threshold(d_model) < sinusoidal_neighbour_cosine(d_model)


def any_row_threshold(n_positions: int, d_model: int) -> float:
    """``|cosine|`` with another row above which a row counts as shaped by training, in (0, 1].

    For independent isotropic random vectors the squared cosine is Beta(1/2, (d_model - 1) / 2); the threshold is its
    upper quantile at :data:`ANY_ROW_FALSE_MATCH` over every pair (Bonferroni), at least :func:`untrained_threshold`.
    """
    from scipy.stats import beta

    pairs = max(n_positions * (n_positions - 1) / 2, 1.0)
    squared = beta.isf(ANY_ROW_FALSE_MATCH / pairs, 0.5, (d_model - 1) / 2)
    return max(float(np.sqrt(squared)), untrained_threshold(d_model))


def max_other_row_cosines(table: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Largest ``|cosine|`` of each of ``rows`` (``(k,)`` 0-based positions) with any other row: ``(k,)`` float64.

    In [0, 1]; ``table`` is ``(n_positions, d_model)`` float, compared :data:`ROW_BLOCK` rows at a time.
    """
    units = unit_rows(table, dtype=np.float32)
    best = np.zeros(len(rows))
    for start in range(0, len(rows), ROW_BLOCK):
        block = np.asarray(rows[start:start + ROW_BLOCK])
        cosines = np.abs(units[block] @ units.T)  # (block, n_positions)
        cosines[np.arange(len(block)), block] = 0.0  # a row is not "another row"
        best[start:start + len(block)] = cosines.max(axis=1)
    return best


def untrained_positions(table: np.ndarray) -> list[int]:
    """Sorted 0-based positions whose rows look untrained (:data:`UNTRAINED_CRITERION`).

    ``table`` is ``(n_positions, d_model)`` float; empty for one row or where :func:`untrained_detectable` is false.
    """
    n_positions, d_model = table.shape
    if n_positions < 2 or not untrained_detectable(d_model):
        return []
    candidates = np.flatnonzero(neighbour_cosines(table) < untrained_threshold(d_model))
    if candidates.size == 0:
        return []
    unrelated = max_other_row_cosines(table, candidates) < any_row_threshold(n_positions, d_model)
    return candidates[unrelated].tolist()


def untrained_tail_start(untrained: list[int], n_positions: int) -> int | None:
    """Start of the untrained run ending at the last row (an estimate of the context length), else ``None``."""
    flagged = set(untrained)
    if n_positions - 1 not in flagged:
        return None
    start = n_positions - 1
    while start - 1 in flagged:
        start -= 1
    return start
