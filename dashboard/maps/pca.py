"""Which PCA solver a table gets (:func:`pca_solver`), and the randomized one that never copies the table.

By the table's shape ``(n_rows, d_model)``: ``"covariance_eigh"`` (scikit-learn's exact solver) for a table at
least as tall as wide, up to :data:`EXACT_PCA_MAX_D_MODEL` columns and :data:`EXACT_PCA_MAX_WORK` multiply-adds;
``"full"`` (exact SVD) for a short table up to :data:`FULL_PCA_MAX_WORK`; else ``"randomized"`` (Gemma's, Llama 3's
tables), seeded, on the table centred implicitly (scikit-learn's ``_implicit_column_offset``) so it is never
copied. References: Halko, Martinsson & Tropp (2011), "Finding structure with randomness", Algorithm 4.4, as
``sklearn.utils.extmath._randomized_svd`` implements it; measurements: docs/benchmarks.md (``full_pca``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: Largest ``n_rows * d_model**2`` (multiply-adds of the covariance product) solved by ``covariance_eigh``.
EXACT_PCA_MAX_WORK = 2 * 10**11
#: Widest table solved by ``covariance_eigh``, whose eigendecomposition grows with d_model**3.
EXACT_PCA_MAX_D_MODEL = 2560
#: Largest ``min(n_rows, d_model)**2 * max(n_rows, d_model)`` solved by ``svd_solver="full"`` (2,050 x 4,096: 1.7e10).
FULL_PCA_MAX_WORK = 2 * 10**10
#: The exact solver's parameters (what cache keys hold for every table: see ``ProjectionSettings.parameters``).
EXACT_PCA = {"svd_solver": "covariance_eigh"}
#: The exact SVD of a short table (fewer rows than columns, or few of both).
FULL_PCA = {"svd_solver": "full"}
#: Seeded (the same map every run); a block of 64 vectors holds a clustered table's close top directions at once, so
#: 2 power iterations reach the exact axes; no normaliser between passes, the table is scaled (:func:`_fit_randomized`).
RANDOMIZED_PCA = {"svd_solver": "randomized", "random_state": 0, "n_oversamples": 62, "iterated_power": 2,
                  "power_iteration_normalizer": "none"}
#: Rows per block when summing the mean row and the total variance (32 MB of float32 at d_model 4,096).
_BLOCK_ROWS = 2048


def pca_solver(n_rows: int, d_model: int) -> dict[str, Any]:
    """The solver parameters for an ``(n_rows, d_model)`` table (rules: the module docstring)."""
    if n_rows >= d_model and d_model <= EXACT_PCA_MAX_D_MODEL and n_rows * d_model**2 <= EXACT_PCA_MAX_WORK:
        return dict(EXACT_PCA)
    if min(n_rows, d_model) ** 2 * max(n_rows, d_model) <= FULL_PCA_MAX_WORK:
        return dict(FULL_PCA)
    return dict(RANDOMIZED_PCA)


def fit_pca(table: np.ndarray, dims: int) -> tuple[np.ndarray, np.ndarray]:
    """PCA of every row, centred on the mean row, with the solver :func:`pca_solver` picks.

    ``table``: ``(n_rows, d_model)`` float32, at least two distinct rows; ``dims``: 2 or 3. Returns ``(n_rows, dims)``
    float32 coordinates (signs by scikit-learn's ``svd_flip`` on the components) and each component's ``(dims,)``
    float64 fraction of the table's variance, in [0, 1].
    """
    from sklearn.decomposition import PCA

    solver = pca_solver(*table.shape)
    if solver["svd_solver"] == "covariance_eigh":
        pca = PCA(n_components=dims, **solver)
        return pca.fit_transform(_writeable_alias(table)).astype(np.float32), pca.explained_variance_ratio_
    if solver["svd_solver"] == "full":
        pca = PCA(n_components=dims, **solver)  # copy=True: it centres a copy, never the table
        return pca.fit_transform(table).astype(np.float32), pca.explained_variance_ratio_
    return _fit_randomized(table, dims)


def _writeable_alias(table: np.ndarray) -> np.ndarray:
    """A writeable view of ``table`` where its owner is writeable (else ``table``), for ``covariance_eigh`` only.

    scikit-learn's ``PCA`` copies a read-only table whole, though that solver never writes to it.
    """
    alias = table.view()
    try:
        alias.setflags(write=True)
    except ValueError:  # an owner that is itself read-only (a read-only memory map): scikit-learn copies it
        return table
    return alias


def _fit_randomized(table: np.ndarray, dims: int) -> tuple[np.ndarray, np.ndarray]:
    """:data:`RANDOMIZED_PCA` on the implicitly centred table: what ``PCA(**RANDOMIZED_PCA)`` computes, no copy."""
    from sklearn.utils.extmath import _randomized_svd, svd_flip
    from sklearn.utils.sparsefuncs import _implicit_column_offset

    n_rows = table.shape[0]
    mean = _column_mean(table)
    total = _total_variance(table, mean)
    # scikit-learn's centring operator for sparse input, X @ Q - 1 (mean @ Q), no centred copy; divided by its
    # Frobenius norm, every singular value is <= 1 (no float32 overflow) and the largest >= rank**-0.5 (no underflow).
    frobenius = float(np.sqrt(total * (n_rows - 1)))
    scale = 1.0 / frobenius if 0 < frobenius < np.inf else 1.0
    centred = _implicit_column_offset(table, mean.astype(table.dtype)) * np.float32(scale)
    u, s, vt = _randomized_svd(centred, n_components=dims, n_oversamples=RANDOMIZED_PCA["n_oversamples"],
                               n_iter=RANDOMIZED_PCA["iterated_power"], flip_sign=False,
                               power_iteration_normalizer=RANDOMIZED_PCA["power_iteration_normalizer"],
                               random_state=RANDOMIZED_PCA["random_state"])
    u, vt = svd_flip(u, vt, u_based_decision=False)
    s = s.astype(np.float64) / np.float32(scale)  # in exact arithmetic, the unscaled table's singular values
    explained = s**2 / (n_rows - 1)
    ratios = explained / total if total > 0 else np.zeros(dims)
    return (u * s).astype(np.float32), ratios


def _column_mean(table: np.ndarray) -> np.ndarray:
    """``(d_model,)`` float64 mean row: float32 sums of :data:`_BLOCK_ROWS` rows, added in float64."""
    total = np.zeros(table.shape[1], np.float64)
    for start in range(0, table.shape[0], _BLOCK_ROWS):
        total += table[start:start + _BLOCK_ROWS].sum(axis=0, dtype=np.float32)
    return total / table.shape[0]


def _total_variance(table: np.ndarray, mean: np.ndarray) -> float:
    """Sum of the columns' variances (ddof 1, as scikit-learn's ``PCA``), a block of rows at a time."""
    offset = mean.astype(np.float32)
    total = 0.0
    for start in range(0, table.shape[0], _BLOCK_ROWS):
        block = table[start:start + _BLOCK_ROWS] - offset
        sums = np.einsum("ij,ij->i", block, block)
        if not np.isfinite(sums).all():
            sums = np.einsum("ij,ij->i", block, block, dtype=np.float64)
        total += float(sums.sum(dtype=np.float64))
    return total / (table.shape[0] - 1)
