"""Pairwise similarity of the few vectors a user chose, for the heatmap (``n x n``, never the whole vocabulary)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from dashboard.errors import QueryError
from dashboard.i18n import msg

#: Metric name -> label (a :class:`~dashboard.i18n.Text`); ``centered`` removes the vocabulary's mean row first.
SIMILARITY_METRICS = {"cosine": msg("similarity.metric.cosine"), "dot": msg("similarity.metric.dot"),
                      "centered": msg("similarity.metric.centered")}


def similarity_matrix(vectors: np.ndarray, metric: str = "cosine", mean: np.ndarray | None = None) -> np.ndarray:
    """Similarity of every pair of ``vectors``.

    Args:
        vectors: ``(n, d_model)`` float32, one row per chosen term.
        metric: ``cosine`` (in [-1, 1]), ``dot`` (unbounded) or ``centered`` (cosine less ``mean``, in [-1, 1]).
        mean: ``(d_model,)`` float32 mean row, required for ``centered``.

    Returns:
        ``(n, n)`` float64, symmetric; NaN where cosine is undefined (a vector with no direction).

    Raises:
        QueryError: unknown metric, or ``centered`` without ``mean``.
    """
    if metric not in SIMILARITY_METRICS:
        raise QueryError(msg("err.neighbours.unknown_metric", metric=repr(metric),
                             choices=", ".join(SIMILARITY_METRICS)))
    matrix = np.asarray(vectors, np.float64)
    if metric == "centered":
        if mean is None:
            raise QueryError(msg("err.similarity.centred_needs_mean"))
        matrix = matrix - np.asarray(mean, np.float64)
    products = matrix @ matrix.T
    if metric == "dot":
        return (products + products.T) / 2  # exact symmetry despite summation order
    norms = np.linalg.norm(matrix, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        cosine = products / np.outer(norms, norms)
    cosine[(norms == 0)[:, None] | (norms == 0)[None, :]] = np.nan
    return np.clip((cosine + cosine.T) / 2, -1.0, 1.0)


def similarity_frame(labels: list[str], matrix: np.ndarray) -> pd.DataFrame:
    """The ``(n, n)`` matrix as tidy rows for the heatmap, one unique label per row/column.

    Returns:
        Columns ``row``, ``column`` (labels), ``row_order``, ``column_order`` (0-based, keeping the user's order)
        and ``value``.

    Raises:
        QueryError: labels repeat or do not match the matrix.
    """
    if len(set(labels)) != len(labels):
        raise QueryError(msg("err.similarity.repeated_labels"))
    if matrix.shape != (len(labels), len(labels)):
        raise QueryError(msg("err.similarity.labels_mismatch", count=len(labels), shape=str(matrix.shape)))
    n = len(labels)
    rows, cols = np.divmod(np.arange(n * n), n)
    return pd.DataFrame({
        "row": [labels[i] for i in rows],
        "column": [labels[j] for j in cols],
        "row_order": rows,
        "column_order": cols,
        "value": matrix.ravel(),
    })
