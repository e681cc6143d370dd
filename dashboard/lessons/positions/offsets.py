"""Mean similarity of positions ``t`` and ``t + k`` for every offset ``k``: how similarity falls with distance."""

from __future__ import annotations

import numpy as np

from dashboard.analysis.norms import measure_rows


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
