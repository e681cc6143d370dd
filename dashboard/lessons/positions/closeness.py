"""How close a learned position table is to the sinusoidal table of the same shape.

Trained dimensions match no sinusoidal ones, so the position x position cosine matrices are compared instead, by
Pearson correlation of off-diagonal entries (RSA, Kriegeskorte et al. 2008): 1 for any rotation or row rescaling,
about 0 for random rows. Not linear CKA: it is biased upward when ``n_positions`` is close to ``d_model``.
"""

from __future__ import annotations

import numpy as np

from dashboard.analysis.norms import unit_rows
from dashboard.analysis.sinusoidal import sinusoidal_table
from dashboard.errors import ShapeMismatchError
from dashboard.i18n import msg

#: The closeness measure behind ``sinusoidal_similarity``, as shown to users.
SINUSOIDAL_MEASURE = msg("positions.sinusoidal_measure")


def similarity_correlation(first: np.ndarray, second: np.ndarray) -> float:
    """Correlation of two tables' position x position cosine matrices (see :data:`SINUSOIDAL_MEASURE`).

    Every sum the off-diagonal Pearson correlation needs is a ``d x d`` product of the unit rows
    (``sum A = |sum_t u_t|^2``, ``sum A^2 = |U^T U|_F^2``, ``sum A * B = |U^T V|_F^2``): no ``n x n`` matrix.

    Args:
        first, second: ``(n_positions, d_first)`` and ``(n_positions, d_second)`` float; widths may differ.

    Returns:
        Correlation in [-1, 1] (1: the geometries agree up to rotation and row scaling); ``nan`` when one matrix is
        constant (fewer than 3 rows, or all rows parallel).

    Raises:
        ShapeMismatchError: the tables have different numbers of rows.
    """
    if first.shape[0] != second.shape[0]:
        raise ShapeMismatchError(msg("err.positions.rows_differ", first=first.shape[0], second=second.shape[0]))
    u, v = unit_rows(first), unit_rows(second)
    n = u.shape[0]
    pairs = n * (n - 1)
    if pairs == 0:
        return float("nan")
    diag_u, diag_v = float((u * u).sum()), float((v * v).sum())  # n, less any zero rows
    sum_a = float(np.square(u.sum(axis=0)).sum()) - diag_u
    sum_b = float(np.square(v.sum(axis=0)).sum()) - diag_v
    sum_aa = float(np.square(u.T @ u).sum()) - float(np.square((u * u).sum(axis=1)).sum())
    sum_bb = float(np.square(v.T @ v).sum()) - float(np.square((v * v).sum(axis=1)).sum())
    sum_ab = float(np.square(u.T @ v).sum()) - float(((u * u).sum(axis=1) * (v * v).sum(axis=1)).sum())
    mean_a, mean_b = sum_a / pairs, sum_b / pairs
    covariance = sum_ab / pairs - mean_a * mean_b
    variance = (sum_aa / pairs - mean_a ** 2) * (sum_bb / pairs - mean_b ** 2)
    if variance <= 1e-24:
        return float("nan")
    return float(np.clip(covariance / np.sqrt(variance), -1.0, 1.0))


def sinusoidal_similarity(table: np.ndarray) -> float:
    """Closeness of ``table`` to the same-shape sinusoidal table, in [-1, 1] (:func:`similarity_correlation`)."""
    return similarity_correlation(table, sinusoidal_table(*table.shape))
