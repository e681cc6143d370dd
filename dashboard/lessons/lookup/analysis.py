"""The lookup on real rows: token ids -> token rows (+ position rows) -> what the first block receives.

What the first block receives (:data:`FIRST_BLOCK_RULES`, read from each model's ``forward`` in ``transformers``):

- ``sum`` (GPT-2, nanoGPT, OPT): ``x_t = token[id_t] + position[t]``;
- ``layernorm`` (BERT): ``x_t = LayerNorm(token[id_t] + position[t] + token_type[0])``;
- ``token`` (Llama, Mistral, Qwen, GPT-J, GPT-NeoX): ``x_t = token[id_t]``; positions enter inside attention;
- ``scaled`` (Gemma 1-3, ``GemmaModel.forward``): ``x_t = token[id_t] * sqrt(d_model)``.
"""

from __future__ import annotations

from dataclasses import dataclass
import re
from typing import Sequence

import numpy as np

from dashboard.errors import QueryError
from dashboard.i18n import msg
from dashboard.tables import EmbeddingNorm, EmbeddingTables

#: An item that means a token id, right or wrong: ``#`` and a whole number, maybe signed.
_ID_ITEM = re.compile(r"#[+-]?\d+")  # any digits here, so "#²" is named as wrong, not read as text
#: Wrong items named in the error, at most.
_WRONG_SHOWN = 5

#: Canonical architecture -> how its first block's input is made from the rows (see the module docstring).
FIRST_BLOCK_RULES: dict[str, str] = {
    "gpt2": "sum",
    "gpt_neo": "sum",
    "nanogpt": "sum",
    "opt": "sum",  # OPT-350m's project_in (a narrower token table) is refused when the tables are read
    "bert": "layernorm",
    "llama": "token",
    "mistral": "token",
    "qwen2": "token",
    "qwen3": "token",
    "gptj": "token",
    "gpt_neox": "token",
    "gemma": "scaled",
    "gemma2": "scaled",
    "gemma3": "scaled",  # GGUF's name for Gemma 3
    "gemma3_text": "scaled",
}
#: Tokens of a sentence multiplied as one-hot rows at most (the product costs 2 x vocab_size x d_model FLOPs a token).
MAX_ONE_HOT_TOKENS = 16
_FLOAT32_BYTES = 4


@dataclass(frozen=True, eq=False)
class Lookup:
    """One sentence's rows, step by step.

    Attributes:
        ids, positions: ``(n_tokens,)`` int64 token ids and positions, 0-based.
        token_rows, position_rows, token_type_rows: ``(n_tokens, d_model)`` float32 ``token[ids]``,
            ``position[positions]`` and ``token_type[0]`` at each position; the last two ``None`` without a table.
        summed, first_block: ``(n_tokens, d_model)`` float32: the rows added (the token rows alone if nothing else),
            and what the first block receives (``None`` when the rule is unknown).
        rule: a value of :data:`FIRST_BLOCK_RULES`, or ``None`` for an architecture not in it.
    """

    ids: np.ndarray
    positions: np.ndarray
    token_rows: np.ndarray
    position_rows: np.ndarray | None
    token_type_rows: np.ndarray | None
    summed: np.ndarray
    first_block: np.ndarray | None
    rule: str | None


def layer_norm(x: np.ndarray, norm: EmbeddingNorm) -> np.ndarray:
    """``(x - mean) / sqrt(var + eps) * weight + bias`` over the last axis (biased variance, as ``torch.nn.LayerNorm``).

    ``x`` is ``(n, d_model)`` float32, and so is the result.
    """
    x = np.asarray(x, np.float32)
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return ((x - mean) / np.sqrt(variance + np.float32(norm.eps)) * norm.weight + norm.bias).astype(np.float32)


