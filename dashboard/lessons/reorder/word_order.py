"""Word-level orders for the reorder demo: each word's pieces kept together, the words reversed or shuffled.

A small vocabulary splits ``cat`` into ``␣c`` + ``at``; reversing tokens would reverse the pieces too. A word is
a run of movable tokens with no whitespace between them: a token starts a word when its span starts with
whitespace or the sentence holds whitespace before it; consecutive tokens with the same span (the byte pieces of
one character) stay together. Orders are 0-based over the movable tokens, as
:func:`dashboard.lessons.reorder.analysis.parse_order` returns them.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np


def word_groups(spans: Sequence[str], special: Sequence[bool], sentence: str) -> list[list[int]]:
    """The movable tokens grouped into the sentence's words (see the module docstring).

    Args:
        spans: the piece of ``sentence`` each token stands for (``""`` for one the tokenizer added).
        special: one flag per token; special tokens never move and belong to no word.
        sentence: the text that was tokenized.

    Returns:
        One list per word, in sentence order, of 0-based indices over the movable tokens;
        together they hold each index once.
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
    """The words in reverse order, each word's tokens in their own order.

    Returns:
        ``(n_movable,)`` int64, a permutation of ``0 .. n_movable - 1``.
    """
    return np.asarray([i for group in reversed(groups) for i in group], dtype=np.int64)


def shuffle_words(groups: list[list[int]], seed: int) -> np.ndarray:
    """The words in a seeded shuffle (numpy's ``default_rng(seed).permutation`` of the words).

    Returns:
        ``(n_movable,)`` int64, a permutation of ``0 .. n_movable - 1``.
    """
    order = np.random.default_rng(seed).permutation(len(groups))
    return np.asarray([i for w in order for i in groups[w]], dtype=np.int64)
