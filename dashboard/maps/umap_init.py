"""UMAP's PCA start on the largest tables, computed by this project's PCA and given to umap-learn as ``init=``.

umap-learn (0.5, ``umap_.simplicial_set_embedding``) starts ``init="pca"`` with ``PCA(...).fit_transform(data)``
then ``noisy_scale_coords(max_coord=10, noise=0.0001)``; :func:`pca_initialisation` does the same with
:func:`~dashboard.maps.pca.fit_pca`, which copies nothing, where both pick a randomized solver
(:func:`replaces_umap_pca`). Its noise has its own generator, so those seeded layouts differ from umap-learn's;
every other table keeps umap-learn's ``init="pca"``, bit for bit.
"""

from __future__ import annotations

import numpy as np

from dashboard.maps import pca as pca_solvers

#: umap-learn's own scale and noise for a PCA initialisation (``umap_.simplicial_set_embedding``).
MAX_COORD, NOISE = 10.0, 0.0001


def pca_initialisation(data: np.ndarray, n_components: int, random_state: np.random.RandomState) -> np.ndarray:
    """The starting layout umap-learn's ``init="pca"`` gives, with our ``fit_pca`` as the PCA.

    ``data`` is ``(n_rows, d_model)`` float32; ``random_state`` draws ``n_rows * n_components`` normals, as umap-learn
    draws them from the fit's. Returns ``(n_rows, n_components)`` float32 scaled to a largest absolute coordinate of
    10, plus normal noise of standard deviation 0.0001.
    """
    from umap.umap_ import noisy_scale_coords

    coords, _ = pca_solvers.fit_pca(data, n_components)
    return noisy_scale_coords(coords, random_state, max_coord=MAX_COORD, noise=NOISE)


def replaces_umap_pca(n_rows: int, d_model: int, n_components: int) -> bool:
    """Whether a fit of an ``(n_rows, d_model)`` table starts from :func:`pca_initialisation` (module docstring).

    scikit-learn's ``auto`` rule is ``PCA._fit``'s (``sklearn/decomposition/_pca.py``, 1.5 and later):
    ``covariance_eigh`` for at most 1,000 columns and at least 10 rows a column, else ``full`` up to 500 of both,
    else ``randomized`` for fewer components than 0.8 x ``min(n_rows, d_model)``.
    """
    sklearn_randomized = (not (d_model <= 1000 and n_rows >= 10 * d_model) and max(n_rows, d_model) > 500
                          and n_components < 0.8 * min(n_rows, d_model))
    return sklearn_randomized and pca_solvers.pca_solver(n_rows, d_model)["svd_solver"] == "randomized"
