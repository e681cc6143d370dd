"""Cached perturbations for the Perturb and watch page, on the whole model the reorder page shares (changed under its
lock and restored before release: :func:`~dashboard.forward.perturbation.perturb_model`)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dashboard.checkpoints.tokenizer import CheckpointTokenizer
from dashboard.errors import QueryError
from dashboard.forward.perturbation import (DEFAULT_PROMPT, DEFAULT_TOKEN, PerturbationResult, RowChange,
                                            resolve_token, run_perturbation)
from dashboard.i18n import t
from dashboard.ui.forward_loading import forward_model, model_stamp
from dashboard.ui.loading import get_tables
from dashboard.tables import EmbeddingTables
from dashboard.ui.tokenizer_loading import get_tokenizer


@st.cache_data(max_entries=32, show_spinner=False)  # the spinner is drawn in the reader's language below
def _cached_perturbation(source: str, stamp: float, token: str, table: str, change: tuple[str, float, int],
                         prompt: str) -> PerturbationResult:
    tables = get_tables(source)
    model, note = forward_model(source)
    tokenizer = get_tokenizer(tables, source, tables.content_hash)
    return run_perturbation(tables, tokenizer, token, table, RowChange(*change), prompt, model, note)


def perturbation(source: str, token: str, table: str, change: RowChange, prompt: str) -> PerturbationResult:
    """The perturbation for the source (cached).

    Raises:
        NoOutputHeadError: the checkpoint has no output head.
        QueryError: the token is not one row, or the prompt is empty or too long.
    """
    with st.spinner(t("perturb.spinner")):
        return _cached_perturbation(source, model_stamp(source), token, table,
                                    (change.kind, change.amount, change.seed), prompt)


def top5_frame(result: PerturbationResult) -> pd.DataFrame:
    """One row per rank (1-5): ``before``, ``p before``, ``after``, ``p after`` (probabilities in [0, 1])."""
    return pd.DataFrame({
        "rank": range(1, len(result.top5_before) + 1),
        "before": [c.token for c in result.top5_before],
        "p before": [c.probability for c in result.top5_before],
        "after": [c.token for c in result.top5_after],
        "p after": [c.probability for c in result.top5_after],
    })


#: The columns of :func:`top5_frame`, as the page heads them (catalogue keys).
TOP5_HEADERS = {"rank": "perturb.col.rank", "before": "perturb.col.before", "p before": "perturb.col.p_before",
                "after": "perturb.col.after", "p after": "perturb.col.p_after"}


def choose_default_token(tables: EmbeddingTables, tokenizer: CheckpointTokenizer) -> str:
    """The token field's first value, text that is one row of this vocabulary, so the page opens on a result. Tried in
    turn: :data:`~dashboard.forward.perturbation.DEFAULT_TOKEN` (``the``); the last piece of
    :data:`~dashboard.forward.perturbation.DEFAULT_PROMPT` as ``tokenizer`` (one that splits words) splits it, so a
    character-level prompt still ends in the changed row; else the first non-special row, as ``#id``."""
    candidates = [DEFAULT_TOKEN]
    try:
        spans = [span for span, special in zip(*_pieces(tokenizer)) if not special]
        candidates += [spans[-1]] if spans else []
    except QueryError:  # the tokenizer's child failed: the fallbacks below still give a row
        pass
    for text in candidates:
        try:
            token_id = resolve_token(tables, tokenizer, text)
        except QueryError:
            continue
        if token_id not in tables.vocabulary.special_ids:
            return text.strip()
    first = next((i for i in range(tables.vocab_size) if i not in tables.vocabulary.special_ids), 0)
    return f"#{first}"


def _pieces(tokenizer: CheckpointTokenizer) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    encoded = tokenizer.encode(DEFAULT_PROMPT, add_special_tokens=False)
    return encoded.spans, encoded.special
