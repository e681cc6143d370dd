"""Word-level orders for the reorder demo: each word's pieces kept together, the words reversed or shuffled.

A small vocabulary splits ``cat`` into ``␣c`` + ``at``; reversing tokens would reverse the pieces too. A token
starts a word when its span starts with whitespace or whitespace precedes it in the sentence; byte pieces of one
character (equal spans) stay together. Orders are 0-based over the movable tokens.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np


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
