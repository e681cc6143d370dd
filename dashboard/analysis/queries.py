"""From what a user types to token rows: single tokens, words, ``king - man + woman``.

Words are looked up as in running text. A term is, in this order: (1) ``#123``, token id 123 (0-based); (2) a
token as stored or shown (``Ġking``, ``␣king``, ``##ing``, ``[CLS]``), special tokens and text not starting with
a letter or digit always being taken as typed; (3) in byte-level BPE and SentencePiece vocabularies, where a word
after a space is its own token, the word-initial token ``␣word``; (4) a mid-word piece spelled as typed; (5) the
word split by the checkpoint's tokenizer, with its running-text space, standing for the mean of its tokens' rows
(a lone leading space piece dropped).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from dashboard.checkpoints.tokenizer import CheckpointTokenizer
from dashboard.errors import QueryError
from dashboard.i18n import Text, msg
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.tables import EmbeddingTables

_TOKEN_ID = re.compile(r"^#(\d+)$")
#: A ``+`` or ``-`` standing alone (whitespace or the text's edge on both sides), so ``t-shirt`` stays one word.
_OPERATOR = re.compile(r"(?:^|(?<=\s))([+-])(?=\s|$)")
#: Token schemes in which a word after a space is its own, space-prefixed token.
WORD_INITIAL_SCHEMES = ("byte-level-bpe", "sentencepiece")
#: How a typed term may mark the word-initial form: as shown (␣), as stored (Ġ, ▁).
_WORD_START_MARKS = ("\u2423", "\u0120", "\u2581")
#: Display string of a token that is a bare space.
_SPACE_TOKEN = "\u2423"


@dataclass(frozen=True)
class ResolvedTerm:
    """A typed term and the token rows it stands for.

    Attributes:
        text: as typed, trailing whitespace removed (a leading space asks for the word-initial form).
        ids, pieces: 0-based token ids whose rows are averaged (one for a single token), and their display strings.
        how: ``token id``, ``exact token``, ``word-initial token``, ``tokenizer`` or ``exact token (no tokenizer)``.
        tokenized: the text given to the tokenizer (`` xylophone``) when ``how`` is ``tokenizer``, else ``""``.
        mid_word_id: for a ``word-initial token``, the mid-word piece spelled as typed, if any (``king`` by ``␣king``).
    """

    text: str
    ids: tuple[int, ...]
    pieces: tuple[str, ...]
    how: str
    tokenized: str = ""
    mid_word_id: int | None = None

    @property
    def is_split(self) -> bool:
        return len(self.ids) > 1

    def explain(self, markdown: bool = False) -> Text:
        """One sentence (English as a ``str``) on how the term was looked up; ``markdown``: for a page."""
        quote = escape_markdown if markdown else str
        piece = code_span if markdown else "`{}`".format
        shown = " + ".join(piece(p) for p in self.pieces)
        typed = quote(self.text.strip())
        if self.is_split:
            split = (msg("queries.split_spaced", tokenized=quote(self.tokenized))
                     if self.tokenized.startswith(" ") else msg("queries.split_it"))
            return msg("queries.explain_split", typed=typed, split=split, count=len(self.ids), shown=shown)
        if self.how == "word-initial token":
            mid_word = (msg("queries.mid_word", piece=piece(self.text.strip()), id=self.mid_word_id)
                        if self.mid_word_id is not None else "")
            return msg("queries.explain_word_initial", typed=typed, shown=shown, id=self.ids[0], mid_word=mid_word)
        if self.how == "exact token (no tokenizer)":
            return msg("queries.explain_no_tokenizer", typed=typed, id=self.ids[0])
        return msg("queries.explain_token", typed=typed, id=self.ids[0], shown=shown)


class TermResolver:
    """Looks up typed terms in one table's vocabulary (order: the module docstring).

    ``tokenizer`` comes from :func:`dashboard.checkpoints.tokenizer.load_tokenizer`; ``None``, or one that cannot split
    words, means terms must match a token exactly.
    """

    def __init__(self, tables: EmbeddingTables, tokenizer: CheckpointTokenizer | None) -> None:
        self._tables = tables
        self._tokenizer = tokenizer if tokenizer is not None and tokenizer.splits_words else None
        #: Which tokenizer splits words, or why none does, for captions.
        self.tokenizer_note = tokenizer.describe if tokenizer is not None else "no tokenizer"
        self._word_initial = tables.vocabulary.scheme in WORD_INITIAL_SCHEMES
        self._by_raw: dict[str, int] = {}
        self._by_display: dict[str, int] = {}
        for i, (raw, display) in enumerate(zip(tables.vocabulary.raw, tables.vocabulary.display)):
            self._by_raw.setdefault(raw, i)
            self._by_display.setdefault(display, i)

    def is_token(self, text: str) -> bool:
        """Whether ``text`` is exactly one token's stored or displayed string (``+``, ``##ing``)."""
        return text in self._by_raw or text in self._by_display

    @property
    def has_tokenizer(self) -> bool:
        return self._tokenizer is not None

    def _single(self, text: str, token_id: int, how: str, mid_word_id: int | None = None) -> ResolvedTerm:
        return ResolvedTerm(text, (token_id,), (self._tables.token_label(token_id),), how, mid_word_id=mid_word_id)

    def _exact(self, text: str) -> int | None:
        return self._by_raw.get(text, self._by_display.get(text))

    def resolve(self, text: str) -> ResolvedTerm:
        """The token rows ``text`` stands for (order: the module docstring).

        Raises:
            QueryError: empty text, an id past the table, a word the tokenizer maps to special tokens only (``[UNK]``),
                or no match without a tokenizer.
        """
        text = text.rstrip()
        word = text.strip()
        if not word:
            raise QueryError(msg("err.queries.empty"))
        by_id = _TOKEN_ID.match(word)
        if by_id:
            token_id = int(by_id.group(1))
            if token_id >= self._tables.vocab_size:
                raise QueryError(msg("err.queries.id_past_end", id=token_id, last=self._tables.vocab_size - 1))
            return self._single(text, token_id, "token id")
        exact = self._exact(word)
        exact_how = "exact token" if self._tokenizer else "exact token (no tokenizer)"
        if not self._word_initial:
            return self._single(text, exact, exact_how) if exact is not None else self._split(text, word)
        spaced = text[:1].isspace()
        if word.startswith(_WORD_START_MARKS) and len(word) > 1:
            if exact is not None:
                return self._single(text, exact, exact_how)
            word, spaced = word[1:], True
        if exact is not None and not spaced and (exact in self._tables.vocabulary.special_ids
                                                 or not word[:1].isalnum()):
            return self._single(text, exact, exact_how)  # special tokens and punctuation are meant as typed
        initial = self._by_display.get(_SPACE_TOKEN + word)
        if initial is not None:
            return self._single(text, initial, "word-initial token", mid_word_id=None if spaced else exact)
        if exact is not None and not spaced:
            return self._single(text, exact, exact_how)
        return self._split(text, " " + word)

    def _split(self, text: str, tokenized: str) -> ResolvedTerm:
        """Split ``tokenized`` with the tokenizer (``text`` is what was typed, for messages)."""
        if self._tokenizer is None:
            raise QueryError(msg("err.queries.no_match_no_tokenizer", text=text.strip()))
        encoded = self._tokenizer.encode(tokenized, add_special_tokens=False)
        labels = [self._tables.token_label(i) for i in encoded.ids]
        if len(labels) > 1 and labels[0] == _SPACE_TOKEN and tokenized.startswith(" "):
            # The space did not merge with the word (emoji, Korean in a byte-level vocabulary): split the word alone.
            tokenized = tokenized[1:]
            encoded = self._tokenizer.encode(tokenized, add_special_tokens=False)
        special = [i for i in encoded.ids if i in self._tables.vocabulary.special_ids]
        if not encoded.ids or special or any(encoded.unknown):
            shown = ", ".join(self._tables.token_label(i) for i in special)
            if any(encoded.unknown):
                spans = [span for span, unknown in zip(encoded.spans, encoded.unknown) if unknown]
                unknown = self._tables.token_label(encoded.ids[encoded.unknown.index(True)])
                if spans == [text.strip()]:  # the whole word: "'고양이' of '고양이'" would say it twice
                    raise QueryError(msg("err.queries.unknown_word", text=text.strip(), unknown=unknown))
                raise QueryError(msg("err.queries.unknown_piece", lost=", ".join(f"'{span}'" for span in spans),
                                     text=text.strip(), unknown=unknown))
            if not shown:
                raise QueryError(msg("err.queries.tokenizes_to_nothing", text=text.strip()))
            raise QueryError(msg("err.queries.tokenizes_to_special", text=text.strip(), shown=shown))
        return ResolvedTerm(text, encoded.ids, tuple(self._tables.token_label(i) for i in encoded.ids), "tokenizer",
                            tokenized=tokenized)

    def vector(self, term: ResolvedTerm) -> np.ndarray:
        """The term's vector: the mean of its rows, ``(d_model,)`` float32."""
        return self._tables.token[list(term.ids)].mean(axis=0, dtype=np.float64).astype(np.float32)


