"""Rotary position embeddings (RoPE): the frequencies and the long-term decay.

Source: Su et al. 2021, "RoFormer", sec. 3.2-3.4. Pair ``(2i, 2i + 1)`` of a head turns by ``t * theta_i`` at
position ``t``, ``theta_i = rope_theta ** (-2i / rotary_dim)`` (``transformers``' ``inv_freq``), so ``q_m . k_n``
depends on ``m - n`` only. ``rotary_dim < head_dim`` when a model rotates part of each head (GPT-J ``rotary_dim``,
GPT-NeoX ``rotary_pct``, Phi ``partial_rotary_factor``). Long-term decay (sec. 3.4.3):
``|q_m . k_n| <= max_i |h_{i+1} - h_i| * sum_j |S_j|``, ``S_j = sum_{k<j} exp(1j (m - n) theta_k)``: a bound on
the score's size, not the score, and not monotone.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

import numpy as np
import pandas as pd

from dashboard.errors import QueryError
from dashboard.i18n import msg

#: RoFormer's and Llama's default base when a config does not state one.
DEFAULT_ROPE_THETA = 10000.0


def rotary_head_dim(d_model: int, n_head: int | None, head_dim: int | None = None) -> int:
    """Width of one attention head, the space RoPE rotates: ``head_dim`` if given, else ``d_model // n_head``.

    Raises:
        QueryError: the head count is unknown, or the width is odd or does not divide.
    """
    if head_dim is None:
        if not n_head:
            raise QueryError(msg("err.positions.no_heads"))
        if d_model % n_head:
            raise QueryError(msg("err.positions.heads_divide", d_model=d_model, n_head=n_head))
        head_dim = d_model // n_head
    if head_dim % 2:
        raise QueryError(msg("err.positions.odd_head", head_dim=head_dim))
    return int(head_dim)


def rotated_dims(head_dim: int, rotary_dim: int | None = None, fraction: float | None = None) -> int:
    """Dimensions of a head that rotate: ``rotary_dim``, else ``int(head_dim * fraction)``, else ``head_dim``.

    As ``transformers`` sizes ``inv_freq``. ``rotary_dim`` is the config's ``rotary_dim`` (GPT-J) or GGUF's
    ``rope.dimension_count``; ``fraction`` is ``partial_rotary_factor`` or ``rotary_pct``, in (0, 1].

    Raises:
        QueryError: the result is odd, zero or wider than the head.
    """
    dims = rotary_dim if rotary_dim is not None else int(head_dim * fraction) if fraction is not None else head_dim
    if dims <= 0 or dims % 2 or dims > head_dim:
        raise QueryError(msg("err.positions.rotary_dims", dims=dims, head_dim=head_dim))
    return int(dims)


class RotarySettings(NamedTuple):
    """How one model rotates, read from its canonical settings.

    Attributes:
        head_dim, rotary_dim: width of one head, and how many of its dimensions rotate (even, <= ``head_dim``).
        rope_theta: the base, from the config or :data:`DEFAULT_ROPE_THETA`.
        theta_assumed: True when the config states no base and the default stands in.
    """

    head_dim: int
    rotary_dim: int
    rope_theta: float
    theta_assumed: bool


def read_rotary_settings(d_model: int, settings: Mapping[str, Any]) -> RotarySettings:
    """The rotary settings of a model from ``EmbeddingTables.hyperparameters``.

    Raises:
        QueryError: from :func:`rotary_head_dim` or :func:`rotated_dims`.
    """
    head_dim = rotary_head_dim(d_model, settings.get("n_head"), settings.get("head_dim"))
    rotary_dim = rotated_dims(head_dim, settings.get("rotary_dim"), settings.get("rotary_fraction"))
    theta = settings.get("rope_theta")
    return RotarySettings(head_dim, rotary_dim, DEFAULT_ROPE_THETA if theta is None else float(theta), theta is None)


def rotary_frequencies(head_dim: int, rope_theta: float = DEFAULT_ROPE_THETA) -> np.ndarray:
    """Rotation frequency of each dimension pair of an even-width head, for base ``rope_theta``.

    Returns:
        ``(head_dim // 2,)`` float64, radians per position, from 1 down to about ``1 / rope_theta``.
    """
    return rope_theta ** (-np.arange(0, head_dim, 2, dtype=np.float64) / head_dim)


def rotary_frequency_frame(head_dim: int, rope_theta: float, context_length: int | None) -> pd.DataFrame:
    """One row per dimension pair: frequency, wavelength, whether it turns fully in the context.

    Returns:
        Columns ``pair`` (0-based), ``frequency`` (radians per position), ``wavelength`` (positions per turn,
        ``2 pi / theta_i``), ``full_turn`` (bool: wavelength <= ``context_length``; all True when that is unknown).
    """
    theta = rotary_frequencies(head_dim, rope_theta)
    wavelength = 2 * np.pi / theta
    return pd.DataFrame({
        "pair": np.arange(theta.size),
        "frequency": theta,
        "wavelength": wavelength,
        "full_turn": wavelength <= context_length if context_length else np.ones(theta.size, dtype=bool),
    })


def rotary_decay_frame(head_dim: int, rope_theta: float, max_distance: int) -> pd.DataFrame:
    """Expected fall of the query-key score with relative distance ``m - n`` = 0 .. ``max_distance``.

    Returns:
        Columns ``distance``, ``curve`` and ``value``; two curves scaled to 1 at distance 0: ``RoFormer bound`` (mean
        of ``|S_j|``) and ``same vector`` (``mean_i cos(r theta_i)``, a query equal to the key with equal energy per
        pair, in [-1, 1]).
    """
    theta = rotary_frequencies(head_dim, rope_theta)
    distance = np.arange(max_distance + 1, dtype=np.float64)
    phases = np.exp(1j * distance[:, None] * theta[None, :])  # (distance, pair)
    partial_sums = np.abs(np.cumsum(phases, axis=1))  # |S_j|, j = 1 .. head_dim/2
    bound = partial_sums.mean(axis=1)
    same_vector = np.cos(distance[:, None] * theta[None, :]).mean(axis=1)
    return pd.concat([
        pd.DataFrame({"distance": distance.astype(int), "curve": "RoFormer bound", "value": bound / bound[0]}),
        pd.DataFrame({"distance": distance.astype(int), "curve": "same vector", "value": same_vector}),
    ], ignore_index=True)


class BoundShape(NamedTuple):
    """Where the scaled RoFormer bound of :func:`rotary_decay_frame` is lowest, and its largest rise.

    Attributes:
        lowest_distance: relative distance (positions) of the lowest value.
        lowest_value: that value (1 = the bound at distance 0).
        rise: largest increase over any stretch, ``max_j value[j] - min_(i<j) value[i]``, >= 0 (0: it never rises).
        rise_from, rise_to: distances where that rise starts (its low point) and ends (its high point).
    """

    lowest_distance: int
    lowest_value: float
    rise: float
    rise_from: int
    rise_to: int


def describe_bound(frame: pd.DataFrame) -> BoundShape:
    """:class:`BoundShape` of the ``RoFormer bound`` curve in a :func:`rotary_decay_frame` frame."""
    bound = frame.loc[frame["curve"] == "RoFormer bound", ["distance", "value"]].sort_values("distance")
    distance, value = bound["distance"].to_numpy(), bound["value"].to_numpy(np.float64)
    lowest = int(np.argmin(value))
    low_so_far = np.minimum.accumulate(value)
    rises = value - low_so_far
    end = int(np.argmax(rises))
    start = int(np.argmin(value[: end + 1]))
    return BoundShape(int(distance[lowest]), float(value[lowest]), float(rises[end]), int(distance[start]),
                      int(distance[end]))
