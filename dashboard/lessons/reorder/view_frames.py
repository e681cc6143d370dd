"""The reorder page's experiments, cached per (source, sentence, order), and the tidy frames its charts draw.

Labels stay English (``with positions``, ``original`` ...; :func:`shown_labels` translates them); token labels
carry their 0-based position (``3 sat``) so a word used twice stays two rows.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dashboard.forward.tokenizing import tokenize_sentence
from dashboard.i18n import both_languages, msg, render
from dashboard.lessons.reorder.analysis import token_differences, unpermute_attention
from dashboard.lessons.reorder.experiment import ReorderExperiment, SETTINGS, run_reorder_experiment
from dashboard.tables import EmbeddingTables
from dashboard.ui.forward_loading import forward_model
from dashboard.ui.loading import get_tables, path_stamp
from dashboard.ui.tokenizer_loading import get_tokenizer


SETTING_LABELS = {"with_positions": "with positions", "without_positions": "without positions"}
SENTENCE_LABELS = ("original", "permuted")
#: Level name -> (ForwardRecord attribute, title); ``lookup`` also exists without a model.
LEVELS = {
    "lookup": ("lookup", msg("reorder.level.lookup")),
    "attention": ("attention_output", msg("reorder.level.attention")),
    "model": ("final", msg("reorder.level.model")),
}
#: The English labels the frames hold -> what a reader reads (see :func:`shown_labels`).
_LABEL_MESSAGES = {
    "with positions": msg("reorder.setting.with_positions"),
    "without positions": msg("reorder.setting.without_positions"),
    "original": msg("reorder.sentence.original"),
    "permuted": msg("reorder.sentence.permuted"),
}


def shown_label(label: str) -> str:
    """A frame's setting or sentence label in the reader's language; any other string (a token) unchanged."""
    message = _LABEL_MESSAGES.get(label)
    return label if message is None else render(message)


def shown_labels(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` with its ``setting`` and ``sentence`` columns in the reader's language, for a chart.

    The frames keep English labels, which tests and the CLI read.
    """
    shown = frame.copy()
    for column in ("setting", "sentence"):
        if column in shown:
            shown[column] = shown[column].map(shown_label)
    return shown


def token_label(position: int, token: str) -> str:
    """``"3 cat"``: a token with its 0-based position, so repeated tokens stay apart on a chart axis."""
    return f"{position} {token}"


def token_order_frame(experiment: ReorderExperiment) -> pd.DataFrame:
    """Where each token stands in the two sentences.

    Returns:
        One row per token per sentence: ``sentence``, ``position`` (0-based), ``token`` (display string),
        ``token_index`` (position in the original sentence, joining the two rows), ``special`` (bool).
    """
    n = len(experiment.ids)
    perm = experiment.perm
    return pd.DataFrame({
        "sentence": ["original"] * n + ["permuted"] * n,
        "position": list(range(n)) * 2,
        "token": list(experiment.tokens) + list(experiment.permuted_tokens),
        "token_index": list(range(n)) + [int(i) for i in perm],
        "special": list(experiment.special) + [experiment.special[int(i)] for i in perm],
    })


def token_difference_frame(experiment: ReorderExperiment, level: str) -> pd.DataFrame:
    """Per-token largest difference between the sentences at ``level`` (a key of :data:`LEVELS`), both settings.

    Returns:
        Columns ``position`` (0-based, original sentence), ``token`` (label ``position token``), ``setting``,
        ``max_abs_diff`` (float >= 0, between the token's vectors in the two sentences).
    """
    attribute, _ = LEVELS[level]
    rows = []
    for setting in SETTINGS:
        run = experiment.runs[setting]
        if level == "lookup":
            original, permuted = run.lookup
        elif run.original is None:
            continue
        else:
            original, permuted = getattr(run.original, attribute), getattr(run.permuted, attribute)
        for position, diff in enumerate(token_differences(original, permuted, experiment.perm)):
            rows.append({"position": position, "token": token_label(position, experiment.tokens[position]),
                         "setting": SETTING_LABELS[setting], "max_abs_diff": float(diff)})
    return pd.DataFrame(rows, columns=["position", "token", "setting", "max_abs_diff"])


def attention_frame(experiment: ReorderExperiment, *, head: int | None = None,
                    original_order: bool = False) -> pd.DataFrame:
    """First-layer attention weights of both sentences in both settings; empty without a forward pass.

    Args:
        head: 0-based head, or ``None`` for the mean over heads.
        original_order: lay the permuted sentence out in the original order (then, without positions, the two
            bidirectional heatmaps are equal).

    Returns:
        Columns ``setting``, ``sentence``, ``query`` / ``key`` (labels ``position token``), ``query_position`` /
        ``key_position`` (0-based, as laid out), ``weight`` (in [0, 1]; each query's row sums to 1).
    """
    rows = []
    n = len(experiment.ids)
    for setting in SETTINGS:
        run = experiment.runs[setting]
        if run.original is None:
            continue
        for sentence, record in zip(SENTENCE_LABELS, (run.original, run.permuted)):
            weights = record.attention_weights
            weights = weights.mean(axis=0) if head is None else weights[head]
            tokens = experiment.tokens
            if sentence == "permuted":
                if original_order:
                    weights = unpermute_attention(weights, experiment.perm)
                else:
                    tokens = experiment.permuted_tokens
            labels = [token_label(t, tokens[t]) for t in range(n)]
            for q in range(n):
                for k in range(n):
                    rows.append({"setting": SETTING_LABELS[setting], "sentence": sentence,
                                 "query": labels[q], "key": labels[k], "query_position": q, "key_position": k,
                                 "weight": float(weights[q, k])})
    return pd.DataFrame(rows, columns=["setting", "sentence", "query", "key", "query_position", "key_position",
                                       "weight"])


def next_token_frame(experiment: ReorderExperiment, tables: EmbeddingTables) -> pd.DataFrame:
    """The likeliest next tokens after each sentence in each setting; empty for models without a head.

    Returns:
        Columns ``setting``, ``sentence``, ``rank`` (1 = likeliest), ``token``, ``probability`` (in [0, 1]).
    """
    rows = []
    for setting in SETTINGS:
        for sentence in SENTENCE_LABELS:
            for rank, (token_id, probability) in enumerate(experiment.top_next_tokens(setting, sentence), start=1):
                rows.append({"setting": SETTING_LABELS[setting], "sentence": sentence, "rank": rank,
                             "token": tables.token_label(token_id), "probability": probability})
    return pd.DataFrame(rows, columns=["setting", "sentence", "rank", "token", "probability"])


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
