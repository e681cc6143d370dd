"""Which rows of a position table look untrained, and what context length that suggests.

Trained position rows change smoothly with position, so each is close to its
neighbours; rows that never received a gradient (positions past the context
used in training) keep their independent random initialisation, unrelated to
their neighbours. See :data:`UNTRAINED_CRITERION`.
"""

from __future__ import annotations

import numpy as np

from dashboard.analysis.norms import unit_rows

#: Cosines between independent random directions in d dimensions have standard
#: deviation 1/sqrt(d); a row whose neighbours are all within this many standard
#: deviations of 0 is indistinguishable from a random initialisation.
UNTRAINED_SIGMAS = 4.0

#: The criterion behind ``untrained_positions``, as shown to users.
UNTRAINED_CRITERION = (
    "a position is flagged as untrained when its row is unrelated to both neighbouring rows: "
    "max(|cos(t, t-1)|, |cos(t, t+1)|) < 4 / sqrt(d_model), i.e. within 4 standard deviations of the cosine "
    "between two independent random vectors. Trained rows change smoothly with position (high neighbour "
    "cosine); rows that never received a gradient keep their i.i.d. random initialisation (only rescaled by "
    "weight decay), so the test does not depend on the initialisation scale"
)


def adjacent_cosines(table: np.ndarray) -> np.ndarray:
    """Cosine between rows ``t`` and ``t + 1``.

    Args:
        table: ``(n_positions, d_model)`` float.

    Returns:
        ``(n_positions - 1,)`` float64, each in [-1, 1]; entry ``t`` pairs
        0-based positions ``t`` and ``t + 1``.
    """
    units = unit_rows(table)
    return np.einsum("td,td->t", units[:-1], units[1:])


def adjacent_cosine_mean(table: np.ndarray) -> float | None:
    """Mean cosine of consecutive positions, in [-1, 1]; ``None`` for a one-row table.

    About 0 for random rows; near 1 for a smooth learned table.
    """
    cosines = adjacent_cosines(table)
    return float(cosines.mean()) if cosines.size else None


def neighbour_cosines(table: np.ndarray) -> np.ndarray:
    """Largest ``|cosine|`` of each row with its neighbouring rows.

    Args:
        table: ``(n_positions, d_model)`` float, at least 2 rows.

    Returns:
        ``(n_positions,)`` float64 in [0, 1]: ``max(|cos(t, t-1)|, |cos(t, t+1)|)``,
        one neighbour at either end.
    """
    near = np.abs(adjacent_cosines(table))
    padded = np.concatenate([[0.0], near, [0.0]])
    return np.maximum(padded[:-1], padded[1:])


def untrained_threshold(d_model: int) -> float:
    """Neighbour cosine below which a row looks untrained: ``4 / sqrt(d_model)`` (see :data:`UNTRAINED_CRITERION`)."""
    return UNTRAINED_SIGMAS / float(np.sqrt(d_model))


def untrained_positions(table: np.ndarray) -> list[int]:
    """0-based positions whose rows look untrained (see :data:`UNTRAINED_CRITERION`).

    Args:
        table: ``(n_positions, d_model)`` float.

    Returns:
        Sorted 0-based positions; empty for a one-row table (no neighbours to compare).
    """
    if table.shape[0] < 2:
        return []
    flagged = neighbour_cosines(table) < untrained_threshold(table.shape[1])
    return np.flatnonzero(flagged).tolist()


def untrained_tail_start(untrained: list[int], n_positions: int) -> int | None:
    """First position of the run of untrained positions that ends at the last row.

    That run is the usual sign of a table longer than the context used in
    training; its start estimates that context length. ``None`` when the last
    position is not flagged.
    """
    flagged = set(untrained)
    if n_positions - 1 not in flagged:
        return None
    start = n_positions - 1
    while start - 1 in flagged:
        start -= 1
    return start
