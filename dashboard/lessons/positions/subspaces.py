"""How much the token and position tables, added into one space, share their main directions.

Two measures: the share of one centred table's variance in the span of the other's top ``k`` principal directions
(a random subspace captures ``k / d_model``), and the principal angles between the two top-``k`` subspaces (Björck
& Golub 1973; 0 degrees shared, 90 orthogonal). Directions come from the ``d_model x d_model`` covariance.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd


def _centred(table: np.ndarray) -> np.ndarray:
    rows = np.asarray(table, dtype=np.float64)
    return rows - rows.mean(axis=0)


def principal_directions(table: np.ndarray, count: int) -> np.ndarray:
    """Top ``count`` (at most ``d_model``) principal directions of the centred rows of a ``(n_rows, d_model)`` table.

    Returns:
        ``(count, d_model)`` float64, orthonormal rows, largest variance first.
    """
    centred = _centred(table)
    eigenvalues, eigenvectors = np.linalg.eigh(centred.T @ centred)  # ascending
    order = np.argsort(eigenvalues)[::-1][:count]
    return eigenvectors[:, order].T


def cumulative_variance_captured(table: np.ndarray, directions: np.ndarray) -> np.ndarray:
    """Share of a ``(n_rows, d_model)`` table's centred variance in the span of the first ``k`` ``directions``.

    Returns:
        ``(count,)`` float64 in [0, 1] for ``(count, d_model)`` orthonormal ``directions``, entry ``k - 1`` for ``k``.
    """
    centred = _centred(table)
    total = float(np.square(centred).sum())
    along = np.square(centred @ directions.T).sum(axis=0)  # variance along each direction
    return np.cumsum(along) / total if total > 0 else np.zeros(directions.shape[0])


class SubspaceOverlap(NamedTuple):
    """Token vs position subspaces.

    Attributes:
        frame: columns ``k`` (subspace dimension), ``measure`` (``position variance in token top-k``, ``token
            variance in position top-k``, ``random k-dim subspace``) and ``share`` in [0, 1].
        angles: ``(angle_k,)`` float64, principal angles between the two top-``angle_k`` subspaces, degrees in
            [0, 90], smallest first.
    """

    frame: pd.DataFrame
    angles: np.ndarray


def compare_subspaces(token: np.ndarray, position: np.ndarray, *, max_k: int = 32,
                      angle_k: int = 10) -> SubspaceOverlap:
    """Variance each table keeps in the other's top-``k`` directions (``k = 1 .. max_k``), and principal angles.

    Args:
        token, position: ``(vocab_size, d_model)`` (used rows only) and ``(n_positions, d_model)`` float.
        max_k: largest subspace dimension (clipped to ``d_model`` and ``n_positions``).
        angle_k: dimension of the two subspaces whose principal angles are returned (clipped likewise).
    """
    from scipy.linalg import subspace_angles

    d_model = token.shape[1]
    max_k = min(max(max_k, angle_k), d_model, position.shape[0])
    angle_k = min(angle_k, max_k)
    token_dirs = principal_directions(token, max_k)
    position_dirs = principal_directions(position, max_k)
    ks = np.arange(1, max_k + 1)
    curves = {
        "position variance in token top-k": cumulative_variance_captured(position, token_dirs),
        "token variance in position top-k": cumulative_variance_captured(token, position_dirs),
        "random k-dim subspace": ks / d_model,
    }
    frame = pd.concat([pd.DataFrame({"k": ks, "measure": name, "share": share}) for name, share in curves.items()],
                      ignore_index=True)
    angles = np.sort(np.degrees(subspace_angles(token_dirs[:angle_k].T, position_dirs[:angle_k].T)))
    return SubspaceOverlap(frame, angles)
