"""The quality bar of the shipped model, measured on its tables.

- Adjacent-position cosine: the mean cosine similarity between position rows
  ``t`` and ``t + 1`` over the trained context. A freshly initialised table
  (rows drawn independently) scores about 0; a table that training has
  shaped into a smooth curve scores close to 1.
- Nearest neighbours of frequent words in the token table by cosine similarity.
"""

from __future__ import annotations

from collections import Counter

import numpy as np


def adjacent_position_cosine(position: np.ndarray) -> float:
    """Mean cosine similarity of consecutive rows.

    Args:
        position: position table ``(n_positions, d_model)`` float32, n_positions >= 2.

    Returns:
        Mean over t = 0..n_positions-2 of cos(row t, row t+1), in [-1, 1].
    """
    return lag_position_cosine(position, 1)


def lag_position_cosine(position: np.ndarray, lag: int) -> float:
    """Mean cosine similarity of rows ``lag`` apart, in [-1, 1].

    A table whose rows share one direction scores the same at every lag; a
    table that varies smoothly with position scores higher at small lags.

    Args:
        position: position table ``(n_positions, d_model)`` float32, n_positions > lag >= 1.
    """
    unit = position / np.linalg.norm(position, axis=1, keepdims=True)
    return float(np.mean(np.sum(unit[:-lag] * unit[lag:], axis=1)))


def frequent_words(tokens: np.ndarray, vocabulary: list[str], count: int, min_length: int = 4) -> list[tuple[int, int]]:
    """The most frequent whole-word tokens that are not stop words.

    A whole-word token is a byte-level BPE entry ``Ġ`` + lowercase ASCII
    letters (a word after a space, never a piece of one); stop words are
    scikit-learn's ``ENGLISH_STOP_WORDS``.

    Args:
        tokens: token ids ``(n_tokens,)`` of the text to count in.
        vocabulary: token strings by id (raw byte-level spelling).
        count: how many words to return.
        min_length: fewest letters a word must have.

    Returns:
        ``(token id, occurrences)`` pairs, most frequent first, ties by id.
    """
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    def is_candidate(text: str) -> bool:
        word = text[1:]
        return (text.startswith("Ġ") and len(word) >= min_length and word.isascii() and word.isalpha()
                and word.islower() and word not in ENGLISH_STOP_WORDS)

    counts = Counter(int(t) for t in tokens)
    ranked = sorted(((n, -i) for i, n in counts.items() if is_candidate(vocabulary[i])), reverse=True)
    return [(-neg_id, n) for n, neg_id in ranked[:count]]


def nearest_neighbours(table: np.ndarray, token_id: int, k: int) -> list[tuple[int, float]]:
    """The ``k`` rows most cosine-similar to row ``token_id``, itself excluded.

    Args:
        table: token table ``(vocab_size, d_model)`` float32.

    Returns:
        ``(token id, cosine in [-1, 1])`` pairs, most similar first. Only one
        ``(vocab_size,)`` row of similarities is built, never the full matrix.
    """
    unit = table / np.linalg.norm(table, axis=1, keepdims=True)
    similarity = unit @ unit[token_id]
    similarity[token_id] = -np.inf
    best = np.argsort(-similarity, kind="stable")[:k]
    return [(int(i), float(similarity[i])) for i in best]
