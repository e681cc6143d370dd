"""The fixed sinusoidal position table of Vaswani et al. (2017), "Attention Is All You Need", sec. 3.5::

    PE[pos, 2i]     = sin(pos / base^(2i / d_model))
    PE[pos, 2i + 1] = cos(pos / base^(2i / d_model)),   base = 10000

Even columns sine, odd columns cosine, as in ``transformers``' DistilBERT ``create_sinusoidal_embeddings``.
"""

from __future__ import annotations

import numpy as np

#: The paper's base wavelength.
VASWANI_BASE = 10000.0


def sinusoidal_frequencies(d_model: int, base: float = VASWANI_BASE) -> np.ndarray:
    """Angular frequency of each column: ``(d_model,)`` float64, radians per position.

    Columns ``2i`` and ``2i + 1`` share ``base ** (-2i / d_model)``; an odd ``d_model`` keeps the last sine column.
    """
    pair = np.arange(d_model) // 2
    return base ** (-2.0 * pair / d_model)


def sinusoidal_table(n_positions: int, d_model: int, base: float = VASWANI_BASE) -> np.ndarray:
    """The sinusoidal table: ``(n_positions, d_model)`` float32, row ``t`` for 0-based position ``t``.

    Entries lie in [-1, 1]; for even ``d_model`` every row has L2 norm ``sqrt(d_model / 2)``.

    Raises:
        ValueError: a size is not positive.
    """
    if n_positions <= 0 or d_model <= 0:
        raise ValueError(f"n_positions and d_model must be positive, got {n_positions} and {d_model}")
    angles = np.arange(n_positions, dtype=np.float64)[:, None] * sinusoidal_frequencies(d_model, base)[None, :]
    table = np.empty((n_positions, d_model), dtype=np.float64)
    table[:, 0::2] = np.sin(angles[:, 0::2])
    table[:, 1::2] = np.cos(angles[:, 1::2])
    return table.astype(np.float32)
