"""The path position rows trace in d_model space through scikit-learn PCA (GPT-2's traces a helix)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd


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
