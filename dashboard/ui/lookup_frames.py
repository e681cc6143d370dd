"""What the lookup page shows: rows as tables for people, the rule of each architecture in words, sizes readable."""

from __future__ import annotations

import numpy as np
import pandas as pd

#: The rule of :data:`dashboard.analysis.lookup.FIRST_BLOCK_RULES` -> what the first block receives, in words.
RULE_TEXTS = {
    "sum": "the sum, exactly: x_t = token_embedding[id_t] + position_embedding[t] (transformers' GPT2Model adds "
           "inputs_embeds and position_embeds; dropout is off at inference)",
    "layernorm": "the LayerNorm of the sum, not the sum: x_t = LayerNorm(token_embedding[id_t] + "
                 "position_embedding[t] + token_type_embedding[0]), with the model's own gain, bias and epsilon "
                 "(transformers' BertEmbeddings)",
    "token": "the token row alone: x_t = token_embedding[id_t]. There is no position table: positions enter inside "
             "attention, where rotary embeddings rotate the queries and keys by angles proportional to their positions",
}


def rows_frame(rows: np.ndarray, labels: list[str], ids: np.ndarray, n_values: int) -> pd.DataFrame:
    """The first ``n_values`` values of each row, one line per position.

    Args:
        rows: ``(n_tokens, d_model)`` float32.
        labels: display string of each position's token.
        ids: ``(n_tokens,)`` token ids.
        n_values: values shown per row, >= 1 (capped at ``d_model``).

    Returns:
        Columns ``t`` (0-based position), ``token``, ``id``, then ``[0]``, ``[1]``, ... (float32 values).
    """
    n_values = min(n_values, rows.shape[1])
    frame = pd.DataFrame({"t": np.arange(len(ids)), "token": labels, "id": ids})
    for j in range(n_values):
        frame[f"[{j}]"] = rows[:, j]
    return frame


def format_bytes(n: int) -> str:
    """``1536`` -> ``1.5 KiB``; bytes in powers of 1,024."""
    if n < 1024:
        return f"{n:,} bytes"
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
