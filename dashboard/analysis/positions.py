"""Structure of a position table: similarity between positions, untrained rows, one summary.

A learned position table ``(n_positions, d_model)`` is added row by row to the
token vectors, ``x_t = token_embedding[id_t] + position_embedding[t]``. The
functions here ask what training made of it. None of them builds an
``n_positions x n_positions`` matrix: block means and offset means come from
sums of rows (see each function), so long tables cost ``O(n_positions d_model)``
memory.

Closeness to the sinusoidal table (:data:`SINUSOIDAL_MEASURE`): a learned table
is only defined up to a rotation of d_model space (the next layer can absorb
any orthogonal map), so comparing entries is meaningless. We compare what is
rotation-invariant, the position x position cosine-similarity matrices: the
Pearson correlation of their off-diagonal entries (representational similarity
analysis, Kriegeskorte et al. 2008). It is 1 for any rotation or row rescaling
of the sinusoidal table, about 0 for random rows. Linear CKA (Kornblith et al.
2019) is also rotation-invariant but is biased upward when n_positions is
close to d_model (about 0.14 for pure noise at 512 x 384), so we do not use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pandas as pd

from dashboard.analysis.sinusoidal import sinusoidal_table
from dashboard.errors import QueryError, ShapeMismatchError

#: The closeness measure behind ``sinusoidal_similarity``, as shown to users.
SINUSOIDAL_MEASURE = (
    "Pearson correlation between the off-diagonal entries of the two position x position cosine-similarity "
    "matrices (learned vs Vaswani et al. 2017 sinusoidal table of the same shape); invariant to rotations of "
    "d_model space, 1 = same geometry, about 0 = unrelated"
)

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

MEASURES = ("cosine", "dot")


def _check_measure(measure: str) -> None:
    if measure not in MEASURES:
        raise QueryError(f"unknown similarity measure {measure!r}; choose one of {', '.join(MEASURES)}")


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


def _rows_for(table: np.ndarray, measure: str) -> np.ndarray:
    _check_measure(measure)
    return unit_rows(table) if measure == "cosine" else np.asarray(table, dtype=np.float64)


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


class BlockSimilarity(NamedTuple):
    """A block-averaged position x position similarity matrix, ready for a heatmap.

    Attributes:
        frame: columns ``row`` and ``col`` (0-based first position of each
            block; int16 when positions fit), ``value`` (float32 mean similarity
            over the block: cosine in [-1, 1] or dot product), one row per cell.
        block: positions per block side (the last block may be shorter).
        n_positions: positions in the table.
        measure: ``cosine`` or ``dot``.
    """

    frame: pd.DataFrame
    block: int
    n_positions: int
    measure: str


def block_similarity(table: np.ndarray, *, max_cells: int = 128, measure: str = "cosine") -> BlockSimilarity:
    """Mean similarity of every pair of position blocks, at most ``max_cells`` blocks a side.

    The mean of ``s(a, b) = r_a . r_b`` over a block pair ``A x B`` is
    ``mean(r_A) . mean(r_B)`` (rows ``r`` unit-normalised for cosine), so the
    full matrix is never formed.

    Args:
        table: ``(n_positions, d_model)`` float.
        max_cells: most blocks per side (>= 1); blocks hold
            ``ceil(n_positions / max_cells)`` positions.
        measure: ``cosine`` or ``dot``.

    Returns:
        A :class:`BlockSimilarity` with at most ``max_cells ** 2`` cells.

    Raises:
        QueryError: unknown measure or ``max_cells < 1``.
    """
    if max_cells < 1:
        raise QueryError(f"the heatmap needs at least 1 cell a side, got {max_cells}")
    rows = _rows_for(table, measure)
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


def offset_similarities(table: np.ndarray, measure: str = "cosine") -> np.ndarray:
    """Mean similarity of positions ``t`` and ``t + k`` for every offset ``k``.

    Sums over ``t`` of ``r_t . r_{t+k}`` are the autocorrelations of the
    columns, summed over columns; they are taken with a zero-padded FFT
    (``O(n log n)`` per column, no ``n x n`` matrix).

    Args:
        table: ``(n_positions, d_model)`` float.
        measure: ``cosine`` (result in [-1, 1]) or ``dot``.

    Returns:
        ``(n_positions,)`` float64; entry ``k`` is the mean over the
        ``n_positions - k`` pairs at offset ``k`` (entry 0 is 1 for cosine).
    """
    rows = _rows_for(table, measure)
    n = rows.shape[0]
    size = 1 << int(np.ceil(np.log2(2 * n)))
    spectrum = np.fft.rfft(rows, n=size, axis=0)
    sums = np.fft.irfft((spectrum * spectrum.conj()).real.sum(axis=1), n=size)[:n]
    return sums / (n - np.arange(n))


def offset_similarity_frame(table: np.ndarray, measure: str = "cosine", *, label: str = "learned") -> pd.DataFrame:
    """Tidy frame of :func:`offset_similarities` for offsets 1 .. n_positions - 1.

    Returns:
        Columns ``offset`` (k, positions), ``similarity`` (mean over pairs
        at offset k), ``pairs`` (how many pairs the mean is over), ``table`` (``label``).
    """
    means = offset_similarities(table, measure)
    n = means.size
    offsets = np.arange(1, n)
    return pd.DataFrame({"offset": offsets, "similarity": means[1:], "pairs": n - offsets, "table": label})


def similarity_correlation(first: np.ndarray, second: np.ndarray) -> float:
    """Correlation of two tables' position x position cosine matrices (see :data:`SINUSOIDAL_MEASURE`).

    With unit rows ``U`` and cosine matrix ``A = U U^T``, every sum the Pearson
    correlation over off-diagonal entries needs is a ``d x d`` product:
    ``sum A = |sum_t u_t|^2``, ``sum A^2 = |U^T U|_F^2``,
    ``sum A * B = |U^T V|_F^2``, and the diagonal entries are 1, so the
    ``n x n`` matrices are never formed.

    Args:
        first: ``(n_positions, d_first)`` float.
        second: ``(n_positions, d_second)`` float; widths may differ.

    Returns:
        Correlation in [-1, 1]; 1 when the two geometries agree up to rotation
        and row scaling. ``nan`` when one matrix is constant (fewer than 3 rows,
        or all rows parallel).

    Raises:
        ShapeMismatchError: the tables have different numbers of rows.
    """
    if first.shape[0] != second.shape[0]:
        raise ShapeMismatchError(f"cannot compare {first.shape[0]} positions with {second.shape[0]} positions")
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
    """Closeness of a position table to the sinusoidal table of the same shape, in [-1, 1].

    See :data:`SINUSOIDAL_MEASURE` and :func:`similarity_correlation`.
    """
    return similarity_correlation(table, sinusoidal_table(*table.shape))


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


def row_norm_frame(table: np.ndarray, untrained: list[int]) -> pd.DataFrame:
    """Row norms by position, with the untrained flag and the neighbour cosine behind it.

    Returns:
        Columns ``position`` (0-based), ``norm`` (L2, >= 0), ``neighbour_cosine``
        (in [0, 1], see :func:`neighbour_cosines`), ``untrained`` (bool).
    """
    n = table.shape[0]
    flags = np.zeros(n, dtype=bool)
    flags[untrained] = True
    return pd.DataFrame({
        "position": np.arange(n),
        "norm": np.linalg.norm(np.asarray(table, dtype=np.float64), axis=1),
        "neighbour_cosine": neighbour_cosines(table) if n > 1 else np.zeros(n),
        "untrained": flags,
    })


@dataclass(frozen=True)
class PositionSummary:
    """The numbers of the position page and of ``python -m dashboard positions``.

    Attributes:
        n_positions: rows of the table.
        d_model: width.
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