@dataclass(frozen=True)
class Expression:
    """A sum of signed terms, ``king - man + woman``: the resolved ``terms`` as typed, ``signs`` ``+1`` or ``-1``."""

    terms: tuple[ResolvedTerm, ...]
    signs: tuple[int, ...]

    @property
    def ids(self) -> frozenset[int]:
        """Every token id used by the expression (left out of its neighbours)."""
        return frozenset(i for term in self.terms for i in term.ids)

    def describe(self) -> str:
        parts = []
        for n, (sign, term) in enumerate(zip(self.signs, self.terms)):
            typed = term.text.strip()
            parts.append(("" if sign > 0 else "-") + typed if n == 0 else ("+ " if sign > 0 else "- ") + typed)
        return " ".join(parts)


def split_expression(text: str) -> list[tuple[int, str]]:
    """Split ``king - man + woman`` into ``[(1, "king"), (-1, "man"), (1, "woman")]``.

    Operators need a space each side (``t-shirt`` and ``+1`` stay terms); a leading space is kept.

    Raises:
        QueryError: an empty term (``king - + woman``) or empty text.
    """
    parts = _OPERATOR.split(text.strip())
    # re.split with one group gives [first, op, term, op, term, ...]
    first = (" " if text[:1].isspace() and parts[0].strip() else "") + parts[0].strip()
    pairs = [(1, first)] + [(1 if op == "+" else -1, term.strip()) for op, term in zip(parts[1::2], parts[2::2])]
    if any(not term for _, term in pairs):
        raise QueryError(msg("err.queries.empty_term", text=text.strip()))
    return pairs


