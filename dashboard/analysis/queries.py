"""From what a user types to token rows: single tokens, words, ``king - man + woman``.

A term is looked up in this order:

1. ``#123``: token id 123 (0-based row of the token table);
2. a token exactly as the tokenizer stores it (``##ing``, ``Ġcat``, ``[CLS]``);
3. a token exactly as the explorer displays it (``␣cat``);
4. a word split by the checkpoint's own tokenizer; a word that becomes
   several tokens is represented by the mean of their rows, and the result
   says so.

Without a tokenizer, step 4 is skipped and the term must match a token
exactly; the resolved term says that this fallback was used.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from dashboard.checkpoints.query_tokenizer import Encoder
from dashboard.errors import QueryError
from dashboard.tables import EmbeddingTables

_TOKEN_ID = re.compile(r"^#(\d+)$")
#: A ``+`` or ``-`` standing alone (whitespace or the text's edge on both sides), so ``t-shirt`` stays one word.
_OPERATOR = re.compile(r"(?:^|(?<=\s))([+-])(?=\s|$)")


@dataclass(frozen=True)
class ResolvedTerm:
    """A typed term and the token rows it stands for.

    Attributes:
        text: what the user typed, stripped.
        ids: 0-based token ids whose rows are averaged (one for a single token).
        pieces: display strings of those tokens, same order.
        how: ``token id``, ``exact token``, ``tokenizer`` or ``exact token (no tokenizer)``.
    """

    text: str
    ids: tuple[int, ...]
    pieces: tuple[str, ...]
    how: str

    @property
    def is_split(self) -> bool:
        return len(self.ids) > 1

    def explain(self) -> str:
        """One sentence on how the term was looked up, for the page and the CLI."""
        shown = " + ".join(f"`{p}`" for p in self.pieces)
        if self.is_split:
            return (f"'{self.text}' is not one token: the tokenizer splits it into {len(self.ids)} pieces "
                    f"({shown}); their rows are averaged")
        if self.how == "token id":
            return f"'{self.text}' is token {self.ids[0]} ({shown})"
        if self.how == "exact token (no tokenizer)":
            return f"'{self.text}' matched token {self.ids[0]} exactly; this checkpoint has no tokenizer to split words"
        return f"'{self.text}' is token {self.ids[0]} ({shown})"


class TermResolver:
    """Looks up typed terms in one table's vocabulary (see the module docstring for the order).

    Args:
        tables: the loaded tables (vocabulary and number of rows).
        encode: the checkpoint's tokenizer from
            :func:`dashboard.checkpoints.query_tokenizer.load_encoder`, or ``None``.
    """

    def __init__(self, tables: EmbeddingTables, encode: Encoder | None) -> None:
        self._tables = tables
        self._encode = encode
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
        return self._encode is not None

    def _single(self, text: str, token_id: int, how: str) -> ResolvedTerm:
        return ResolvedTerm(text, (token_id,), (self._tables.token_label(token_id),), how)

    def resolve(self, text: str) -> ResolvedTerm:
        """The token rows ``text`` stands for.

        Raises:
            QueryError: empty text, an id outside the table, a word that the
                tokenizer maps to special tokens only (``[UNK]``), or no match
                when there is no tokenizer.
        """
        text = text.strip()
        if not text:
            raise QueryError("the query is empty: type a word, a token or #id")
        by_id = _TOKEN_ID.match(text)
        if by_id:
            token_id = int(by_id.group(1))
            if token_id >= self._tables.vocab_size:
                raise QueryError(f"#{token_id} is past the last row of the token table "
                                 f"(ids 0 to {self._tables.vocab_size - 1})")
            return self._single(text, token_id, "token id")
        for lookup in (self._by_raw, self._by_display):
            if text in lookup:
                return self._single(text, lookup[text], "exact token" if self._encode else "exact token (no tokenizer)")
        if self._encode is None:
            raise QueryError(f"no token is exactly '{text}', and this checkpoint has no tokenizer.json to split "
                             "words into tokens; type a token as the vocabulary spells it, or #id")
        ids = tuple(self._encode(text))
        special = [i for i in ids if i in self._tables.vocabulary.special_ids]
        if not ids or special:
            shown = ", ".join(self._tables.token_label(i) for i in special) or "nothing"
            raise QueryError(f"the tokenizer turns '{text}' into {shown}, not into tokens of its vocabulary; "
                             "try another spelling")
        return ResolvedTerm(text, ids, tuple(self._tables.token_label(i) for i in ids), "tokenizer")

    def vector(self, term: ResolvedTerm) -> np.ndarray:
        """The term's vector: the mean of its rows, ``(d_model,)`` float32."""
        return self._tables.token[list(term.ids)].mean(axis=0, dtype=np.float64).astype(np.float32)


@dataclass(frozen=True)
class Expression:
    """A sum of signed terms, e.g. ``king - man + woman``.

    Attributes:
        terms: the resolved terms, in the order typed.
        signs: ``+1`` or ``-1`` per term.
    """

    terms: tuple[ResolvedTerm, ...]
    signs: tuple[int, ...]

    @property
    def ids(self) -> frozenset[int]:
        """Every token id used by the expression (left out of its neighbours)."""
        return frozenset(i for term in self.terms for i in term.ids)

    def describe(self) -> str:
        parts = []
        for n, (sign, term) in enumerate(zip(self.signs, self.terms)):
            parts.append(("" if sign > 0 else "-") + term.text if n == 0 else ("+ " if sign > 0 else "- ") + term.text)
        return " ".join(parts)


def split_expression(text: str) -> list[tuple[int, str]]:
    """Split ``king - man + woman`` into ``[(1, "king"), (-1, "man"), (1, "woman")]``.

    Operators need a space on each side, so ``t-shirt`` and ``+1`` stay terms.

    Raises:
        QueryError: an empty term (``king - + woman``) or empty text.
    """
    parts = _OPERATOR.split(text.strip())
    # re.split with one group gives [first, op, term, op, term, ...]
    first = parts[0].strip()
    pairs = [(1, first)] + [(1 if op == "+" else -1, term.strip()) for op, term in zip(parts[1::2], parts[2::2])]
    if any(not term for _, term in pairs):
        raise QueryError(f"'{text.strip()}' has an empty term; write terms joined by ' + ' and ' - ', "
                         "e.g. king - man + woman")
    return pairs


def resolve_expression(text: str, resolver: TermResolver) -> tuple[Expression, np.ndarray]:
    """Resolve every term of ``text`` and add their vectors with their signs.

    Text that is exactly one token (``-``) is that token, not an expression.

    Returns:
        The expression and its vector ``(d_model,)`` float32.

    Raises:
        QueryError: from :func:`split_expression` or :meth:`TermResolver.resolve`.
    """
    # A lone "-" or "+" is a token in most vocabularies, not an empty sum.
    pairs = [(1, text.strip())] if resolver.is_token(text.strip()) else split_expression(text)
    terms = tuple(resolver.resolve(term) for _, term in pairs)
    signs = tuple(sign for sign, _ in pairs)
    vector = np.sum([sign * resolver.vector(term).astype(np.float64) for sign, term in zip(signs, terms)], axis=0)
    return Expression(terms, signs), vector.astype(np.float32)
