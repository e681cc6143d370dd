"""Fewer points to draw, same picture: thinning long position series for the browser.

A chart a few hundred pixels wide cannot show tens of thousands of points per line apart, and sending them costs
megabytes; statistics use every row, only drawing is thinned (and the page says so). ``keep``: ``minmax`` keeps
each block's lowest and highest point, so spikes survive (M4 aggregation, Jugel et al., VLDB 2014); ``max`` keeps
each block's peak, for spectra (``log_x``: blocks of equal ``log(x)`` steps); ``stride`` keeps every
``stride``-th row and the last, for paths such as a PCA trajectory, where a block's extremes mean nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
import pandas as pd

from dashboard.i18n import render, t

#: Points per line a chart about 400-700 px wide can show apart (about two per pixel column).
MAX_POINTS_PER_LINE = 1024
KEEPS = ("minmax", "max", "stride")


@dataclass(frozen=True)
class Thinned:
    """A frame cut down for drawing.

    Attributes:
        frame: the kept rows, in their original order.
        stride: rows per block (1: nothing was dropped).
        rows_per_line, rows_before: rows of the longest line, and of the whole frame, before thinning.
        keep: how the rows were chosen, one of :data:`KEEPS`.
    """

    frame: pd.DataFrame
    stride: int
    rows_per_line: int
    rows_before: int
    keep: str = "minmax"

    @property
    def thinned(self) -> bool:
        """Whether any row was dropped."""
        return len(self.frame) < self.rows_before


def _stride(rows: int, max_points: int, keep: str) -> int:
    per_block = 2 if keep == "minmax" else 1
    return max(1, -(-rows * per_block // max_points))


def thin_lines(frame: pd.DataFrame, *, x: str, y: str | None = None, by: Sequence[str] = (),
               keep: str = "minmax", max_points: int = MAX_POINTS_PER_LINE,
               always: str | None = None, log_x: bool = False) -> Thinned:
    """At most about ``max_points`` (>= 2) rows per line of ``frame``, chosen by ``keep`` (see the module docstring).

    Args:
        frame: one row per point; lines are the groups of the ``by`` columns (one line if empty).
        x: the column the line runs along (position, offset, frequency); rows are taken in its order.
        y: the column whose extremes ``minmax`` and ``max`` keep; unused by ``stride``.
        always: a boolean column whose true rows are always kept (flagged positions drawn as marks of their own).
        log_x: blocks are ``max_points`` equal steps of ``log(x)`` (``x`` > 0), for ``max`` and ``minmax``.

    Returns:
        A :class:`Thinned`; ``frame`` itself (not a copy) when no line has more than ``max_points`` rows.

    Raises:
        ValueError: a bad ``keep`` or ``max_points``, no ``y`` for ``minmax`` / ``max``, or ``log_x`` with ``x`` <= 0.
    """
    if keep not in KEEPS:
        raise ValueError(f"keep must be one of {', '.join(KEEPS)}, got {keep!r}")
    if max_points < 2:
        raise ValueError(f"max_points must be at least 2, got {max_points}")
    if keep != "stride" and y is None:
        raise ValueError(f"keep={keep!r} needs the y column whose extremes it keeps")
    if log_x and keep != "stride" and len(frame) and not (frame[x] > 0).all():
        # log(0) = -inf would put every row in one block: the line would come back as one point.
        raise ValueError(f"log_x needs x > 0, but {x!r} goes down to {frame[x].min():g}")
    by = list(by)
    rows = int(frame.groupby(by).size().max()) if by and len(frame) else len(frame)
    stride = _stride(rows, max_points, keep)
    if stride == 1:
        return Thinned(frame, 1, rows, len(frame), keep)
    ordered = frame.sort_values(by + [x], kind="stable")
    rank = ordered.groupby(by).cumcount().to_numpy() if by else np.arange(len(ordered))
    if log_x and keep != "stride":
        logs = np.log(ordered[x].to_numpy(dtype=np.float64))
        span = float(logs.max() - logs.min()) or 1.0
        bins = np.minimum(((logs - logs.min()) / span * max_points).astype(np.int64), max_points - 1)
        block = pd.Series(bins, index=ordered.index)
    else:
        block = pd.Series(rank // stride, index=ordered.index)
    keys = [ordered[c] for c in by] + [block]
    if keep == "stride":
        last = (ordered.groupby(by).cumcount(ascending=False) == 0) if by else pd.Series(
            np.arange(len(ordered)) == len(ordered) - 1, index=ordered.index)
        chosen = ordered.index[(rank % stride == 0) | last.to_numpy()]
    else:
        grouped = ordered[y].groupby(keys)
        chosen = grouped.idxmax()
        if keep == "minmax":
            chosen = pd.concat([chosen, grouped.idxmin()])
        chosen = pd.Index(chosen.to_numpy()).unique()
    if always is not None:
        chosen = chosen.union(frame.index[frame[always].to_numpy(dtype=bool)])
    kept = frame.loc[frame.index.isin(chosen)]
    return Thinned(kept, stride, rows, len(frame), keep)


def thinning_note(parts: Sequence[tuple[str, Thinned]]) -> str | None:
    """Caption naming what ``parts`` (``(chart name or message, Thinned)`` pairs) thinned; ``None`` if nothing."""
    thinned = [(name, result) for name, result in parts if result.thinned]
    if not thinned:
        return None
    said = [t("positions.thin.part", name=render(name), before=result.rows_before, after=len(result.frame))
            for name, result in thinned]
    # Only the ways used here (a rotary page has no spectrum).
    ways = {result.keep for _, result in thinned}
    rules = [t(f"positions.thin.rule.{keep}") for keep in KEEPS if keep in ways]
    return t("positions.thin.note", parts="; ".join(said), rules=" ".join(rules))


def with_thinning_note(caption: str, parts: Sequence[tuple[str, Thinned]]) -> str:
    """``caption`` (plain or a catalogue message) in the active language, then :func:`thinning_note` of ``parts``."""
    caption = render(caption)
    note = thinning_note(parts)
    return f"{caption} {note}" if note else caption