def token_type_frame(token_type: np.ndarray) -> pd.DataFrame:
    """BERT's token-type (segment) rows: norms and cosines between them.

    Args:
        token_type: ``(n_token_types, d_model)`` float; row ``s`` is added to
            every token of segment ``s`` (0 for the first sentence).

    Returns:
        One row per token type: ``token_type`` (0-based), ``norm`` (L2) and
        ``cosine with type j`` for every ``j`` (in [-1, 1]).
    """
    units = unit_rows(token_type)
    frame = pd.DataFrame({"token_type": np.arange(token_type.shape[0]),
                          "norm": np.linalg.norm(np.asarray(token_type, dtype=np.float64), axis=1)})
    cosines = units @ units.T
    for j in range(token_type.shape[0]):
        frame[f"cosine with type {j}"] = cosines[:, j]
    return frame


def format_position_ranges(positions: list[int], *, limit: int = 12) -> str:
    """``[3, 7, 8, 9]`` -> ``3, 7-9`` for people; at most ``limit`` runs, then ``...``; ``none`` when empty."""
    if not positions:
        return "none"
    runs: list[list[int]] = []
    for p in sorted(positions):
        if runs and p == runs[-1][1] + 1:
            runs[-1][1] = p
        else:
            runs.append([p, p])
    shown = [str(a) if a == b else f"{a}-{b}" for a, b in runs[:limit]]
    return ", ".join(shown) + (", ..." if len(runs) > limit else "")
