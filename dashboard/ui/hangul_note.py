"""The note a page shows when a Korean word is typed: the pieces this model's vocabulary splits it into, and what the
page does with them (a query averages their rows; a sentence gives each its own position)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from dashboard.analysis.hangul import has_hangul, split_hangul, split_of_pieces
from dashboard.checkpoints.tokenizer import CheckpointTokenizer
from dashboard.errors import ExplorerError
from dashboard.i18n import Text, msg, plural_key
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.tables import EmbeddingTables

SPLITS_FILE = Path(__file__).resolve().parents[2] / "models" / "korean_splits.json"
_MAX_PIECES = 12


@lru_cache(maxsize=1)
def _measured() -> dict:
    return json.loads(SPLITS_FILE.read_text(encoding="utf-8"))


def _unknown_token(tables: EmbeddingTables) -> str:
    strings = tables.vocabulary.display
    return next((s for s in strings if s in ("[UNK]", "<unk>")), "[UNK]")


def hangul_note(tables: EmbeddingTables, tokenizer: CheckpointTokenizer | None, text: str, *,
                use: str = "query", pieces: tuple[str, ...] | None = None) -> Text | None:
    """What ``tables``' tokenizer does with the Korean in ``text``, as Markdown; ``None`` when there is none.

    Args:
        tokenizer: ``None``, or one that cannot split words, gives no note.
        use: ``"query"`` (looked up as a word: Nearest neighbours, Similarity), ``"sentence"`` (run through the model:
            Lookup, Reorder, Perturb) or ``"highlight"`` (searched among the token strings: Token map).
        pieces: the tokens the page looked ``text`` up as (a query's resolved pieces, in a byte-level vocabulary often
            the word-initial `` 고양이``); ``None``: what the tokenizer makes of ``text`` as typed.
    """
    if not has_hangul(text) or tokenizer is None or not tokenizer.splits_words:
        return None
    try:
        split = (split_of_pieces(text.strip(), pieces) if pieces else
                 split_hangul(tokenizer, tables.vocabulary.display, text.strip()))
    except (ExplorerError, ValueError):
        return None
    shown = [code_span(p) for p in split.pieces[:_MAX_PIECES]]
    pieces = " ".join(shown) + (" …" if split.tokens > _MAX_PIECES else "")
    unk = code_span(_unknown_token(tables))
    suffix = "_unknown" if split.kind == "unknown" else ""
    consequence = msg(f"hangul.use.{use}{suffix}", tokens=split.tokens, unk=unk)
    common = dict(model=escape_markdown(tables.name), text=code_span(split.text), syllables=split.syllables,
                  tokens=split.tokens, pieces=pieces, unk=unk, consequence=consequence)
    if split.kind == "whole":
        return msg("hangul.whole", model=common["model"], text=common["text"])
    if split.kind == "bytes":  # "much of it as bytes" would be untrue when every piece is one
        key = "hangul.bytes_all" if split.byte_pieces == split.tokens else "hangul.bytes"
        return msg(key, byte_pieces=split.byte_pieces, **common)
    if split.kind == "unknown" and len(split.text.split()) > 1:  # WordPiece gives one [UNK] per word it cannot spell
        return msg(plural_key("hangul.unknown_words", split.unknown), count=split.unknown, **common)
    return msg(f"hangul.{split.kind}", **common)


def least_splitting_note(tables: EmbeddingTables) -> Text | None:
    """Which bundled model splits Korean least, from ``models/korean_splits.json``; ``None`` when unmeasured."""
    measured = _measured()
    rates = {m["model"]: m["tokens_per_syllable"] for m in measured["models"]}
    if tables.name not in rates:
        return None
    best = measured["least"]
    here = next(m for m in measured["models"] if m["model"] == tables.name)
    lower = rates[tables.name] < rates[best]  # fewer tokens, but words lost: say why it is not the least
    unknown = (msg("hangul.least_unknown_lower" if lower else "hangul.least_unknown", count=here["unknown_texts"],
                   texts=here["texts"], unk=code_span(_unknown_token(tables))) if here["unknown_texts"] else "")
    return msg("hangul.least", best=escape_markdown(best), rate=rates[best], texts=here["texts"],
               model=escape_markdown(tables.name), here=rates[tables.name], unknown=unknown)


def _query_pieces(tables: EmbeddingTables, source: str, texts: list[str]) -> dict[str, tuple[str, ...]]:
    """Text -> the pieces a query of it reads; texts the resolver refuses are left out (their note then shows the
    tokenizer's split, ``[UNK]`` included)."""
    from dashboard.ui.tokenizer_loading import get_resolver

    resolver = get_resolver(tables, source, tables.content_hash)
    found = {}
    for text in texts:
        try:
            found[text] = resolver.resolve(text).pieces
        except ExplorerError:
            continue
    return found


#: At most this many notes per page: one per Korean term typed.
MAX_NOTES = 3


def show_hangul_notes(tables: EmbeddingTables, source: str, texts: list[str], *, use: str = "query") -> None:
    """Under the inputs: for each of ``texts`` with Hangul, what this vocabulary does with it, then the measured rates
    (``source``: the tokenizer's cache key; ``use``: as in :func:`hangul_note`)."""
    korean = [text for text in texts if has_hangul(text)]
    if not korean:
        return
    import streamlit as st

    from dashboard.i18n import render
    from dashboard.ui.tokenizer_loading import get_tokenizer

    tokenizer = get_tokenizer(tables, source, tables.content_hash)
    looked_up = _query_pieces(tables, source, korean[:MAX_NOTES]) if use == "query" else {}
    notes = [note for note in (hangul_note(tables, tokenizer, text, use=use, pieces=looked_up.get(text))
                               for text in korean[:MAX_NOTES]) if note]
    for note in notes:
        st.info(render(note), icon=":material/translate:")
    least = least_splitting_note(tables) if notes else None
    if least is not None:
        st.caption(render(least))
