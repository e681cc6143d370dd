"""The sentence-reorder experiment: one sentence, one permutation, three levels, two settings.

Without positions, the learned table is zeroed or the rotary rotation made the identity. The two orders are
compared token by token at the lookup, the first attention layer and the whole model, plus pooled cosine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from dashboard.lessons.reorder.analysis import (full_permutation, lookup_from_tables, max_abs_difference,
                                                mean_input_difference, movable_positions, parse_order, pooled_cosine,
                                                word_groups)
from dashboard.forward.loading import ForwardModel
from dashboard.forward.passes import ForwardRecord, run_forward
from dashboard.checkpoints.tokenizer import CheckpointTokenizer
from dashboard.forward.tokenizing import tokenize_sentence
from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables

#: Names of the two settings, as used in the CLI's JSON and the charts.
SETTINGS = ("with_positions", "without_positions")
#: How many next-token candidates are kept per sentence.
TOP_K = 5


@dataclass(frozen=True, eq=False)
class SettingRun:
    """Both sentences run in one setting.

    Attributes:
        lookup: ``(original, permuted)``, each ``(n_tokens, d_model)`` float32 in its own sentence's order.
        original, permuted: the forward records, ``None`` without a forward pass.
    """

    lookup: tuple[np.ndarray, np.ndarray]
    original: ForwardRecord | None = None
    permuted: ForwardRecord | None = None

    def numbers(self, perm: np.ndarray) -> dict[str, float | None]:
        """The four headline numbers (differences >= 0, cosine in [-1, 1]; ``None`` when not computed)."""
        numbers: dict[str, float | None] = {
            "lookup_max_abs_diff": max_abs_difference(*self.lookup, perm),
            "attention_max_abs_diff": None, "model_max_abs_diff": None, "pooled_cosine": None,
        }
        if self.original is not None:
            numbers["attention_max_abs_diff"] = max_abs_difference(
                self.original.attention_output, self.permuted.attention_output, perm)
            numbers["model_max_abs_diff"] = max_abs_difference(self.original.final, self.permuted.final, perm)
            numbers["pooled_cosine"] = pooled_cosine(self.original.final, self.permuted.final)
        return numbers


@dataclass(frozen=True, eq=False)
class ReorderExperiment:
    """Everything the page and the CLI show.

    Attributes:
        ids, special: token ids of the sentence, and one flag per token (special tokens never move).
        perm: ``(n_tokens,)`` int64; the permuted sentence holds at ``t`` the token from position ``perm[t]``.
        tokens, permuted_tokens: display strings in each sentence's order.
        causal: attention masked to earlier positions.
        position_kind: ``learned``, ``rotary`` or ``none``.
        runs: setting name (see :data:`SETTINGS`) -> :class:`SettingRun`.
        forward_note: why there is no forward pass, or ``None`` when there is one.
        tokenizer_note: which tokenizer made the ids.
        mean_input_difference: see :func:`~dashboard.lessons.reorder.analysis.mean_input_difference`.
        unknown_words: pieces the tokenizer turned into its unknown token, in order; they move like any word.
        unknown_token: that token's display string (``[UNK]``), ``""`` when none occurs.
    """

    ids: tuple[int, ...]
    special: tuple[bool, ...]
    perm: np.ndarray
    tokens: tuple[str, ...]
    permuted_tokens: tuple[str, ...]
    causal: bool
    position_kind: str
    runs: dict[str, SettingRun]
    forward_note: str | None
    tokenizer_note: str
    mean_input_difference: float | None
    unknown_words: tuple[str, ...] = ()
    unknown_token: str = ""

    @property
    def has_forward(self) -> bool:
        return self.forward_note is None

    @property
    def n_movable(self) -> int:
        return len(movable_positions(self.special))

    def numbers(self, setting: str) -> dict[str, float | None]:
        return self.runs[setting].numbers(self.perm)

    def top_next_tokens(self, setting: str, which: str, k: int = TOP_K) -> list[tuple[int, float]]:
        """The ``k`` likeliest next tokens after the ``original`` or ``permuted`` sentence.

        Returns:
            ``[(token id, probability in [0, 1]), ...]``, likeliest first; empty without a head.
        """
        record = getattr(self.runs[setting], which)
        if record is None or record.next_token_probs is None:
            return []
        probs = record.next_token_probs
        top = np.argsort(-probs, kind="stable")[:k]
        return [(int(i), float(probs[i])) for i in top]


@dataclass(frozen=True)
class ReorderPlan:
    """A tokenized sentence and its permutation, checked before any model is built.

    Attributes:
        ids, special, perm, unknown_words: as in :class:`ReorderExperiment`.
        unknown_ids: ids of the unknown token where it occurs (one id, or none).
    """

    ids: np.ndarray
    special: tuple[bool, ...]
    perm: np.ndarray
    unknown_words: tuple[str, ...] = ()
    unknown_ids: frozenset[int] = frozenset()


def plan_reorder(tables: EmbeddingTables, tokenizer: CheckpointTokenizer, sentence: str, order: str) -> ReorderPlan:
    """Tokenize the sentence and build the permutation; cheap, so bad input fails before a model loads.

    Raises:
        QueryError: the sentence cannot be tokenized or is too long.
        OrderError: the order spec is bad.
    """
    tokenized = tokenize_sentence(tokenizer, sentence, tables.vocabulary, tables.n_positions)
    order_indices = parse_order(order, len(movable_positions(tokenized.special)),
                                word_groups(tokenized.spans, tokenized.special, sentence))
    unknown_words = tuple(span for span, unknown in zip(tokenized.spans, tokenized.unknown) if unknown)
    unknown_ids = frozenset(i for i, unknown in zip(tokenized.ids, tokenized.unknown) if unknown)
    return ReorderPlan(np.asarray(tokenized.ids, dtype=np.int64), tokenized.special,
                       full_permutation(order_indices, tokenized.special), unknown_words, unknown_ids)


def run_reorder_experiment(tables: EmbeddingTables, tokenizer: CheckpointTokenizer, sentence: str, order: str,
                           model: ForwardModel | None = None, forward_note: str | None = None) -> ReorderExperiment:
    """Run the experiment on ``model``, or on the lookup only when it is ``None`` (``forward_note`` says why).

    ``tokenizer`` is from :func:`dashboard.checkpoints.tokenizer.load_tokenizer`; ``order`` is an order spec
    (:func:`dashboard.lessons.reorder.analysis.parse_order`).

    Raises:
        QueryError: the sentence cannot be tokenized or is too long.
        OrderError: the order spec is bad.
    """
    plan = plan_reorder(tables, tokenizer, sentence, order)
    ids, perm = plan.ids, plan.perm
    permuted_ids = ids[perm]
    runs = {}
    for setting in SETTINGS:
        with_positions = setting == "with_positions"
        if model is None:
            runs[setting] = SettingRun(lookup=(lookup_from_tables(tables, ids, with_positions=with_positions),
                                               lookup_from_tables(tables, permuted_ids, with_positions=with_positions)))
            continue
        original = run_forward(model, ids, with_positions=with_positions)
        permuted = run_forward(model, permuted_ids, with_positions=with_positions)
        runs[setting] = SettingRun(lookup=(original.lookup, permuted.lookup), original=original, permuted=permuted)
    return ReorderExperiment(
        ids=tuple(int(i) for i in ids),
        special=plan.special,
        perm=perm,
        tokens=tuple(tables.token_label(int(i)) for i in ids),
        permuted_tokens=tuple(tables.token_label(int(i)) for i in permuted_ids),
        causal=model.causal if model is not None else bool(tables.hyperparameters.get("causal", False)),
        position_kind=model.position_kind if model is not None else tables.position_kind,
        runs=runs,
        forward_note=None if model is not None else (forward_note or msg("reorder.no_model")),
        tokenizer_note=tokenizer.describe,
        mean_input_difference=mean_input_difference(tables, ids, perm),
        unknown_words=plan.unknown_words,
        unknown_token=", ".join(tables.token_label(i) for i in sorted(plan.unknown_ids)),
    )


def experiment_document(experiment: ReorderExperiment, tables: EmbeddingTables, sentence: str,
                        order: str) -> dict[str, Any]:
    """The CLI's JSON document (contract: ``tokens``, ``permuted_tokens``, ``causal``, and per setting
    ``lookup_max_abs_diff``, ``attention_max_abs_diff``, ``model_max_abs_diff``, ``pooled_cosine``;
    keys are only ever added)."""
    document: dict[str, Any] = {
        "source": tables.source,
        "sentence": sentence,
        "order": order,
        "permutation": [int(i) for i in experiment.perm],
        "tokens": list(experiment.tokens),
        "permuted_tokens": list(experiment.permuted_tokens),
        "special": list(experiment.special),
        "causal": experiment.causal,
        "position_kind": experiment.position_kind,
        "forward_pass": experiment.has_forward,
        "forward_note": experiment.forward_note,
        "unknown_words": list(experiment.unknown_words),
    }
    for setting in SETTINGS:
        document[setting] = experiment.numbers(setting)
        top = {which: experiment.top_next_tokens(setting, which, k=1) for which in ("original", "permuted")}
        if top["original"]:
            document[setting]["next_token"] = {which: tables.token_label(found[0][0]) for which, found in top.items()}
    return document
