"""Shift a query and a key together: the rotary score stays, a score of summed position rows moves.

Source: Su et al. 2021, "RoFormer", sec. 3.2 (eq. 14-16): ``(R(m) q) . (R(n) k) = q . R(n - m) k`` depends on
``m - n`` only, while ``(a + P[m]) . (b + P[n]) = a.b + a.P[n] + P[m].b + P[m].P[n]`` depends on ``m`` and ``n``.
The rotary score is computed the long way (each vector rotated, then dotted), so the equality is measured, not
assumed. Pairs are ``(2i, 2i + 1)`` as in RoFormer and llama.cpp; dimensions past ``2 * len(inv_freq)`` stay.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

import numpy as np
import pandas as pd

from dashboard.analysis.sinusoidal import VASWANI_BASE, sinusoidal_frequencies

#: ``scorer(m, n)``: the score of the query at positions ``m`` and the key at ``n``, ``(P,)`` ints -> ``(P,)`` floats.
Scorer = Callable[[np.ndarray, np.ndarray], np.ndarray]


class ShiftScores(NamedTuple):
    """One query-key score before and after both positions move by the same shift.

    Attributes:
        before, after: the score at ``(m, n)`` and at ``(m + shift, n + shift)``.
        difference: ``after - before``; 0 for a score that depends on ``m - n`` only.
    """

    before: float
    after: float
    difference: float


class SumParts(NamedTuple):
    """``(a + P[m]) . (b + P[n])`` in three float parts that add up to it.

    Attributes:
        token_token: ``a . b``, the same at every position.
        token_position: ``a . P[n] + P[m] . b``.
        position_position: ``P[m] . P[n]``.
    """

    token_token: float
    token_position: float
    position_position: float


def rotate_pairs(x: np.ndarray, positions: np.ndarray, inv_freq: np.ndarray,
                 dtype: type = np.float64) -> np.ndarray:
    """``x`` rotated at each position: pair ``(2i, 2i + 1)`` turned by ``position * inv_freq[i]`` radians.

    Args:
        x: ``(width,)`` one vector, ``width >= 2 * len(inv_freq)``.
        positions: ``(P,)`` 0-based positions (ints).
        inv_freq: ``(pairs,)`` radians per position (:func:`~dashboard.lessons.positions.rotary.rotary_frequencies`).
        dtype: precision of every step, angles included (``np.float32`` as models run it).

    Returns:
        ``(P, width)`` in ``dtype``; dimensions past ``2 * pairs`` are copied unturned.

    Raises:
        ValueError: ``x`` is narrower than the rotated pairs.
    """
    x = np.asarray(x, dtype=dtype)
    rotated = 2 * len(inv_freq)
    if rotated > x.shape[-1]:
        raise ValueError(f"{rotated} rotated dimensions do not fit a vector of {x.shape[-1]}")
    angles = np.asarray(positions, dtype=dtype)[:, None] * np.asarray(inv_freq, dtype=dtype)[None, :]  # (P, pairs)
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[0:rotated:2], x[1:rotated:2]  # (pairs,)
    out = np.repeat(x[None, :], len(angles), axis=0)  # (P, width)
    out[:, 0:rotated:2] = even * cos - odd * sin
    out[:, 1:rotated:2] = even * sin + odd * cos
    return out


def rotary_scorer(q: np.ndarray, k: np.ndarray, inv_freq: np.ndarray, dtype: type = np.float64) -> Scorer:
    """Score ``(R(m) q) . (R(n) k)``, each vector rotated at its own position (:func:`rotate_pairs`).

    ``q``, ``k``: ``(width,)``; ``inv_freq``: ``(pairs,)`` radians per position; ``dtype``: precision of every step.

    Raises:
        ValueError: the query and the key differ in shape.
    """
    if np.shape(q) != np.shape(k):
        raise ValueError(f"the query has shape {np.shape(q)} and the key {np.shape(k)}")

    def score(m: np.ndarray, n: np.ndarray) -> np.ndarray:
        return np.einsum("pd,pd->p", rotate_pairs(q, m, inv_freq, dtype), rotate_pairs(k, n, inv_freq, dtype))

    return score


def sum_scorer(a: np.ndarray, b: np.ndarray, table: np.ndarray, dtype: type = np.float64) -> Scorer:
    """Score ``(a + table[m]) . (b + table[n])``: two token rows, each with its position's row added.

    ``a``, ``b``: ``(d_model,)``; ``table``: ``(rows, d_model)``, row ``t`` for position ``t``; ``dtype``: precision.

    Raises:
        ValueError: the widths differ.
    """
    if not np.shape(a) == np.shape(b) == np.shape(table)[1:]:
        raise ValueError(f"token rows of {np.shape(a)} and {np.shape(b)} do not fit a table of {np.shape(table)}")
    a, b, table = (np.asarray(v, dtype=dtype) for v in (a, b, table))

    def score(m: np.ndarray, n: np.ndarray) -> np.ndarray:
        return np.einsum("pd,pd->p", a + table[m], b + table[n])

    return score


def shift_scores(scorer: Scorer, m: int, n: int, shift: int) -> ShiftScores:
    """The score at ``(m, n)`` and at ``(m + shift, n + shift)`` (0-based positions)."""
    before, after = scorer(np.array([m, m + shift]), np.array([n, n + shift]))
    return ShiftScores(float(before), float(after), float(after - before))


def sum_parts(a: np.ndarray, b: np.ndarray, table: np.ndarray, m: int, n: int) -> SumParts:
    """The parts of ``(a + table[m]) . (b + table[n])`` (see :class:`SumParts`), in float64."""
    a, b, pm, pn = (np.asarray(v, dtype=np.float64) for v in (a, b, table[m], table[n]))
    return SumParts(float(a @ b), float(a @ pn + pm @ b), float(pm @ pn))


def sinusoidal_rows(positions: np.ndarray, d_model: int, base: float = VASWANI_BASE) -> np.ndarray:
    """Rows ``positions`` of the sinusoidal table (Vaswani et al. 2017), without the rows in between.

    Returns:
        ``(P, d_model)`` float64, ``sinusoidal_table(max + 1, d_model)[positions]`` before its rounding to float32.
    """
    angles = np.asarray(positions, dtype=np.float64)[:, None] * sinusoidal_frequencies(d_model, base)[None, :]
    rows = np.empty_like(angles)
    rows[:, 0::2] = np.sin(angles[:, 0::2])
    rows[:, 1::2] = np.cos(angles[:, 1::2])
    return rows


def distance_score_frame(scorer: Scorer, n: int, shift: int, distances: np.ndarray, last: int) -> pd.DataFrame:
    """The score against ``m - n`` with the key at ``n``, and again with both moved on by ``shift`` (>= 0).

    Args:
        distances: ``(D,)`` values of ``m - n`` to score.
        last: the last 0-based position that may be scored; rows past it are left out.

    Returns:
        Columns ``distance`` (``m - n``), ``pair`` (``"(m, n)"`` or ``"(m + k, n + k)"``), ``query`` and ``key``
        (the positions scored) and ``score``.
    """
    frames = []
    for pair, moved in (("(m, n)", 0), ("(m + k, n + k)", shift)):
        key = n + moved
        query = key + np.asarray(distances)
        query = query[(query >= 0) & (query <= last)]
        if key > last or not query.size:
            continue
        frames.append(pd.DataFrame({"distance": query - key, "pair": pair, "query": query, "key": key,
                                    "score": scorer(query, np.full(query.size, key))}))
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(
        {"distance": [], "pair": [], "query": [], "key": [], "score": []})
