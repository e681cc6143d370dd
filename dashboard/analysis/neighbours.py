"""Nearest neighbours of a vector among all rows of a table, in the original space.

Scores, higher is nearer: ``cosine`` in [-1, 1]; ``dot``, unbounded (a tied head's logit); ``centered``, the
cosine after removing the mean row, in [-1, 1] (trained tables share a common direction: Ethayarajh 2019; Mu &
Viswanath 2018). Rows whose score is undefined (an all-zero row's cosine) are skipped and counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from dashboard.errors import QueryError
from dashboard.i18n import msg

#: Metric name -> label (a catalogue message).
METRICS = {
    "cosine": msg("neighbours.metric.cosine"),
    "dot": msg("neighbours.metric.dot"),
    "centered": msg("neighbours.metric.centered"),
}
CHUNK_ROWS = 8192
#: Rows scored per query step: more than :data:`CHUNK_ROWS`, as a query's chunk is a view (docs/benchmarks.md).
QUERY_CHUNK_ROWS = 65_536


@dataclass(frozen=True, eq=False)
class NeighbourIndex:
    """A table (``(n_rows, d_model)`` float32) with the per-row quantities every query needs, computed once.

    ``norms`` and ``centred_norms``: ``(n_rows,)`` float32 ``|row|`` and ``|row - mean|``; ``mean``: ``(d_model,)``
    float32, mean of the used rows (padding rows, never trained, excluded).
    """

    table: np.ndarray
    norms: np.ndarray
    mean: np.ndarray
    centred_norms: np.ndarray

    @property
    def n_rows(self) -> int:
        return int(self.table.shape[0])


def build_index(table: np.ndarray, n_used: int | None = None, chunk_rows: int = CHUNK_ROWS) -> NeighbourIndex:
    """Precompute norms and the mean row of ``table`` (``(n_rows, d_model)`` float32), ``chunk_rows`` at a time.

    The mean is over the first ``n_used`` rows (the vocabulary's tokens; all rows when ``None``).
    """
    n_used = table.shape[0] if n_used is None else max(1, min(n_used, table.shape[0]))
    mean = table[:n_used].mean(axis=0, dtype=np.float64).astype(np.float32)
    norms = np.empty(table.shape[0], np.float32)
    centred = np.empty(table.shape[0], np.float32)
    for start in range(0, table.shape[0], chunk_rows):
        rows = table[start:start + chunk_rows]
        norms[start:start + len(rows)] = np.linalg.norm(rows, axis=1)
        centred[start:start + len(rows)] = np.linalg.norm(rows - mean, axis=1)
    return NeighbourIndex(table=table, norms=norms, mean=mean, centred_norms=centred)


def _check(index: NeighbourIndex, vector: np.ndarray, metric: str) -> np.ndarray:
    if metric not in METRICS:
        raise QueryError(msg("err.neighbours.unknown_metric", metric=repr(metric), choices=", ".join(METRICS)))
    vector = np.asarray(vector, np.float32)
    if vector.shape != (index.table.shape[1],):
        raise QueryError(msg("err.neighbours.query_shape", shape=str(vector.shape), d_model=index.table.shape[1]))
    return vector


def score_chunk(index: NeighbourIndex, vector: np.ndarray, metric: str, start: int, stop: int) -> np.ndarray:
    """Scores of 0-based rows ``start:stop`` against ``vector`` (``(d_model,)`` float32) under ``metric``.

    ``(stop - start,)`` float32, NaN where undefined; cosine and centred cosine clipped to [-1, 1].

    Raises:
        QueryError: unknown metric, wrong shape, or a query with no direction (all-zero, or equal to the mean row
            for ``centered``; an all-zero query for ``dot`` too: every score would be 0).
    """
    vector = _check(index, vector, metric)
    rows = index.table[start:stop]
    if metric != "centered" and not vector.any():  # no direction, and every dot product 0: nothing to rank
        raise QueryError(msg("err.neighbours.no_direction_zero"))
    if metric == "dot":
        return rows @ vector
    if metric == "cosine":
        query_norm, row_norms, dots = np.linalg.norm(vector), index.norms[start:stop], rows @ vector
    else:
        centred_query = vector - index.mean
        query_norm, row_norms = np.linalg.norm(centred_query), index.centred_norms[start:stop]
        dots = rows @ centred_query - index.mean @ centred_query  # (x - m)·(q - m) without copying x - m
    if query_norm == 0:  # centered: the query is the mean row; cosine: too small a query for a float32 norm
        why = "err.neighbours.no_direction_zero" if metric == "cosine" else "err.neighbours.no_direction_mean"
        raise QueryError(msg(why, metric=METRICS[metric]))
    with np.errstate(divide="ignore", invalid="ignore"):
        scores = dots / (row_norms * query_norm)
    scores[row_norms == 0] = np.nan
    return np.clip(scores, -1.0, 1.0)


@dataclass(frozen=True)
class Neighbours:
    """The best rows for one query, best first, under ``metric`` (a key of :data:`METRICS`).

    Attributes:
        ids, scores, norms: ``(k,)`` 0-based row ids (int64), their scores and L2 norms (float32).
        n_skipped: rows whose score was undefined (all-zero rows under cosine).
    """

    ids: np.ndarray
    scores: np.ndarray
    norms: np.ndarray
    metric: str
    n_skipped: int = 0


def top_k_neighbours(index: NeighbourIndex, vector: np.ndarray, k: int = 10, metric: str = "cosine",
                     exclude: Iterable[int] = (), chunk_rows: int = QUERY_CHUNK_ROWS) -> Neighbours:
    """The ``k`` rows scoring highest against ``vector``, best first, ties broken by the lower id.

    ``vector`` is a ``(d_model,)`` float32 query (a row, a mean of rows, a sum); ``exclude`` holds row ids never
    returned (the query's own tokens); fewer than ``k`` come back when the table has fewer rows.

    Raises:
        QueryError: ``k < 1``, unknown metric, or a query with no direction.
    """
    if k < 1:
        raise QueryError(msg("err.neighbours.k_too_small", k=k))
    excluded = np.fromiter((i for i in exclude if 0 <= i < index.n_rows), dtype=np.int64)
    best_ids = np.zeros(0, np.int64)
    best_scores = np.zeros(0, np.float32)
    skipped = 0
    for start in range(0, index.n_rows, chunk_rows):
        stop = min(start + chunk_rows, index.n_rows)
        scores = score_chunk(index, vector, metric, start, stop)
        finite = np.isfinite(scores)
        skipped += int((~finite).sum())
        scores = np.where(finite, scores, -np.inf)
        local = excluded[(excluded >= start) & (excluded < stop)] - start
        scores[local] = -np.inf
        if len(scores) > k:
            # Ties at the k-th best are kept, so sorting this handful orders it as the whole chunk would.
            threshold = np.partition(scores, len(scores) - k)[len(scores) - k]
            candidates = np.flatnonzero(scores >= threshold)
        else:
            candidates = np.arange(len(scores))
        candidates = candidates[np.isfinite(scores[candidates])]
        ids = np.concatenate([best_ids, candidates + start])
        pooled = np.concatenate([best_scores, scores[candidates]])
        order = np.lexsort((ids, -pooled))[:k]  # by score descending, then id ascending
        best_ids, best_scores = ids[order], pooled[order]
    return Neighbours(ids=best_ids, scores=best_scores, norms=index.norms[best_ids], metric=metric, n_skipped=skipped)
