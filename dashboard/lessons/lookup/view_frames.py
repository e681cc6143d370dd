"""What the lookup page shows: rows as tables for people, the rule of each architecture in words, sizes readable."""

from __future__ import annotations

import numpy as np
import pandas as pd

from dashboard.i18n import msg, t

#: The rule of :data:`dashboard.lessons.lookup.analysis.FIRST_BLOCK_RULES` -> what the first block receives, in words.
RULE_TEXTS = {"sum": msg("lookup.rule.sum"), "layernorm": msg("lookup.rule.layernorm"),
              "token": msg("lookup.rule.token"), "scaled": msg("lookup.rule.scaled")}
#: Columns of :func:`rows_frame` -> their header as a reader reads it (the value columns ``[j]`` stay as they are).
_ROW_COLUMNS = {"t": "lookup.col.t", "token": "lookup.col.token", "id": "lookup.col.id"}


def rows_frame(rows: np.ndarray, labels: list[str], ids: np.ndarray, n_values: int) -> pd.DataFrame:
    """The first ``n_values`` (>= 1, capped at ``d_model``) values of each ``(n_tokens, d_model)`` float32 row.

    Returns:
        One line per position: ``t`` (0-based position), ``token`` (from ``labels``), ``id`` (from the
        ``(n_tokens,)`` ``ids``), then ``[0]``, ``[1]``, ... (float32).
    """
    n_values = min(n_values, rows.shape[1])
    frame = pd.DataFrame({"t": np.arange(len(ids)), "token": labels, "id": ids})
    for j in range(n_values):
        frame[f"[{j}]"] = rows[:, j]
    return frame


def shown_rows_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` from :func:`rows_frame` with headers in the reader's language; the frame keeps English for tests."""
    return frame.rename(columns=lambda name: t(_ROW_COLUMNS[name]) if name in _ROW_COLUMNS else name)


def format_bytes(n: int) -> str:
    """``1536`` -> ``1.5 KiB``; bytes in powers of 1,024 (under 1 KiB a message: ``512 bytes``, to :func:`render`)."""
    if n < 1024:
        return msg("lookup.bytes", count=n)
    exponent = min(3, int(np.log2(n) // 10))
    return f"{n / 1024 ** exponent:,.1f} {('KiB', 'MiB', 'GiB')[exponent - 1]}"


def format_flops(n: int) -> str:
    """``2_000_000`` -> ``2.0 MFLOP``; ``0`` -> ``0``."""
    if n == 0:
        return "0"
    for unit, scale in (("GFLOP", 1e9), ("MFLOP", 1e6), ("kFLOP", 1e3)):
        if n >= scale:
            return f"{n / scale:,.1f} {unit}"
    return f"{n} FLOP"
