"""Which table of two checkpoints to compare, and whether their rows are the same tokens.

Feeds :func:`dashboard.training.compare.compare_tables`, refusing pairs whose rows stand for different things.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dashboard.training.compare import MAX_OVERLAP_ROWS, OVERLAP_K, TableComparison, compare_tables
from dashboard.errors import QueryError, ShapeMismatchError
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables

#: Tables two checkpoints can be compared on -> what their rows are called.
COMPARED_TABLES = {"token": msg("compare.table.token"), "position": msg("compare.table.position"),
                   "head": msg("compare.table.head")}


def choose_table(tables: EmbeddingTables, name: str) -> np.ndarray:
    """The ``(n_rows, d_model)`` float32 table ``name`` of ``tables``; ``head`` is the token table when tied.

    Raises:
        QueryError: ``name`` is unknown, or the checkpoint has no such table (rotary positions, an encoder's head).
    """
    if name not in COMPARED_TABLES:
        raise QueryError(msg("err.compare.unknown_table", name=repr(name), choices=", ".join(COMPARED_TABLES)))
    if name == "token":
        return tables.token
    if name == "position":
        if tables.position is None:
            raise QueryError(msg("err.compare.no_position", name=tables.name, kind=tables.position_kind,
                                 note=tables.position_note))
        return tables.position
    if tables.output_head is not None:
        return tables.output_head
    if tables.tying.is_tied:
        return tables.token
    raise QueryError(msg("err.compare.no_head", name=tables.name, tying=tables.tying.label))


def check_same_vocabulary(a: EmbeddingTables, b: EmbeddingTables) -> None:
    """Refuse two checkpoints whose token rows are not the same tokens (sizes, and strings when both have them).

    Raises:
        ShapeMismatchError: the vocabulary sizes differ, or the same ids hold different tokens.
    """
    if a.vocab_size != b.vocab_size:
        raise ShapeMismatchError(msg("err.compare.vocab_sizes", a=a.name, a_rows=a.vocab_size, b=b.name,
                                     b_rows=b.vocab_size))
    if "none" in (a.vocabulary.scheme, b.vocabulary.scheme):
        return
    shared = min(len(a.vocabulary), len(b.vocabulary))
    differing = [i for i in range(shared) if a.vocabulary.raw[i] != b.vocabulary.raw[i]]
    if differing or len(a.vocabulary) != len(b.vocabulary):
        first = differing[0] if differing else shared
        raise ShapeMismatchError(msg("err.compare.vocab_tokens", rows=a.vocab_size, differing=len(differing),
                                     a_tokens=len(a.vocabulary), b_tokens=len(b.vocabulary), first=first,
                                     a_token=repr(a.token_label(first)), b_token=repr(b.token_label(first))))


def row_labels(a: EmbeddingTables, b: EmbeddingTables, table: str) -> tuple[str, ...]:
    """Readable label of each compared row: the token (from whichever checkpoint has a vocabulary) or ``position t``."""
    if table == "position":
        return tuple(f"position {t}" for t in range(a.n_positions))
    named = a if a.vocabulary.scheme != "none" or b.vocabulary.scheme == "none" else b
    return tuple(named.token_label(i) for i in range(named.vocab_size))


@dataclass(frozen=True, eq=False)
class CheckpointComparison:
    """One table of two checkpoints, compared.

    Attributes:
        table: a key of :data:`COMPARED_TABLES`.
        names: ``(name of A, name of B)``.
        labels: readable label of each row (token or ``position t``).
        result: the measures.
        notes: what was compared in place of the asked-for table (a tied checkpoint's token table as its head).
    """

    table: str
    names: tuple[str, str]
    labels: tuple[str, ...]
    result: TableComparison
    notes: tuple[Text, ...] = ()

    def top_drift(self, n: int = 20) -> list[dict]:
        """The ``n`` rows that moved most: ``[{id, token, drift}, ...]``, largest drift first."""
        return [{"id": int(i), "token": self.labels[i], "drift": float(self.result.drift[i])}
                for i in self.result.top_drift(n)]


def compare_checkpoints(a: EmbeddingTables, b: EmbeddingTables, table: str = "token", *, k: int = OVERLAP_K,
                        max_overlap_rows: int = MAX_OVERLAP_ROWS, seed: int = 0) -> CheckpointComparison:
    """Compare table ``table`` of checkpoint ``a`` with the same table of ``b`` (A aligned onto B).

    Raises:
        ShapeMismatchError: the vocabularies differ, or the position tables differ in rows.
        QueryError: a checkpoint lacks the table.
        InvalidTableError: a table has all rows equal (an all-zero step-0 position table).
    """
    check_same_vocabulary(a, b)
    first, second = choose_table(a, table), choose_table(b, table)
    if table == "position" and first.shape[0] != second.shape[0]:
        raise ShapeMismatchError(msg("err.compare.positions", a=a.name, a_rows=first.shape[0], b=b.name,
                                     b_rows=second.shape[0]))
    names = (a.name, b.name) if a.name != b.name else (f"{a.name} (A)", f"{b.name} (B)")
    result = compare_tables(first, second, names=(msg("compare.table_of", table=COMPARED_TABLES[table], name=names[0]),
                                                  msg("compare.table_of", table=COMPARED_TABLES[table], name=names[1])),
                            k=k, max_overlap_rows=max_overlap_rows, seed=seed)
    notes = tuple(msg("note.compare.tied_head", name=name, tying=tables.tying.label)
                  for name, tables in zip(names, (a, b))
                  if table == "head" and tables.output_head is None and tables.tying.is_tied)
    return CheckpointComparison(table=table, names=names, labels=row_labels(a, b, table), result=result, notes=notes)
