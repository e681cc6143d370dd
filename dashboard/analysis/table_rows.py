"""A table's rows as every table page shows them: labels, stored strings, categories, norms and digests."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from dashboard.analysis.output_head import has_own_head, head_content_hash
from dashboard.analysis.token_categories import token_categories
from dashboard.errors import QueryError
from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables, row_norms

if TYPE_CHECKING:  # pandas is slow to import; only projector_metadata needs it
    import pandas as pd

#: Tables a map can show -> what their rows are called (a catalogue message).
TABLE_NAMES = {"token": msg("token_map.table.token"), "position": msg("token_map.table.position"),
               "head": msg("token_map.table.head")}
#: A regular-expression example for the highlight field that finds something in each scheme's vocabulary.
REGEX_EXAMPLES = {
    "wordpiece": "^##ing$",  # word-continuation pieces
    "byte-level-bpe": "^␣.*ing$",  # word-initial tokens (shown ␣) ending in -ing
    "sentencepiece": "^␣.*ing$",
    "characters": "[A-Z]",
}


def regex_example(scheme: str) -> str:
    """An example regular expression for a vocabulary of ``scheme`` (see token_text.SCHEMES)."""
    return REGEX_EXAMPLES.get(scheme, "ing$")


@dataclass(frozen=True, eq=False)
class TableRows:
    """One table of a checkpoint with what the map says about each row.

    Attributes:
        name, table: ``token``, ``position`` or ``head``; ``(n_rows, d_model)`` float32.
        labels, raw: readable and stored string per row (``cat``, ``Ġcat``); both ``position 7`` for positions.
        content_hash: digest of the table's bytes, for caches.
        categories, norms: ``(n_rows,)`` str categories (``position`` for position rows), float32 L2 norms; lazy.
        labels_hash: digest (32 hex digits) of the name, labels, stored strings and special tokens, which
            ``content_hash`` leaves out; caches of what the map shows are keyed by both.
    """

    name: str
    table: np.ndarray
    labels: tuple[str, ...]
    raw: tuple[str, ...]
    content_hash: str = ""
    tables: EmbeddingTables | None = field(default=None, repr=False)

    @cached_property
    def categories(self) -> np.ndarray:
        if self.name == "position" or self.tables is None:
            return np.full(len(self.labels), "position")
        return token_categories(self.tables)

    @cached_property
    def norms(self) -> np.ndarray:
        if self.tables is not None and self.table is self.tables.token:
            return self.tables.token_norms  # shared with every page that shows the token table's norms
        return row_norms(self.table)

    @cached_property
    def labels_hash(self) -> str:
        digest = hashlib.blake2b(digest_size=16)
        for text in (self.name, *self.labels, "\x00raw", *self.raw):
            digest.update(text.encode("utf-8", "surrogatepass") + b"\x00")
        if self.tables is not None:  # the special tokens decide the category "special"
            digest.update(repr(sorted(self.tables.vocabulary.special_ids)).encode())
        return digest.hexdigest()


def projector_metadata(rows: TableRows) -> pd.DataFrame:
    """The Embedding Projector's label columns: ``token``, ``id`` and ``category``, or ``position`` (0-based) alone."""
    import pandas as pd

    if rows.name == "position":
        return pd.DataFrame({"position": np.arange(len(rows.labels))})
    return pd.DataFrame({"token": rows.labels, "id": np.arange(len(rows.labels)), "category": rows.categories})


def table_rows(tables: EmbeddingTables, name: str = "token") -> TableRows:
    """The token, position or output-head table of ``tables`` with labels, categories and norms.

    Raises:
        QueryError: unknown ``name``; ``position`` without a position table; ``head`` without a head stored apart
            from the token table, or with another number of rows than it.
    """
    if name not in TABLE_NAMES:
        raise QueryError(msg("err.token_map.unknown_table", name=repr(name), choices=", ".join(TABLE_NAMES)))
    if name == "position":
        if tables.position is None:
            raise QueryError(msg("err.token_map.no_position_table", name=tables.name, kind=tables.position_kind,
                                 note=tables.position_note))
        labels = tuple(f"position {t}" for t in range(tables.n_positions))
        return TableRows(name, tables.position, labels, labels, tables.content_hash)
    if name == "head" and not has_own_head(tables):
        raise QueryError(msg("err.token_map.no_own_head", name=tables.name, tying=tables.tying.label))
    if name == "head" and tables.output_head.shape[0] != tables.vocab_size:
        raise QueryError(msg("err.token_map.head_rows", head_rows=tables.output_head.shape[0],
                             token_rows=tables.vocab_size))
    table = tables.output_head if name == "head" else tables.token
    labels = tuple(tables.token_label(i) for i in range(tables.vocab_size))
    raw = tables.vocabulary.raw + ("",) * (tables.vocab_size - len(tables.vocabulary))
    content_hash = head_content_hash(tables) if name == "head" else tables.content_hash
    return TableRows(name, table, labels, raw, content_hash, tables)
