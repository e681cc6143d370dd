"""Reorder a sentence and compare what a model makes of the two orders.

Self-attention without positions is permutation equivariant (Vaswani et al. 2017, sec. 3.5): the permuted
sentence's outputs, put back in the original order, equal the original's. ``perm`` is ``(n_tokens,)`` int with
``permuted_ids = ids[perm]``; special tokens ([CLS], [SEP], BOS) never move; orders are 0-based over the movable
tokens only. Word-level orders keep each word's pieces together and reverse or shuffle the words.
"""

from __future__ import annotations

import re
from typing import Sequence

import numpy as np

from dashboard.errors import OrderError
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables


#: Order spec grammar of the CLI's ``--order``, for its help and its errors.
ORDER_HELP = msg("err.reorder.order_help")
_SHUFFLE = re.compile(r"shuffle:\s*(-?\d+)")
_SHUFFLE_WORDS = re.compile(r"shuffle-words:\s*(-?\d+)")
_SWAP = re.compile(r"swap:\s*(-?\d+)\s*[,\s]\s*(-?\d+)")
_SEPARATORS = re.compile(r"[,\s]+")


def movable_positions(special: Sequence[bool]) -> np.ndarray:
    """0-based positions of the tokens that may move: ``(n_movable,)`` int64, increasing, from one flag per token."""
    return np.flatnonzero(~np.asarray(special, dtype=bool))


def order_from_positions(positions: Sequence[int], special: Sequence[bool], labels: Sequence[str], *,
                         complete: bool) -> np.ndarray:
    """Sentence positions as the page's charts number them (specials included) -> movable-token indices.

    Args:
        positions: 0-based sentence positions typed by the user.
        special, labels: one flag and one display string (for the messages) per token of the sentence.
        complete: ``True`` for a whole order (each movable position once), ``False`` for a few positions (a swap).

    Returns:
        ``(len(positions),)`` int64 indices over the movable tokens.

    Raises:
        OrderError: a position outside the sentence, on a special token, repeated, or (``complete``) missing.
    """
    movable = movable_positions(special)
    index = {int(p): k for k, p in enumerate(movable)}
    allowed = (msg("err.reorder.positions_range", first=int(movable[0]), last=int(movable[-1]))
               if len(movable) and movable[-1] - movable[0] + 1 == len(movable)
               else msg("err.reorder.positions_list", positions=", ".join(map(str, movable))))
    for p in positions:
        if not 0 <= p < len(special):
            raise OrderError(msg("err.reorder.outside_sentence", position=p, last=len(special) - 1, allowed=allowed))
        if p not in index:
            raise OrderError(msg("err.reorder.special_position", position=p, label=labels[p], allowed=allowed))
    if complete:
        repeated = sorted({p for p in positions if list(positions).count(p) > 1})
        if repeated:
            raise OrderError(msg("err.reorder.repeats_position", repeated=", ".join(map(str, repeated)),
                                 allowed=allowed))
        if len(positions) != len(movable):
            raise OrderError(msg("err.reorder.position_count", count=len(positions), n_movable=len(movable),
                                 allowed=allowed))
    return np.asarray([index[p] for p in positions], dtype=np.int64)


def parse_index_list(text: str) -> list[int]:
    """The numbers of an order typed as ``2,0,1`` or ``2 0 1``.

    Raises:
        OrderError: empty, or a part that is not a whole number.
    """
    parts = [part for part in _SEPARATORS.split(text.strip()) if part]
    try:
        indices = [int(part) for part in parts]
    except ValueError:
        indices = []
    if not indices:
        raise OrderError(msg("err.reorder.not_numbers", text=text.strip()))
    return indices


