"""What a checkpoint's tokenizer does with Korean text: whole tokens, pieces, letters, bytes or ``[UNK]``.

Uncased WordPiece (BERT) NFD-decomposes each syllable into letters, and a word with a letter the vocabulary lacks
becomes ``[UNK]``; byte-level BPE (GPT-2) spends up to three UTF-8 bytes a syllable; a vocabulary trained on Korean
has syllables or longer pieces. Sources: Unicode Standard, sec. 3.12 (Hangul syllable decomposition);
``tokenizers``' BertNormalizer and ByteLevel pre-tokenizer; ``docs/korean.md``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from dashboard.checkpoints.tokenizer import CheckpointTokenizer

_SYLLABLE = re.compile("[\uac00-\ud7a3]")
_BYTE_PIECE = re.compile(r"^<0x[0-9A-Fa-f]{2}( 0x[0-9A-Fa-f]{2})*>$")


def has_hangul(text: str) -> bool:
    """Whether ``text`` holds at least one Hangul syllable (U+AC00..U+D7A3)."""
    return bool(_SYLLABLE.search(text))


def is_byte_piece(piece: str) -> bool:
    """Whether a display string is UTF-8 bytes that are no character on their own (``<0xEA>``, ``<0x20 0xEB>``)."""
    return bool(_BYTE_PIECE.match(piece))


def _is_jamo(piece: str) -> bool:
    return any(unicodedata.name(c, "").startswith("HANGUL CHOSEONG") or
               unicodedata.name(c, "").startswith("HANGUL JUNGSEONG") or
               unicodedata.name(c, "").startswith("HANGUL JONGSEONG") for c in piece)


@dataclass(frozen=True)
class HangulSplit:
    """How one ``text`` (``syllables`` >= 1 Hangul syllables) was tokenized into ``pieces``.

    ``pieces`` are display strings in order (no special tokens added); ``unknown``, ``byte_pieces`` and
    ``letter_pieces`` count those that are ``[UNK]``, UTF-8 bytes that are no text on their own (``<0xEC>``,
    ``<0x20 0xEB>``) and Hangul letters (jamo, from NFD).
    """

    text: str
    syllables: int
    pieces: tuple[str, ...]
    unknown: int
    byte_pieces: int
    letter_pieces: int

    @property
    def tokens(self) -> int:
        """Number of tokens."""
        return len(self.pieces)

    @property
    def tokens_per_syllable(self) -> float:
        """Tokens per Hangul syllable (>= 0; 1.0 would be one token per syllable)."""
        return self.tokens / self.syllables

    @property
    def kind(self) -> str:
        """``unknown`` (an ``[UNK]``), ``whole`` (one token), mostly ``bytes`` or ``letters`` (jamo), or ``pieces``."""
        if self.unknown:
            return "unknown"
        if self.tokens == 1:
            return "whole"
        if self.byte_pieces * 2 >= self.tokens:
            return "bytes"
        if self.letter_pieces * 2 >= self.tokens:
            return "letters"
        return "pieces"


def split_hangul(tokenizer: CheckpointTokenizer, display: list[str] | tuple[str, ...], text: str) -> HangulSplit:
    """Tokenize ``text`` (no special tokens) and count what its Korean became.

    ``display``: the vocabulary's display strings by token id (``tables.vocabulary.display``).

    Raises:
        ValueError: ``text`` has no Hangul syllable.
        QueryError: the tokenizer refuses the text (a vocabulary without a tokenizer file).
    """
    if not has_hangul(text):
        raise ValueError(f"{text!r} holds no Hangul syllable")
    encoded = tokenizer.encode(text, add_special_tokens=False)
    pieces = tuple(display[i] if 0 <= i < len(display) else f"#{i}" for i in encoded.ids)
    return split_of_pieces(text, pieces, unknown=sum(encoded.unknown))


def split_of_pieces(text: str, pieces: tuple[str, ...], *, unknown: int = 0) -> HangulSplit:
    """The :class:`HangulSplit` of ``text`` already tokenized into ``pieces`` (display strings, in order).

    Raises:
        ValueError: ``text`` has no Hangul syllable.
    """
    syllables = len(_SYLLABLE.findall(text))
    if not syllables:
        raise ValueError(f"{text!r} holds no Hangul syllable")
    return HangulSplit(text=text, syllables=syllables, pieces=tuple(pieces), unknown=unknown,
                       byte_pieces=sum(is_byte_piece(p) for p in pieces),
                       letter_pieces=sum(_is_jamo(p) for p in pieces))


#: The Korean sample measured in ``models/korean_splits.json``: the course's sentences and glossary terms.
KOREAN_SAMPLE: tuple[str, ...] = (
    "임베딩은 함수가 아니라 룩업입니다", "내적은 유사도를 측정합니다", "학습된 위치 임베딩",
    "고양이가 매트 위에 앉았다", "토큰", "임베딩", "룩업 테이블", "위치", "내적", "코사인 유사도", "어휘",
    "파라미터", "컨텍스트", "가중치 공유", "출력 헤드", "문장", "단어", "고양이", "강아지", "왕", "여왕",
    "남자", "여자", "한국어", "안녕하세요", "학생", "선생님", "학교", "사랑", "바다",
)


@dataclass(frozen=True)
class SplitSummary:
    """One model's splits of :data:`KOREAN_SAMPLE`, summed; ``kinds``: kind (:attr:`HangulSplit.kind`) -> texts."""

    model: str
    texts: int
    syllables: int
    tokens: int
    unknown_texts: int
    kinds: dict[str, int]

    @property
    def tokens_per_syllable(self) -> float:
        """Tokens per Hangul syllable over the whole sample."""
        return self.tokens / self.syllables


def summarise_splits(model: str, splits: list[HangulSplit]) -> SplitSummary:
    """Add up ``splits`` of one model (see :class:`SplitSummary`)."""
    kinds: dict[str, int] = {}
    for split in splits:
        kinds[split.kind] = kinds.get(split.kind, 0) + 1
    return SplitSummary(model=model, texts=len(splits), syllables=sum(s.syllables for s in splits),
                        tokens=sum(s.tokens for s in splits), unknown_texts=sum(bool(s.unknown) for s in splits),
                        kinds=dict(sorted(kinds.items())))


def least_splitting(summaries: list[SplitSummary]) -> SplitSummary:
    """The model with fewest tokens per syllable among those that turned no text into ``[UNK]``.

    A word lost to ``[UNK]`` costs fewer tokens, so such a model wins only when every model loses words.

    Raises:
        ValueError: ``summaries`` is empty.
    """
    if not summaries:
        raise ValueError("no model measured")
    kept = [s for s in summaries if not s.unknown_texts] or summaries
    return min(kept, key=lambda s: s.tokens_per_syllable)
