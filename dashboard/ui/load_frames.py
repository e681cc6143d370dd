"""Frames the Load page shows: what was read, and a sample of token strings."""

from __future__ import annotations

import numpy as np
import pandas as pd

from dashboard.analysis.accounting import format_count
from dashboard.analysis.token_categories import reserved_token_ids
from dashboard.tables import EmbeddingTables


#: Rows of the summary that are easily confused: rows with no token at all, and
#: real tokens no text produces (the token map colours them apart).
PADDING_ROWS = "padding rows past the vocabulary (no token)"
RESERVED_TOKENS = "reserved tokens like [unused0] (in the vocabulary; no text produces them)"
#: How many of the first ids a token sample always shows.
SAMPLE_HEAD = 8


def read_summary_frame(tables: EmbeddingTables) -> pd.DataFrame:
    """One row per fact about the read: format, architecture, shapes, dtype, tying, tokens."""
    facts = [
        ("format", tables.format),
        ("architecture", tables.architecture),
        ("stored dtype of the token table", tables.source_dtype),
        ("token table (vocab_size x d_model)", f"{tables.vocab_size:,} x {tables.d_model:,}"),
        ("position table (n_positions x d_model)",
         f"{tables.n_positions:,} x {tables.d_model:,}" if tables.position is not None else tables.position_kind),
        ("weight tying", tables.tying.label),
        ("tokens with strings", "none: rows are shown as #id" if tables.vocabulary.scheme == "none"
         else f"{len(tables.vocabulary):,} ({tables.vocabulary.scheme})"),
        (PADDING_ROWS, format_count(len(tables.unused_rows))),
        (RESERVED_TOKENS, format_count(len(reserved_token_ids(tables.vocabulary)))),
        ("total parameters", format_count(tables.total_parameters)),
    ]
    return pd.DataFrame(facts, columns=["what", "value"])


def training_frame(tables: EmbeddingTables) -> pd.DataFrame:
    """What a training checkpoint says about its run (nanoGPT's ``best_val_loss``, ``iter_num``, ``config``).

    Returns:
        Columns ``setting`` and ``value`` (strings for people); no rows when
        the checkpoint records no training run.
    """
    settings = tables.hyperparameters
    facts = []
    if "best_val_loss" in settings:
        loss = float(settings["best_val_loss"])
        facts.append(("best_val_loss", f"{loss:.4f} nats per token on the validation split "
                                       f"(perplexity {np.exp(loss):,.2f})"))
    if "iter_num" in settings:
        facts.append(("iter_num", f"{settings['iter_num']:,}"))
    facts += [(f"config: {key}", str(value)) for key, value in settings.get("training_config", {}).items()]
    return pd.DataFrame(facts, columns=["setting", "value"])


def sample_token_ids(tables: EmbeddingTables, count: int = 16) -> list[int]:
    """Up to ``count`` 0-based token ids: the first :data:`SAMPLE_HEAD` and the rest spread evenly over the vocabulary."""
    n_tokens = len(tables.vocabulary)
    head = list(range(min(SAMPLE_HEAD, count, n_tokens)))
    spread = np.linspace(len(head), max(n_tokens - 1, 0), num=count - len(head), dtype=int).tolist()
    return sorted(set(head + [i for i in spread if i < n_tokens]))


def describe_token_sample(token_ids: list[int], n_tokens: int) -> str:
    """One sentence saying which ids :func:`sample_token_ids` chose, for the table's caption."""
    if len(token_ids) >= n_tokens:
        return f"All {n_tokens:,} tokens."
    head = [i for i, expected in zip(token_ids, range(len(token_ids))) if i == expected]
    rest = token_ids[len(head):]
    text = f"A sample of {len(token_ids)} of {n_tokens:,} tokens: the first {len(head)} (ids 0-{len(head) - 1})"
    if rest:
        text += f", then {len(rest)} spread evenly from id {rest[0]:,} to the last, {rest[-1]:,}"
    return text + "."


def token_sample_frame(tables: EmbeddingTables, token_ids: list[int]) -> pd.DataFrame:
    """Token ids with their display string, raw stored string and whether they are special."""
    vocabulary = tables.vocabulary
    return pd.DataFrame({
        "id": token_ids,
        "token": [vocabulary.display[i] for i in token_ids],
        "stored as": [vocabulary.raw[i] for i in token_ids],
        "special": [i in vocabulary.special_ids for i in token_ids],
    })
