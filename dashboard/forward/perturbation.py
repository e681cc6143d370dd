"""Perturb and watch: change one row of the token table or the output head, see what happens to the other.

Done on the whole model (a tied one holds one ``Parameter`` under both names), or else on copies of the stored
tensors. The shared model is changed under its lock and restored exactly before the lock is released.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np
import torch

from dashboard.analysis.hangul import is_byte_piece
from dashboard.analysis.queries import TermResolver
from dashboard.checkpoints.tokenizer import CheckpointTokenizer
from dashboard.errors import NoOutputHeadError, QueryError
from dashboard.forward.loading import ForwardModel, forward_pass
from dashboard.forward.tokenizing import tokenize_sentence
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables

#: Which table is changed: the token embedding (``wte``) or the output head (``lm_head``).
TABLES = ("token", "head")
#: The changes: add seeded Gaussian noise, zero the row, multiply it by a factor.
CHANGE_KINDS = ("noise", "zero", "scale")
#: How many next-token candidates are shown before and after.
TOP_K = 5
#: Defaults: a word most vocabularies hold as one token, a prompt ending in it (so its row reaches the prediction).
DEFAULT_TOKEN = "the"
DEFAULT_PROMPT = "The value of the"
DEFAULT_NOISE = 0.5


@dataclass(frozen=True)
class RowChange:
    """One change of one row.

    Attributes:
        kind: one of :data:`CHANGE_KINDS`.
        amount: the noise's standard deviation (``noise``, table units, > 0) or the factor (``scale``, finite);
            unused for ``zero``.
        seed: seeds the noise (``torch.Generator``), so a result repeats.
    """

    kind: str
    amount: float = 0.0
    seed: int = 0

    def __post_init__(self) -> None:
        if self.kind not in CHANGE_KINDS:
            raise QueryError(msg("err.perturb.unknown_change", kind=self.kind, choices=", ".join(CHANGE_KINDS)))
        if not math.isfinite(self.amount):
            raise QueryError(msg("err.perturb.not_finite", kind=self.kind, amount=self.amount))
        if self.kind == "noise" and self.amount <= 0:
            raise QueryError(msg("err.perturb.noise_not_positive", amount=self.amount))

    def noise(self, d_model: int) -> torch.Tensor:
        """The seeded noise ``amount * N(0, 1)``, ``(d_model,)`` float32 (``torch.Generator().manual_seed(seed)``)."""
        generator = torch.Generator().manual_seed(self.seed)
        return self.amount * torch.randn(d_model, generator=generator, dtype=torch.float32)

    def apply(self, row: torch.Tensor) -> torch.Tensor:
        """The changed row, ``(d_model,)`` float32, a new tensor (``row`` is left as it is).

        Raises:
            QueryError: the change overflows float32 (a value beyond about 3.4e38 became inf or NaN).
        """
        if self.kind == "noise":
            changed = row + self.noise(row.shape[0])
        elif self.kind == "zero":
            changed = torch.zeros_like(row)
        else:
            changed = row * self.amount
        if not torch.isfinite(changed).all():
            raise QueryError(msg("err.perturb.overflow", change=self.describe(), what=msg("perturb.overflow.row")))
        return changed

    def describe(self) -> Text:
        """For people: ``noise (std 0.5, seed 0)``, ``zero``, ``scale x 2`` (a :class:`Text`; as a ``str``, English)."""
        if self.kind == "noise":
            return msg("perturb.describe.noise", amount=self.amount, seed=self.seed)
        return msg("perturb.describe.zero") if self.kind == "zero" else msg("perturb.describe.scale",
                                                                              amount=self.amount)


@dataclass(frozen=True)
class Candidate:
    """One next-token candidate: token id (0-based), its display string, probability in [0, 1]."""

    id: int
    token: str
    probability: float


@dataclass(frozen=True)
class PerturbationResult:
    """What the change did.

    Attributes:
        token_id, token: the changed row, 0-based, and its display string.
        table: ``token`` or ``head``: which table was changed.
        tying: the reader's verdict (:class:`~dashboard.tables.Tying` ``verdict``).
        shared_storage: the two tables live in one storage (``data_ptr`` equal).
        token_row_max_abs_change, head_row_max_abs_change: ``max |after - before|`` of the row in each table,
            >= 0 (0.0 exactly when untouched).
        other_table_changed: the other table's row differs in any entry (exact comparison).
        token_shape, head_shape: ``(vocab_size, d_model)`` of each table as the model holds it.
        route: ``model`` (the ``transformers`` model) or ``stored`` (copies of the stored tensors).
        describe: which model or tensors, one line (a :class:`~dashboard.i18n.Text` where this module writes it).
        prompt, prompt_ids: the prompt and its token ids (special tokens included).
        top5_before, top5_after: the likeliest next tokens, likeliest first; empty on the ``stored`` route.
        restored: the shared model's rows were put back, checked exactly (always True on ``stored``).
        note: why there is no forward pass (a ``str`` or :class:`~dashboard.i18n.Text`), or ``None``.
        row_norm_before: L2 norm of the changed row before the change, >= 0 (table units).
        change_norm: ``||after - before||`` of that row, >= 0.
    """

    token_id: int
    token: str
    table: str
    change: RowChange
    tying: str
    shared_storage: bool
    token_row_max_abs_change: float
    head_row_max_abs_change: float
    other_table_changed: bool
    token_shape: tuple[int, int]
    head_shape: tuple[int, int]
    route: str
    describe: str
    prompt: str
    prompt_ids: tuple[int, ...]
    top5_before: tuple[Candidate, ...]
    top5_after: tuple[Candidate, ...]
    restored: bool
    note: str | None = None
    row_norm_before: float = 0.0
    change_norm: float = 0.0


def resolve_token(tables: EmbeddingTables, tokenizer: CheckpointTokenizer | None, text: str) -> int:
    """The one row a typed word, token or ``#id`` names (looked up as on the neighbours page).

    Raises:
        QueryError: nothing matches, or the word is several tokens (listed with their ids so one can be picked).
    """
    term = TermResolver(tables, tokenizer).resolve(text)
    if term.is_split:
        pieces = ", ".join(f"'{piece}' (#{i})" for piece, i in zip(term.pieces, term.ids))  # plain text: the page escapes it
        # A byte piece's row is shared by every character holding that byte: changing it moves them all.
        shared = msg("err.perturb.byte_rows") if any(is_byte_piece(piece) for piece in term.pieces) else ""
        raise QueryError(msg("err.perturb.split_token", text=text.strip(), count=len(term.ids), pieces=pieces,
                             shared=shared))
    return term.ids[0]


def id_defaults(tables: EmbeddingTables) -> tuple[str, str]:
    """The default token and prompt as ``#id`` text, for a checkpoint that cannot split words into tokens.

    Returns:
        ``(token, prompt)``: ids 0 to 3 (fewer for a small table), the token the last, e.g. ``("#3", "#0 #1 #2 #3")``.
    """
    count = max(1, min(4, tables.vocab_size, tables.n_positions or 4))
    return f"#{count - 1}", " ".join(f"#{i}" for i in range(count))


def id_prompt(tables: EmbeddingTables, token_id: int) -> str:
    """A prompt of ``#id`` text from row ``token_id`` (0-based) on, for a checkpoint that cannot split words.

    Ids ``token_id`` to ``token_id + 3`` (fewer for a smaller table), moved down so every id is a row: e.g.
    ``"#5 #6 #7 #8"``, or ``"#92 #93 #94 #95"`` for row 94 of 96.
    """
    count = max(1, min(4, tables.vocab_size, tables.n_positions or 4))
    start = max(0, min(token_id, tables.vocab_size - count))
    return " ".join(f"#{i}" for i in range(start, start + count))


def require_output_head(tables: EmbeddingTables) -> None:
    """Fail unless the checkpoint has an output head, stored or tied.

    Raises:
        NoOutputHeadError: no head (the message tells a bare table, an encoder and an unstored head apart).
    """
    if tables.tying.head_missing:
        raise NoOutputHeadError(msg("err.perturb.head_missing", name=tables.name, evidence=tables.tying.evidence))
    if tables.tying.verdict == "no-head":
        if tables.model_path is None:
            raise NoOutputHeadError(msg("err.perturb.no_head_bare", name=tables.name, format=tables.format))
        raise NoOutputHeadError(msg("err.perturb.no_head", name=tables.name))


def _max_abs(a: torch.Tensor, b: torch.Tensor) -> float:
    return float((a - b).abs().max())


def _top_k(tables: EmbeddingTables, logits: torch.Tensor) -> tuple[Candidate, ...]:
    probs = torch.softmax(logits.to(torch.float64), dim=-1)
    values, ids = torch.topk(probs, TOP_K)
    return tuple(Candidate(int(i), tables.token_label(int(i)), float(p)) for p, i in zip(values, ids))


def _next_token_logits(module: torch.nn.Module, ids: Sequence[int]) -> torch.Tensor:
    """``(vocab_size,)`` float32 logits after the last prompt token."""
    return module(input_ids=torch.tensor([list(ids)], dtype=torch.long)).logits[0, -1]


def perturb_model(model: ForwardModel, tables: EmbeddingTables, token_id: int, table: str, change: RowChange,
                  prompt: str, prompt_ids: Sequence[int]) -> PerturbationResult:
    """Change one row of the whole model's token table or head, record both rows and the top-5, undo it.

    Args:
        model: from :func:`~dashboard.forward.loading.load_forward_model`, with a head.
        token_id: the row, 0-based, below the model's vocab_size.
        prompt, prompt_ids: the text whose next token is predicted, and its ids.

    Raises:
        NoOutputHeadError: the model has no output head.
        QueryError: ``token_id`` is outside the model's tables.
    """
    module = model.module
    output = module.get_output_embeddings() if model.has_lm_head else None
    if output is None:
        raise NoOutputHeadError(msg("err.perturb.model_no_head", describe=model.describe))
    token_table, head = module.get_input_embeddings().weight, output.weight
    if not 0 <= token_id < min(token_table.shape[0], head.shape[0]):
        raise QueryError(msg("err.perturb.outside", token_id=token_id, rows=token_table.shape[0]))
    changed, other = (token_table, head) if table == "token" else (head, token_table)
    with forward_pass(model):
        token_before, head_before = token_table[token_id].clone(), head[token_id].clone()
        changed_before, other_before = (token_before, head_before) if table == "token" else (head_before,
                                                                                            token_before)
        before = _next_token_logits(module, prompt_ids)
        try:
            changed[token_id] = change.apply(changed_before)
            token_after, head_after = token_table[token_id].clone(), head[token_id].clone()
            after = _next_token_logits(module, prompt_ids)
            if not torch.isfinite(after).all():
                raise QueryError(msg("err.perturb.overflow", change=change.describe(),
                                     what=msg("perturb.overflow.scores")))
        finally:
            changed[token_id] = changed_before
            other[token_id] = other_before
        restored = torch.equal(token_table[token_id], token_before) and torch.equal(head[token_id], head_before)
    other_after = head_after if table == "token" else token_after
    return PerturbationResult(
        token_id=token_id, token=tables.token_label(token_id), table=table, change=change,
        tying=tables.tying.verdict, shared_storage=token_table.data_ptr() == head.data_ptr(),
        token_row_max_abs_change=_max_abs(token_after, token_before),
        head_row_max_abs_change=_max_abs(head_after, head_before),
        other_table_changed=not torch.equal(other_after, other_before),
        token_shape=tuple(token_table.shape), head_shape=tuple(head.shape),
        route="model", describe=model.describe, prompt=prompt, prompt_ids=tuple(int(i) for i in prompt_ids),
        top5_before=_top_k(tables, before), top5_after=_top_k(tables, after), restored=restored,
        **_sizes(changed_before, token_after if table == "token" else head_after),
    )


def stored_pair(tables: EmbeddingTables) -> tuple[torch.Tensor, torch.Tensor]:
    """Writable copies of the stored token table and head, ``(vocab_size, d_model)`` float32; one tensor if stored once.

    Raises:
        NoOutputHeadError: the checkpoint has no head.
    """
    require_output_head(tables)
    token = torch.from_numpy(np.array(tables.token))
    head = token if tables.output_head is None else torch.from_numpy(np.array(tables.output_head))
    return token, head


def perturb_stored(tables: EmbeddingTables, token_id: int, table: str, change: RowChange, prompt: str,
                   note: str) -> PerturbationResult:
    """Change one row of copies of the stored tensors (no model to run, so no top-5).

    Raises:
        NoOutputHeadError: the checkpoint has no head.
    """
    token_table, head = stored_pair(tables)
    token_before, head_before = token_table[token_id].clone(), head[token_id].clone()
    changed = token_table if table == "token" else head
    changed_before = changed[token_id].clone()
    changed[token_id] = change.apply(changed[token_id])
    other_after, other_before = (head[token_id], head_before) if table == "token" else (token_table[token_id],
                                                                                       token_before)
    return PerturbationResult(
        token_id=token_id, token=tables.token_label(token_id), table=table, change=change,
        tying=tables.tying.verdict, shared_storage=token_table.data_ptr() == head.data_ptr(),
        token_row_max_abs_change=_max_abs(token_table[token_id], token_before),
        head_row_max_abs_change=_max_abs(head[token_id], head_before),
        other_table_changed=not torch.equal(other_after, other_before),
        token_shape=tuple(token_table.shape), head_shape=tuple(head.shape),
        route="stored", describe=msg("perturb.stored_describe", name=tables.name), prompt=prompt, prompt_ids=(),
        top5_before=(), top5_after=(), restored=True, note=note, **_sizes(changed_before, changed[token_id]),
    )


def _sizes(before: torch.Tensor, after: torch.Tensor) -> dict[str, float]:
    """The changed row's L2 norm before, and the change's: the two numbers that say how big a change was."""
    return {"row_norm_before": float(torch.linalg.vector_norm(before.double())),
            "change_norm": float(torch.linalg.vector_norm((after - before).double()))}


def run_perturbation(tables: EmbeddingTables, tokenizer: CheckpointTokenizer, token: str, table: str,
                     change: RowChange, prompt: str, model: ForwardModel | None = None,
                     forward_note: str | None = None) -> PerturbationResult:
    """Resolve the token and prompt, then perturb the model (or, without one, the stored tensors).

    Args:
        token: a word as typed, a token as the vocabulary shows it, or ``#id``.
        prompt: text whose next token is predicted before and after.
        model: the whole model, or ``None`` (then ``forward_note`` says why).

    Raises:
        NoOutputHeadError: the checkpoint (or the model built from it) has no output head.
        QueryError: unknown table, a token that is not one row, an empty or too long prompt.
    """
    if table not in TABLES:
        raise QueryError(msg("err.perturb.unknown_table", table=table))
    require_output_head(tables)
    token_id = resolve_token(tables, tokenizer, token)
    if model is None or not model.has_lm_head:
        note = forward_note if model is None else msg("perturb.note.encoder", describe=model.describe)
        return perturb_stored(tables, token_id, table, change, prompt, note or msg("perturb.note.no_model"))
    prompt_ids = tokenize_sentence(tokenizer, prompt, tables.vocabulary, tables.n_positions).ids
    return perturb_model(model, tables, token_id, table, change, prompt, prompt_ids)


def perturbation_document(result: PerturbationResult, source: str) -> dict[str, Any]:
    """The CLI's JSON document (contract: ``token_id``, ``table``, ``tying``, ``shared_storage``,
    ``token_row_max_abs_change``, ``head_row_max_abs_change``, ``other_table_changed``, ``top5_before``,
    ``top5_after`` as lists of ``{token, probability}``; keys are only ever added)."""
    def candidates(found: tuple[Candidate, ...]) -> list[dict[str, Any]]:
        return [{"token": c.token, "probability": c.probability, "id": c.id} for c in found]

    return {
        "source": source,
        "token_id": result.token_id,
        "token": result.token,
        "table": result.table,
        "change": {"kind": result.change.kind, "amount": result.change.amount, "seed": result.change.seed},
        "tying": result.tying,
        "shared_storage": result.shared_storage,
        "token_row_max_abs_change": result.token_row_max_abs_change,
        "head_row_max_abs_change": result.head_row_max_abs_change,
        "other_table_changed": result.other_table_changed,
        "row_norm_before": result.row_norm_before,
        "change_norm": result.change_norm,
        "token_shape": list(result.token_shape),
        "head_shape": list(result.head_shape),
        "route": result.route,
        "prompt": result.prompt,
        "prompt_ids": list(result.prompt_ids),
        "top5_before": candidates(result.top5_before),
        "top5_after": candidates(result.top5_after),
        "restored": result.restored,
        "note": result.note,
    }
