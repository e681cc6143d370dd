"""Single dimensions of a position table against position, and their amplitude spectra.

The spectrum is ``|rfft|`` of a column less its mean, scaled so a sine of amplitude ``a`` whose period divides
``n`` peaks at ``a`` (in the sinusoidal table, column ``2i`` is a pure sine).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from dashboard.errors import QueryError
from dashboard.i18n import msg


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