def parse_order(spec: str, n_movable: int, words: list[list[int]] | None = None) -> np.ndarray:
    """The order of the ``n_movable`` (non-special) tokens that ``spec`` asks for.

    Args:
        spec: ``reverse``; ``shuffle:SEED`` (numpy's ``default_rng(SEED).permutation``); ``reverse-words`` and
            ``shuffle-words:SEED`` (over whole words, :mod:`~dashboard.lessons.reorder.analysis`); ``swap:I,J``;
            or ``i j k ...`` / ``i,j,k,...`` (token ``order[t]`` goes to place ``t``). Indices are 0-based over
            the movable tokens.
        words: the movable tokens grouped into words (:func:`~dashboard.lessons.reorder.analysis.word_groups`);
            ``None``: each token is a word.

    Returns:
        ``(n_movable,)`` int64, a permutation of ``0 .. n_movable - 1``.

    Raises:
        OrderError: the spec has none of these forms, or the indices are out of range, repeated or miscounted.
    """
    spec = spec.strip()
    if spec == "reverse":
        return np.arange(n_movable)[::-1].copy()
    groups = words if words is not None else [[i] for i in range(n_movable)]
    if spec == "reverse-words":
        return reverse_words(groups)
    if match := _SHUFFLE.fullmatch(spec) or _SHUFFLE_WORDS.fullmatch(spec):
        seed = int(match.group(1))
        if seed < 0:
            raise OrderError(msg("err.reorder.negative_seed", seed=seed))
        if match.re is _SHUFFLE_WORDS:
            return shuffle_words(groups, seed)
        return np.random.default_rng(seed).permutation(n_movable)
    if match := _SWAP.fullmatch(spec):
        i, j = int(match.group(1)), int(match.group(2))
        _check_indices([i, j], n_movable)
        order = np.arange(n_movable)
        order[[i, j]] = order[[j, i]]
        return order
    try:
        indices = parse_index_list(spec)
    except OrderError:
        raise OrderError(msg("err.reorder.not_understood", spec=repr(spec), help=ORDER_HELP)) from None
    _check_indices(indices, n_movable)
    shown = " ".join(map(str, indices))
    if len(indices) != n_movable:
        raise OrderError(msg("err.reorder.index_count", shown=shown, count=len(indices), n_movable=n_movable,
                             last=n_movable - 1))
    if len(set(indices)) != len(indices):
        repeated = sorted({i for i in indices if indices.count(i) > 1})
        raise OrderError(msg("err.reorder.repeats_index", shown=shown, repeated=", ".join(map(str, repeated)),
                             last=n_movable - 1))
    return np.asarray(indices, dtype=np.int64)


def _check_indices(indices: Sequence[int], n_movable: int) -> None:
    bad = [i for i in indices if not 0 <= i < n_movable]
    if bad:
        raise OrderError(msg("err.reorder.index_outside", bad=", ".join(map(str, bad)), last=n_movable - 1,
                             n_movable=n_movable))


def describe_order(spec: str) -> Text:
    """The order in words (``tokens 1 and 2 swapped``) as a catalogue message, for pages that hide the spec syntax."""
    spec = spec.strip()
    if spec == "reverse":
        return msg("reorder.order.reversed")
    if spec == "reverse-words":
        return msg("reorder.order.words_reversed")
    if match := _SHUFFLE.fullmatch(spec):
        return msg("reorder.order.shuffled", seed=match.group(1))
    if match := _SHUFFLE_WORDS.fullmatch(spec):
        return msg("reorder.order.words_shuffled", seed=match.group(1))
    if match := _SWAP.fullmatch(spec):
        return msg("reorder.order.tokens_swapped", i=match.group(1), j=match.group(2))
    return msg("reorder.order.custom", order=" ".join(part for part in _SEPARATORS.split(spec) if part))


def full_permutation(order: np.ndarray, special: Sequence[bool]) -> np.ndarray:
    """Extend an ``(n_movable,)`` order (:func:`parse_order`) to the ``(n_tokens,)`` int64 ``perm``, specials fixed."""
    movable = movable_positions(special)
    perm = np.arange(len(special))
    perm[movable] = movable[np.asarray(order)]
    return perm


def unpermute(permuted_rows: np.ndarray, perm: np.ndarray) -> np.ndarray:
    """``(n_tokens, ...)`` rows of the permuted sentence put back in the original order (row ``s``: original token ``s``)."""
    return permuted_rows[np.argsort(perm)]


def unpermute_attention(weights: np.ndarray, perm: np.ndarray) -> np.ndarray:
    """``(..., n_tokens, n_tokens)`` (query, key) weights of the permuted sentence, both axes in original order."""
    inverse = np.argsort(perm)
    return weights[..., inverse, :][..., :, inverse]


