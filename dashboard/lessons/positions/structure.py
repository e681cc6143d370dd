"""One summary of a learned position table, for the Positions page and ``python -m dashboard positions``.

A learned ``(n_positions, d_model)`` table is added to the token rows, ``x_t = token[id_t] + position[t]``. The
measures: similarity by offset, closeness to the sinusoidal table, single dimensions and their spectra, the PCA
trajectory, and the subspace shared with the token table. None builds an ``n_positions x n_positions`` matrix.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Sequence

import numpy as np
import pandas as pd

from dashboard.analysis.norms import MEASURES, measure_rows, unit_rows
from dashboard.analysis.position_blocks import BlockSimilarity, block_similarity
from dashboard.analysis.sinusoidal import sinusoidal_table
from dashboard.analysis.untrained_rows import (UNTRAINED_CRITERION, UNTRAINED_SIGMAS, adjacent_cosine_mean,
                                               adjacent_cosines, neighbour_cosines, untrained_positions,
                                               untrained_tail_start, untrained_threshold)
from dashboard.errors import QueryError, ShapeMismatchError
from dashboard.i18n import msg

__all__ = [
    "MEASURES", "SINUSOIDAL_MEASURE", "UNTRAINED_CRITERION", "UNTRAINED_SIGMAS", "BlockSimilarity",
    "PositionSummary", "adjacent_cosine_mean", "adjacent_cosines", "block_similarity",
    "neighbour_cosines", "offset_similarities", "similarity_correlation", "sinusoidal_similarity",
    "summarise_positions", "unit_rows", "untrained_positions", "untrained_tail_start", "untrained_threshold",
    "SubspaceOverlap", "Trajectory", "compare_subspaces", "cumulative_variance_captured", "dimension_frame",
    "pca_trajectory", "principal_directions", "spectrum_frame", "top_variance_dimensions",
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


def offset_similarities(table: np.ndarray, measure: str = "cosine") -> np.ndarray:
    """Mean ``measure`` (``cosine``, in [-1, 1], or ``dot``) of positions ``t`` and ``t + k`` for every offset ``k``.

    Column autocorrelations of the ``(n_positions, d_model)`` table by zero-padded FFT: ``O(n log n)`` per column,
    no ``n x n`` matrix.

    Returns:
        ``(n_positions,)`` float64; entry ``k`` averages the ``n_positions - k`` pairs at offset ``k``.
    """
    rows = measure_rows(table, measure)
    n = rows.shape[0]
    size = 1 << int(np.ceil(np.log2(2 * n)))
    spectrum = np.fft.rfft(rows, n=size, axis=0)
    sums = np.fft.irfft((spectrum * spectrum.conj()).real.sum(axis=1), n=size)[:n]
    return sums / (n - np.arange(n))


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


def _check_dimensions(dimensions: Sequence[int], d_model: int) -> list[int]:
    bad = [d for d in dimensions if not 0 <= d < d_model]
    if bad:
        raise QueryError(msg("err.positions.dimensions", bad=bad, last=d_model - 1, d_model=d_model))
    return list(dict.fromkeys(int(d) for d in dimensions))


def top_variance_dimensions(table: np.ndarray, count: int = 4) -> list[int]:
    """The ``count`` dimensions (0-based columns) that vary most over positions, largest first."""
    variance = np.asarray(table, dtype=np.float64).var(axis=0)
    return np.argsort(-variance, kind="stable")[:count].tolist()


def dimension_frame(table: np.ndarray, dimensions: Sequence[int]) -> pd.DataFrame:
    """Chosen 0-based columns of a ``(n_positions, d_model)`` table, long: ``position``, ``dimension``, ``value``.

    Raises:
        QueryError: a dimension is outside ``0 .. d_model - 1``.
    """
    dimensions = _check_dimensions(dimensions, table.shape[1])
    n = table.shape[0]
    return pd.DataFrame({
        "position": np.tile(np.arange(n), len(dimensions)),
        "dimension": np.repeat(dimensions, n),
        "value": np.asarray(table[:, dimensions], dtype=np.float64).T.ravel(),
    })


def spectrum_frame(table: np.ndarray, dimensions: Sequence[int]) -> pd.DataFrame:
    """Amplitude spectrum over position of chosen 0-based columns of a ``(n_positions >= 2, d_model)`` table.

    Returns:
        Columns ``dimension``, ``frequency`` (cycles per position, in ``(0, 0.5]``; the constant term is dropped),
        ``period`` (positions per cycle) and ``amplitude`` (units of the table, >= 0).

    Raises:
        QueryError: a dimension is outside ``0 .. d_model - 1``.
    """
    dimensions = _check_dimensions(dimensions, table.shape[1])
    n = table.shape[0]
    columns = np.asarray(table[:, dimensions], dtype=np.float64)
    columns = columns - columns.mean(axis=0)
    amplitude = 2.0 * np.abs(np.fft.rfft(columns, axis=0)) / n  # (n // 2 + 1, len(dimensions))
    frequency = np.fft.rfftfreq(n)
    keep = slice(1, None)
    count = frequency[keep].size
    return pd.DataFrame({
        "dimension": np.repeat(dimensions, count),
        "frequency": np.tile(frequency[keep], len(dimensions)),
        "period": np.tile(1.0 / frequency[keep], len(dimensions)),
        "amplitude": amplitude[keep].T.ravel(),
    })


class Trajectory(NamedTuple):
    """PCA of a position table (components of the centred rows; signs arbitrary but deterministic).

    Attributes:
        points: columns ``position`` (0-based) and ``pc1`` .. ``pcK`` (coordinates, units of the table).
        explained: columns ``component`` (1-based), ``explained_variance_ratio`` (share of the centred table's
            variance, in [0, 1]) and ``cumulative`` (running sum).
    """

    points: pd.DataFrame
    explained: pd.DataFrame


def pca_trajectory(table: np.ndarray, *, n_coordinates: int = 3, n_explained: int = 10) -> Trajectory:
    """Project the rows of a ``(n_positions >= 2, d_model)`` table on their top principal components.

    Keeps ``n_coordinates`` components as coordinates (3 for the 3D view) and lists ``n_explained`` in
    ``explained``; fewer when the table has fewer rows or columns.
    """
    from sklearn.decomposition import PCA

    rows = np.asarray(table, dtype=np.float64)
    n_components = min(max(n_coordinates, n_explained), rows.shape[0], rows.shape[1])
    pca = PCA(n_components=n_components, svd_solver="full")
    coordinates = pca.fit_transform(rows)
    points = pd.DataFrame({"position": np.arange(rows.shape[0])})
    for k in range(min(n_coordinates, n_components)):
        points[f"pc{k + 1}"] = coordinates[:, k]
    ratios = pca.explained_variance_ratio_[:n_explained]
    explained = pd.DataFrame({"component": np.arange(1, ratios.size + 1), "explained_variance_ratio": ratios,
                              "cumulative": np.cumsum(ratios)})
    return Trajectory(points, explained)


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
