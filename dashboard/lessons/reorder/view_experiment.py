"""The Sentence reorder page's experiments, cached per (source, sentence, order), on the shared forward model."""

from __future__ import annotations

import streamlit as st

from dashboard.forward.tokenizing import tokenize_sentence
from dashboard.i18n import both_languages
from dashboard.lessons.reorder.experiment import ReorderExperiment, run_reorder_experiment
from dashboard.ui.forward_loading import forward_model
from dashboard.ui.loading import get_tables, path_stamp
from dashboard.ui.tokenizer_loading import get_tokenizer


@st.cache_data(max_entries=32, show_spinner=both_languages("spinner.reorder_run"))
def _cached_experiment(source: str, stamp: float, sentence: str, order: str) -> ReorderExperiment:
    tables = get_tables(source)
    model, note = forward_model(source)  # cached by the same stamp
    tokenizer = get_tokenizer(tables, source, tables.content_hash)
    return run_reorder_experiment(tables, tokenizer, sentence, order, model, note)


def reorder_experiment(source: str, sentence: str, order: str) -> ReorderExperiment:
    """The experiment for the source (cached).

    Raises:
        QueryError: the sentence cannot be tokenized or is too long.
        OrderError: the order is bad.
    """
    return _cached_experiment(source, path_stamp(get_tables(source).model_path), sentence, order)


def sentence_tokens(source: str, sentence: str) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    """The sentence's tokens as the charts label them, and which are special ([CLS], [SEP], BOS); no model.

    Returns:
        ``(labels, special)``, one entry per token, position 0 first.

    Raises:
        QueryError: the sentence cannot be tokenized or is too long.
    """
    tables = get_tables(source)
    tokenizer = get_tokenizer(tables, source, tables.content_hash)
    tokenized = tokenize_sentence(tokenizer, sentence, tables.vocabulary, tables.n_positions)
    return tuple(tables.token_label(int(i)) for i in tokenized.ids), tuple(tokenized.special)