def token_differences(original: np.ndarray, permuted: np.ndarray, perm: np.ndarray) -> np.ndarray:
    """Largest absolute difference per token of two ``(n_tokens, d_model)`` sentences, matched by token via ``perm``.

    Returns:
        ``(n_tokens,)`` float64 >= 0 in the original order; all zero (to rounding) when permutation equivariant.
    """
    diff = np.abs(original.astype(np.float64) - unpermute(permuted, perm).astype(np.float64))
    return diff.reshape(len(perm), -1).max(axis=1)


def max_abs_difference(original: np.ndarray, permuted: np.ndarray, perm: np.ndarray) -> float:
    """Largest absolute difference between the two sentences' rows, matched by token (>= 0)."""
    return float(token_differences(original, permuted, perm).max())


def pooled_cosine(original: np.ndarray, permuted: np.ndarray) -> float:
    """Cosine of the mean-pooled rows of two ``(n_tokens, d_model)`` sentences, in [-1, 1] (NaN for a zero mean).

    Mean pooling as sentence-transformers' ``pooling_mode_mean_tokens``; float64, so equal sentences give 1.
    """
    a = original.astype(np.float64).mean(axis=0)
    b = permuted.astype(np.float64).mean(axis=0)
    denominator = np.linalg.norm(a) * np.linalg.norm(b)
    return float(a @ b / denominator) if denominator > 0 else float("nan")


def lookup_from_tables(tables: EmbeddingTables, ids: Sequence[int], *, with_positions: bool) -> np.ndarray:
    """The vectors a bare table gives a sentence (no forward pass): token row ``ids[t]`` plus position row ``t``.

    Position rows are added ``with_positions`` when the checkpoint has a learned table.

    Returns:
        ``(n_tokens, d_model)`` float32.

    Raises:
        OrderError: the sentence is longer than the position table.
    """
    vectors = tables.token[np.asarray(ids, dtype=np.int64)].copy()
    if with_positions and tables.position is not None:
        if len(ids) > tables.n_positions:
            raise OrderError(msg("err.reorder.too_long", count=len(ids), rows=tables.n_positions))
        vectors += tables.position[: len(ids)]
    return vectors


def mean_input_difference(tables: EmbeddingTables, ids: Sequence[int], perm: np.ndarray) -> float | None:
    """Largest difference (>= 0) between the two sentences' mean (token + position) input.

    The same rows paired differently, so the means agree to rounding: averaging alone cannot see order. ``None``
    without a learned table, or for a sentence longer than it.
    """
    if tables.position is None or len(ids) > tables.n_positions:
        return None
    ids = np.asarray(ids, dtype=np.int64)
    original = lookup_from_tables(tables, ids, with_positions=True).astype(np.float64).mean(axis=0)
    permuted = lookup_from_tables(tables, ids[perm], with_positions=True).astype(np.float64).mean(axis=0)
    return float(np.abs(original - permuted).max())


def word_groups(spans: Sequence[str], special: Sequence[bool], sentence: str) -> list[list[int]]:
    """The movable tokens grouped into the sentence's words (see the module docstring).

    Args:
        spans: the piece of ``sentence`` each token stands for (``""`` for one the tokenizer added).
        special: one flag per token; special tokens never move and belong to no word.

    Returns:
        One list of 0-based movable-token indices per word, in sentence order; each index once.
    """
    groups: list[list[int]] = []
    cursor, previous = 0, None
    movable = (span for span, fixed in zip(spans, special) if not fixed)
    for index, span in enumerate(movable):
        if groups and (not span or span == previous):  # added text, or another byte piece of the same character
            groups[-1].append(index)
            continue
        start = sentence.find(span, cursor)
        gap = sentence[cursor:start] if start >= 0 else ""
        if not groups or span[:1].isspace() or any(c.isspace() for c in gap):
            groups.append([index])
        else:
            groups[-1].append(index)
        cursor = start + len(span) if start >= 0 else cursor
        previous = span
    return groups


def reverse_words(groups: list[list[int]]) -> np.ndarray:
    """The words in reverse order, each word's tokens in their own order: an ``(n_movable,)`` int64 permutation."""
    return np.asarray([i for group in reversed(groups) for i in group], dtype=np.int64)


def shuffle_words(groups: list[list[int]], seed: int) -> np.ndarray:
    """The words in a seeded shuffle (``default_rng(seed).permutation``): an ``(n_movable,)`` int64 permutation."""
    order = np.random.default_rng(seed).permutation(len(groups))
    return np.asarray([i for w in order for i in groups[w]], dtype=np.int64)
