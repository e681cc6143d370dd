"""Frames the Load page shows, what was read and a sample of token strings, with English names and labels (tests read
them) until :func:`dashboard.ui.language.display_frame` renders them with the ``*_COLUMNS`` headers."""

from __future__ import annotations

import numpy as np
import pandas as pd

from dashboard.analysis.accounting import format_count
from dashboard.analysis.token_categories import reserved_token_ids
from dashboard.i18n import Text, msg
from dashboard.tables import POSITION_KIND_LABELS, EmbeddingTables


#: Summary rows easily confused: rows with no token, and tokens no text produces (the token map colours them apart).
PADDING_ROWS = msg("load.fact.padding_rows")
RESERVED_TOKENS = msg("load.fact.reserved_tokens")
#: Headers of the frames below -> their catalogue keys (for display_frame).
SUMMARY_COLUMNS = {"what": "load.col.what", "value": "load.col.value"}
TRAINING_COLUMNS = {"setting": "load.col.setting", "value": "load.col.value"}
TOKEN_COLUMNS = {"id": "load.col.id", "token": "load.col.token", "stored as": "load.col.stored_as",
                 "special": "load.col.special"}
#: How many of the first ids a token sample always shows.
SAMPLE_HEAD = 8


def read_summary_frame(tables: EmbeddingTables) -> pd.DataFrame:
    """One row per fact about the read: format, architecture, shapes, dtype, tying, tokens."""
    facts = [
        (msg("load.fact.format"), tables.format),
        (msg("load.fact.architecture"), tables.architecture),
        (msg("load.fact.dtype"), tables.source_dtype),
        (msg("load.fact.token_table"), f"{tables.vocab_size:,} x {tables.d_model:,}"),
        (msg("load.fact.position_table"),
         f"{tables.n_positions:,} x {tables.d_model:,}" if tables.position is not None
         else POSITION_KIND_LABELS[tables.position_kind]),
        (msg("load.fact.tying"), tables.tying.label),
        (msg("load.fact.tokens"), msg("load.fact.no_strings") if tables.vocabulary.scheme == "none"
         else f"{len(tables.vocabulary):,} ({tables.vocabulary.scheme})"),
        (PADDING_ROWS, format_count(len(tables.unused_rows))),
        (RESERVED_TOKENS, format_count(len(reserved_token_ids(tables.vocabulary)))),
        (msg("load.fact.total"), format_count(tables.total_parameters)),
    ]
    return pd.DataFrame(facts, columns=["what", "value"], dtype=object)  # object: cells stay catalogue messages


def training_frame(tables: EmbeddingTables) -> pd.DataFrame:
    """What a training checkpoint says about its run (nanoGPT's ``best_val_loss``, ``iter_num``, ``config``): columns
    ``setting`` and ``value`` (strings for people), no rows when no run is recorded."""
    settings = tables.hyperparameters
    facts = []
    if "best_val_loss" in settings:
        loss = float(settings["best_val_loss"])
        facts.append(("best_val_loss", msg("load.best_val_loss", loss=loss, perplexity=float(np.exp(loss)))))
    if "iter_num" in settings:
        facts.append(("iter_num", f"{settings['iter_num']:,}"))
    facts += [(f"config: {key}", str(value)) for key, value in settings.get("training_config", {}).items()]
    return pd.DataFrame(facts, columns=["setting", "value"], dtype=object)  # object: cells stay catalogue messages


def sample_token_ids(tables: EmbeddingTables, count: int = 16) -> list[int]:
    """Up to ``count`` 0-based token ids: the first :data:`SAMPLE_HEAD`, the rest spread evenly over the vocabulary."""
    n_tokens = len(tables.vocabulary)
    head = list(range(min(SAMPLE_HEAD, count, n_tokens)))
    spread = np.linspace(len(head), max(n_tokens - 1, 0), num=count - len(head), dtype=int).tolist()
    return sorted(set(head + [i for i in spread if i < n_tokens]))


def describe_token_sample(token_ids: list[int], n_tokens: int) -> Text:
    """One sentence saying which ids :func:`sample_token_ids` chose, for the table's caption (a catalogue message)."""
    if len(token_ids) >= n_tokens:
        return msg("load.sample.all", count=n_tokens)
    head = [i for i, expected in zip(token_ids, range(len(token_ids))) if i == expected]
    rest = token_ids[len(head):]
    if not rest:
        return msg("load.sample.head", count=len(token_ids), total=n_tokens, head=len(head), last_head=len(head) - 1)
    return msg("load.sample.head_and_rest", count=len(token_ids), total=n_tokens, head=len(head),
               last_head=len(head) - 1, rest=len(rest), first_rest=rest[0], last=rest[-1])


def token_sample_frame(tables: EmbeddingTables, token_ids: list[int]) -> pd.DataFrame:
    """Token ids with their display string, raw stored string and whether they are special."""
    vocabulary = tables.vocabulary
    return pd.DataFrame({
        "id": token_ids,
        "token": [vocabulary.display[i] for i in token_ids],
        "stored as": [vocabulary.raw[i] for i in token_ids],
        "special": [i in vocabulary.special_ids for i in token_ids],
    })
