"""umap-learn's PCA initialisation, computed by this project's PCA.

umap-learn (0.5, ``umap_.simplicial_set_embedding``) initialises a layout
asked for with ``init="pca"`` as::

    embedding = PCA(n_components=n_components, random_state=random_state).fit_transform(data).astype(np.float32)
    embedding = noisy_scale_coords(embedding, random_state, max_coord=10, noise=0.0001)

and passes an array ``init`` through unchanged when its rows are distinct.
:func:`with_pca_initialisation` computes the same two lines with
:func:`~dashboard.analysis.pca_solvers.fit_pca` in place of the first
``PCA`` call and hands umap-learn the array:

- where scikit-learn's ``auto`` rule and :func:`~dashboard.analysis.pca_solvers.pca_solver`
  both pick the exact ``covariance_eigh`` solver (every bundled table, GPT-2's:
  at least 10 rows a column, up to 1,000 columns), the coordinates, the random
  numbers drawn and so the layout are the same to the bit (tested);
- on the largest tables, where ``auto`` picks ``randomized``, scikit-learn centres a
  copy of the table (2.4 GB for 256,000 x 2,304 float32) and runs 7 power
  iterations on a block of 12: 10.4 s against 5.9 s for ours, which never
  copies the table (docs/benchmarks.md, ``full_pca``). Seeded layouts of those
  tables still repeat exactly, but differ from plain umap-learn's with the same
  seed: its ``PCA`` draws from the seeded generator, ours from its own seed.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

import numpy as np

from dashboard.analysis.pca_solvers import fit_pca

#: umap-learn's own scale and noise for a PCA initialisation (``umap_.simplicial_set_embedding``).
MAX_COORD, NOISE = 10.0, 0.0001


def pca_initialisation(data: np.ndarray, n_components: int, random_state: np.random.RandomState) -> np.ndarray:
    """The starting layout umap-learn's ``init="pca"`` gives, with :func:`fit_pca` as the PCA.

    Args:
        data: ``(n_rows, d_model)`` float32, the rows being fitted.
        n_components: 2 or 3.
        random_state: the fit's generator; draws ``n_rows * n_components`` normals from it, as umap-learn does.

    Returns:
        ``(n_rows, n_components)`` float32, scaled so the largest absolute coordinate is 10, plus normal noise of
        standard deviation 0.0001.
    """
    from umap.umap_ import noisy_scale_coords

    coords, _ = fit_pca(data, n_components)
    return noisy_scale_coords(coords, random_state, max_coord=MAX_COORD, noise=NOISE)


def with_pca_initialisation(embedding: Callable[..., Any], args: tuple, kwargs: dict) -> tuple[tuple, dict]:
    """The arguments of a ``simplicial_set_embedding`` call, its ``init="pca"`` on a dense table made an array.

    Any other ``init`` (``"spectral"``, ``"random"``, an array) or a sparse table is passed through unchanged.
    """
    import scipy.sparse

    bound = inspect.signature(embedding).bind(*args, **kwargs)
    init, data = bound.arguments.get("init"), bound.arguments["data"]
    if isinstance(init, str) and init == "pca" and not scipy.sparse.issparse(data):
        bound.arguments["init"] = pca_initialisation(np.asarray(data, dtype=np.float32),
                                                     bound.arguments["n_components"], bound.arguments["random_state"])
    return bound.args, bound.kwargs
