"""Token strings as the text they stand for, with whitespace made visible (``␣cat``, not ``Ġcat``).

Byte-level BPE (GPT-2, Llama 3, SmolLM2) maps each byte to a printable character (space -> ``Ġ``, ``\\n`` -> ``Ċ``);
SentencePiece (Llama 2, T5) writes spaces as ``▁`` and raw bytes as ``<0x0A>``; WordPiece (BERT) marks
continuations with ``##``. Sources: ``bytes_to_unicode`` in openai/gpt-2 ``src/encoder.py`` (MIT), also in
``transformers.convert_slow_tokenizer``; SentencePiece's byte-fallback pieces (``<0xHH>``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Sequence

#: Characters replaced so that whitespace and control characters are visible.
VISIBLE_WHITESPACE = {
    " ": "␣",  # U+2423 OPEN BOX
    "\n": "↵",
    "\t": "⇥",
    "\r": "␍",
}
SCHEMES = ("wordpiece", "byte-level-bpe", "sentencepiece", "characters", "plain", "none")
_BYTE_PIECE = re.compile(r"<0x([0-9A-Fa-f]{2})>")
_SPM_SPACE = "\u2581"  # ▁ LOWER ONE EIGHTH BLOCK


@lru_cache(maxsize=1)
def _byte_of_char() -> dict[str, int]:
    """GPT-2's byte-to-character table, inverted: character -> byte (0..255).

    Printable Latin-1 bytes stand for themselves; the n-th other byte, in byte order, is ``chr(256 + n)`` (``Ġ`` is the
    space). Written out, not imported from transformers (a slow import); a test checks it against transformers' copy.
    """
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    others = [byte for byte in range(256) if byte not in printable]
    return {**{chr(byte): byte for byte in printable}, **{chr(256 + n): byte for n, byte in enumerate(others)}}


#: A character :func:`make_visible` replaces: the whitespace above, C0 controls and DEL.
_INVISIBLE = re.compile("[" + "".join(VISIBLE_WHITESPACE) + "\x00-\x1f\x7f]")


def make_visible(text: str) -> str:
    """Replace whitespace and control characters by visible stand-ins."""
    if not _INVISIBLE.search(text):
        return text  # most tokens: one regex scan, no per-character loop
    out = []
    for char in text:
        if char in VISIBLE_WHITESPACE:
            out.append(VISIBLE_WHITESPACE[char])
        elif ord(char) < 32 or ord(char) == 127:
            out.append(f"\\x{ord(char):02x}")
        else:
            out.append(char)
    return "".join(out)


def _bytes_text(data: bytes) -> str:
    """UTF-8 text of ``data``, or ``<0xE2 0x80>`` when the bytes are part of a character."""
    try:
        return make_visible(data.decode("utf-8"))
    except UnicodeDecodeError:
        return "<" + " ".join(f"0x{b:02X}" for b in data) + ">"


def readable_token(raw: str, scheme: str) -> str:
    """The display string of one token; see :func:`readable_tokens`."""
    if scheme == "byte-level-bpe":
        table = _byte_of_char()
        if raw and all(char in table for char in raw):
            return _bytes_text(bytes(table[char] for char in raw))
        return make_visible(raw)
    if scheme == "sentencepiece":
        match = _BYTE_PIECE.fullmatch(raw)
        if match:
            return _bytes_text(bytes([int(match.group(1), 16)]))
        return make_visible(raw.replace(_SPM_SPACE, " "))
    return make_visible(raw)


def readable_tokens(raw: Sequence[str], scheme: str, special_ids: frozenset[int] = frozenset()) -> tuple[str, ...]:
    """Display strings for a vocabulary's ``raw`` token strings by id, decoded per ``scheme`` (one of :data:`SCHEMES`).

    A byte-level piece of a UTF-8 character shows its bytes; ``special_ids`` (``[CLS]``, ``<s>``) keep their raw string.

    Raises:
        ValueError: an unknown ``scheme`` (a programming error).
    """
    if scheme not in SCHEMES:
        raise ValueError(f"unknown token scheme {scheme!r}; expected one of {SCHEMES}")
    return tuple(token if i in special_ids else readable_token(token, scheme) for i, token in enumerate(raw))


#: What the first characters of many tokens look like in each encoded scheme.
_SCHEME_MARKERS = (
    ("byte-level-bpe", "\u0120"),  # Ġ: a leading space in GPT-2's byte-to-character table
    ("sentencepiece", _SPM_SPACE),
    ("wordpiece", "##"),
)


def guess_scheme(raw: Sequence[str], min_share: float = 0.05) -> str:
    """The scheme a bare list of token strings (a vocabulary file, Projector labels) was written in.

    The scheme whose marker (``Ġ``, ``▁``, ``##``) starts at least two tokens and ``min_share`` (in [0, 1]) of them,
    else ``plain``.
    """
    counts = {scheme: sum(1 for token in raw if token.startswith(marker)) for scheme, marker in _SCHEME_MARKERS}
    scheme, count = max(counts.items(), key=lambda item: item[1])
    return scheme if count >= max(2, min_share * len(raw)) else "plain"