def look_up(tables: EmbeddingTables, ids: Sequence[int], norm: EmbeddingNorm | None = None) -> Lookup:
    """The rows of ``ids`` (0-based, at positions 0, 1, ...) and what the first block receives.

    Without ``norm``, the embedding LayerNorm, ``first_block`` is ``None`` under the ``layernorm`` rule.

    Raises:
        QueryError: no ids, an id past the table, or more ids than the position table has rows.
    """
    ids = np.asarray(list(ids), dtype=np.int64)
    if ids.size == 0:
        raise QueryError(msg("err.lookup.no_tokens"))
    if ids.min() < 0 or ids.max() >= tables.vocab_size:
        raise QueryError(msg("err.lookup.id_past_table", token_id=int(ids.max()), last=tables.vocab_size - 1))
    if tables.n_positions is not None and ids.size > tables.n_positions:
        raise QueryError(msg("err.lookup.too_long", count=int(ids.size), rows=tables.n_positions))
    positions = np.arange(ids.size, dtype=np.int64)
    token_rows = tables.token[ids]
    position_rows = None if tables.position is None else tables.position[positions]
    token_type_rows = None if tables.token_type is None else np.repeat(tables.token_type[:1], ids.size, axis=0)
    summed = token_rows.copy()
    for rows in (position_rows, token_type_rows):
        if rows is not None:
            summed = summed + rows
    rule = FIRST_BLOCK_RULES.get(tables.architecture)
    first_block = {"sum": summed, "token": token_rows, "scaled": token_rows * np.float32(np.sqrt(tables.d_model)),
                   "layernorm": None if norm is None else layer_norm(summed, norm)}.get(rule) if rule else None
    return Lookup(ids, positions, token_rows, position_rows, token_type_rows, summed.astype(np.float32),
                  first_block, rule)


@dataclass(frozen=True)
class OneHotComparison:
    """``one_hot(ids) @ W`` against ``W[ids]``, computed, with what each costs.

    ``n_tokens``: tokens multiplied (<= :data:`MAX_ONE_HOT_TOKENS`); ``max_abs_diff``: largest entry of
    ``|one_hot(ids) @ W - W[ids]|``; ``lookup_bytes``/``lookup_flops``: what the lookup reads (``n_tokens x d_model``
    float32 values) and computes (0); ``product_flops``: ``2 x n_tokens x vocab_size x d_model`` (a multiply-add is 2
    FLOPs); ``product_bytes``: what the product reads, the whole table and the one-hot matrix (float32).
    """

    n_tokens: int
    max_abs_diff: float
    lookup_bytes: int
    lookup_flops: int
    product_flops: int
    product_bytes: int


def compare_one_hot(table: np.ndarray, ids: Sequence[int]) -> OneHotComparison:
    """Multiply one-hot rows of ``ids[:MAX_ONE_HOT_TOKENS]`` by ``table`` (``(vocab_size, d_model)`` float32).

    The product is compared with indexing, ``table[ids]``; ids are 0-based.

    Raises:
        QueryError: no ids, or an id past the table.
    """
    ids = np.asarray(list(ids)[:MAX_ONE_HOT_TOKENS], dtype=np.int64)
    vocab_size, d_model = table.shape
    if ids.size == 0 or ids.min() < 0 or ids.max() >= vocab_size:
        raise QueryError(msg("err.lookup.one_hot_ids", last=vocab_size - 1))
    one_hot = np.zeros((ids.size, vocab_size), np.float32)  # (n_tokens, vocab_size)
    one_hot[np.arange(ids.size), ids] = 1.0
    product = one_hot @ table  # (n_tokens, d_model)
    n = int(ids.size)
    return OneHotComparison(
        n_tokens=n,
        max_abs_diff=float(np.max(np.abs(product - table[ids]))),
        lookup_bytes=n * d_model * _FLOAT32_BYTES,
        lookup_flops=0,
        product_flops=2 * n * vocab_size * d_model,
        product_bytes=(vocab_size * d_model + n * vocab_size) * _FLOAT32_BYTES,
    )


def parse_token_ids(text: str, vocab_size: int) -> list[int] | None:
    """``#12 #40 #7`` -> ``[12, 40, 7]``; ``None`` when ``text`` is a sentence to tokenize.

    ``text`` is an id list when every item (split on spaces or commas) starts with ``#`` and at least one is ``#`` and a
    whole number (``#-1`` counts), so ``#hashtag #fun`` stays a sentence. Ids run from 0 to ``vocab_size - 1``.

    Raises:
        QueryError: an id list with an item that is not an ASCII whole number in that range (the first five named).
    """
    items = text.replace(",", " ").split()
    if not items or not all(item.startswith("#") for item in items) or not any(
            _ID_ITEM.fullmatch(item) for item in items):
        return None
    # ASCII digits only: str.isdigit also accepts "²", which int() refuses
    wrong = [item for item in items if not (item[1:].isascii() and item[1:].isdigit() and int(item[1:]) < vocab_size)]
    if wrong:
        more = len(wrong) - _WRONG_SHOWN
        shown = " ".join(wrong[:_WRONG_SHOWN]) + (f" (+{more})" if more > 0 else "")
        raise QueryError(msg("err.lookup.bad_ids", items=shown, last=vocab_size - 1))
    return [int(item[1:]) for item in items]