def resolve_expression(text: str, resolver: TermResolver) -> tuple[Expression, np.ndarray]:
    """The expression in ``text`` and the signed sum of its terms' vectors, ``(d_model,)`` float32.

    Text that is exactly one token (``-``, a token in most vocabularies) is that token, not an empty sum.

    Raises:
        QueryError: from :func:`split_expression` or :meth:`TermResolver.resolve`.
    """
    pairs = [(1, text.rstrip())] if resolver.is_token(text.strip()) else split_expression(text)
    terms = tuple(resolver.resolve(term) for _, term in pairs)
    signs = tuple(sign for sign, _ in pairs)
    vector = np.sum([sign * resolver.vector(term).astype(np.float64) for sign, term in zip(signs, terms)], axis=0)
    return Expression(terms, signs), vector.astype(np.float32)


def expression_vector(expression: Expression, table: np.ndarray) -> np.ndarray:
    """The expression's vector in another table with the same rows (the output head): signed sum of term means.

    ``table`` is ``(vocab_size, d_model)`` float32, row ``i`` token ``i``; the result is ``(d_model,)`` float32.
    """
    vector = np.sum([sign * table[list(term.ids)].mean(axis=0, dtype=np.float64)
                     for sign, term in zip(expression.signs, expression.terms)], axis=0)
    return vector.astype(np.float32)
