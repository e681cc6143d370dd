"""Fewer points to draw, same picture: thinning long position series for the browser.

A line chart with tens of thousands of points per line costs megabytes on the
WebSocket and seconds of layout in the browser, and a chart a few hundred
pixels wide cannot show them apart anyway. Statistics are always computed on
every row; only what is drawn is thinned, and the page says so.

Two ways, both standard in plotting long series:

- **envelope** (``keep="minmax"``): the series is cut into blocks of
  consecutive rows and the lowest and highest point of each block are kept,
  so spikes and the range of an oscillation survive (the idea of M4
  aggregation, Jugel et al., VLDB 2014, with two points a block instead of
  four).
- **peaks** (``keep="max"``): the highest point of each block, for spectra,
  whose peaks are what the reader looks for. With ``log_x`` the blocks are
  equal steps of ``log(x)`` rather than equal row counts, so a spectrum on a
  log frequency axis keeps every low frequency and merges only the crowded
  high ones.
- **stride** (``keep="stride"``): every ``stride``-th row and the last one,
  for paths such as a PCA trajectory, where a block's extremes mean nothing.
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
        rows_per_line: rows of the longest line before thinning.
        rows_before: rows of the whole frame before thinning.
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
    """At most about ``max_points`` rows per line of ``frame``, chosen by ``keep``.

    Args:
        frame: one row per point; lines are the groups of ``by`` (one line if empty).
        x: the column the line runs along (position, offset, frequency); rows
            are taken in its order.
        y: the column whose extremes ``minmax`` and ``max`` keep; unused by ``stride``.
        by: columns naming the line a row belongs to (e.g. ``dimension``, ``table``).
        keep: ``minmax``, ``max`` or ``stride`` (see the module docstring).
        max_points: target points per line, >= 2.
        always: a boolean column whose true rows are always kept (e.g. flagged
            positions drawn as marks of their own).
        log_x: blocks are ``max_points`` equal steps of ``log(x)`` (``x`` > 0)
            instead of runs of equal row counts; for ``max`` and ``minmax``.

    Returns:
        A :class:`Thinned`; ``frame`` itself (not a copy) when every line has
        at most ``max_points`` rows.

    Raises:
        ValueError: ``keep`` is not one of :data:`KEEPS`, ``max_points`` < 2,
            ``y`` is missing for ``minmax`` / ``max``, or ``log_x`` is asked
            for with an ``x`` of 0 or less (it has no logarithm).
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
    """One sentence for a caption naming what was thinned, or ``None`` if nothing was.

    Args:
        parts: ``(chart name, result)`` pairs; a name may be a catalogue message.

    Returns:
        The sentence in the active language, or ``None``.
    """
    thinned = [(name, result) for name, result in parts if result.thinned]
    if not thinned:
        return None
    said = [t("positions.thin.part", name=render(name), before=result.rows_before, after=len(result.frame))
            for name, result in thinned]
    # How the kept points were chosen, for the ways used here only (a rotary page has no spectrum).
    ways = {result.keep for _, result in thinned}
    rules = [t(f"positions.thin.rule.{keep}") for keep in KEEPS if keep in ways]
    return t("positions.thin.note", parts="; ".join(said), rules=" ".join(rules))


def with_thinning_note(caption: str, parts: Sequence[tuple[str, Thinned]]) -> str:
    """``caption`` (plain or a catalogue message) in the active language, then :func:`thinning_note` of ``parts``."""
    caption = render(caption)
    note = thinning_note(parts)
    return f"{caption} {note}" if note else caption
