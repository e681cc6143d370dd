"""What kind of token each row of the token table stands for: one category each, the first rule that matches.

In :data:`CATEGORIES` order: ``padding row`` (past the vocabulary), ``reserved token`` (a placeholder no text
produces: ``[unused12]``), ``special``, ``byte`` (``<0x0A>``, part of a UTF-8 character, control characters),
``number``, ``punctuation`` (Unicode P* and S*), ``non-Latin script``, ``word piece`` (``##ing``, or a BPE or
SentencePiece token without a leading space), ``whole word``, ``unknown`` (no vocabulary). Word-start markers are
stripped first, so ``##5`` is a number. Sources: WordPiece's ``##`` (Devlin et al. 2019); byte-level BPE's leading
space (Radford et al. 2019); SentencePiece's ``▁`` and ``<0xHH>`` pieces; :mod:`unicodedata` categories.
"""

from __future__ import annotations

import re
import unicodedata

import numpy as np

from dashboard.i18n import Text, msg, render
from dashboard.tables import EmbeddingTables, Vocabulary

#: Category names, in the order the rules are tried (and the legend's order).
CATEGORIES = (
    "padding row",
    "reserved token",
    "special",
    "byte",
    "number",
    "punctuation",
    "non-Latin script",
    "word piece",
    "whole word",
    "unknown",
)

#: What each category is called on a page (as a ``str``, the category itself); the data keeps the English names.
CATEGORY_LABELS: dict[str, Text] = {
    "padding row": msg("categories.padding_row"),
    "reserved token": msg("categories.reserved_token"),
    "special": msg("categories.special"),
    "byte": msg("categories.byte"),
    "number": msg("categories.number"),
    "punctuation": msg("categories.punctuation"),
    "non-Latin script": msg("categories.non_latin"),
    "word piece": msg("categories.word_piece"),
    "whole word": msg("categories.whole_word"),
    "unknown": msg("categories.unknown"),
    "position": msg("token_map.colour.position"),  # every row of a position table (analysis/table_rows.py)
}


def category_label(category: str) -> str:
    """The name of token category ``category`` (or ``"position"``) in the active language; unknown ones as given."""
    label = CATEGORY_LABELS.get(category)
    return render(label) if label is not None else category

_RESERVED = re.compile(r"^(\[unused\d+\]|<\|reserved_special_token_\d+\|>|<unused\d+>|<extra_id_\d+>)$")
_NUMBER = re.compile(r"^\d+([.,]\d+)*$")
_VISIBLE_SPACE = "␣"  # how dashboard.checkpoints.token_text shows a space
_SPM_SPACE = "\u2581"


def _is_byte(raw: str, display: str, scheme: str) -> bool:
    if scheme == "sentencepiece" and re.fullmatch(r"<0x[0-9A-Fa-f]{2}>", raw):
        return True
    if scheme == "byte-level-bpe" and display.startswith("<0x"):
        return True  # token_text shows bytes that are only part of a character this way
    return display.startswith("\\x")  # control characters, made visible as \x07


def _word_start_and_body(raw: str, display: str, scheme: str) -> tuple[bool, str]:
    """Whether the token starts a word, and its text without the marker."""
    if scheme == "wordpiece":
        return (False, display[2:]) if raw.startswith("##") and len(raw) > 2 else (True, display)
    if scheme in ("byte-level-bpe", "sentencepiece"):
        if display.startswith(_VISIBLE_SPACE) or raw.startswith(_SPM_SPACE):
            return True, display.lstrip(_VISIBLE_SPACE).lstrip(_SPM_SPACE)
        return False, display
    return True, display


def _is_punctuation(text: str) -> bool:
    return all(unicodedata.category(char)[0] in "PS" for char in text)


def _is_latin_letter(char: str) -> bool:
    # ª, º (Latin-1) and modifier letters such as ᶜ have no LATIN in their names but are Latin script.
    name = unicodedata.name(char, "")
    if "LATIN" in name or ord(char) < 0x250:
        return True
    return name.startswith("MODIFIER LETTER") and not any(s in name for s in ("GREEK", "CYRILLIC"))


def _is_non_latin(text: str) -> bool:
    return any(char.isalpha() and not _is_latin_letter(char) for char in text)


def categorize_token(raw: str, display: str, scheme: str, special: bool = False) -> str:
    """The category of one token (rules: the module docstring), one of :data:`CATEGORIES`.

    ``raw`` is the token as stored (``Ġcat``, ``##ing``), ``display`` its readable form (``␣cat``), ``scheme`` the
    vocabulary's (``wordpiece``, ``byte-level-bpe`` ...); ``special``: the tokenizer marks it special.
    """
    if _RESERVED.match(raw) or raw == "":
        return "reserved token"
    if special:
        return "special"
    if _is_byte(raw, display, scheme):
        return "byte"
    starts_word, body = _word_start_and_body(raw, display, scheme)
    body = body.replace(_VISIBLE_SPACE, "")
    if body and _NUMBER.match(body):
        return "number"
    if body and _is_punctuation(body):
        return "punctuation"
    if _is_non_latin(body):
        return "non-Latin script"
    return "whole word" if starts_word else "word piece"


def categorize_vocabulary(vocabulary: Vocabulary, n_rows: int) -> np.ndarray:
    """Categories of all ``n_rows`` rows of a token table, ``(n_rows,)`` str (past ``vocabulary``: ``padding row``)."""
    if vocabulary.scheme == "none":
        return np.full(n_rows, "unknown", dtype=f"<U{max(len(c) for c in CATEGORIES)}")
    special = vocabulary.special_ids
    labels = [
        categorize_token(raw, display, vocabulary.scheme, i in special)
        for i, (raw, display) in enumerate(zip(vocabulary.raw, vocabulary.display))
    ]
    labels += ["padding row"] * (n_rows - len(labels))
    return np.asarray(labels, dtype=f"<U{max(len(c) for c in CATEGORIES)}")


def reserved_token_ids(vocabulary: Vocabulary) -> list[int]:
    """0-based ids of the vocabulary's reserved placeholder tokens (``[unused12]``), which no text produces."""
    return [i for i, raw in enumerate(vocabulary.raw) if _RESERVED.match(raw)]


def token_categories(tables: EmbeddingTables) -> np.ndarray:
    """Categories of every row of ``tables.token``: ``(vocab_size,)`` array of str."""
    return categorize_vocabulary(tables.vocabulary, tables.vocab_size)
