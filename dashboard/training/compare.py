"""Compare the same table of two checkpoints that share a vocabulary, after aligning away a rotation.

- Orthogonal Procrustes (Schönemann 1966) on tables centred and scaled to unit Frobenius norm: residual
  ``||s A R - B||_F / ||B||_F`` in [0, 1] (its square is ``scipy.spatial.procrustes``'s disparity).
- Drift of row ``i``: ``||s a_i R - b_i||`` in units of B's root-mean-square row length.
- Neighbour overlap at k: share of a row's ``k`` nearest rows (centred cosine) both tables agree on, in [0, 1].
- Linear CKA (Kornblith et al. 2019): ``||B^T A||_F^2 / (||A^T A||_F ||B^T B||_F)`` on centred tables, in [0, 1].

:func:`compare_checkpoints` picks the table of two checkpoints and refuses pairs whose rows stand for different tokens.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.linalg import orthogonal_procrustes

from dashboard.analysis.norms import unit_rows
from dashboard.errors import InvalidTableError, QueryError, ShapeMismatchError
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables

#: Neighbours per row in the overlap measure.
OVERLAP_K = 10
#: Float32 scores held at once while searching neighbours (chunk_rows x n_rows), about 128 MB.
SCORE_BUDGET = 32 * 1024 * 1024
#: Rows of a table converted to float64 at a time (8,192 x 4,096 is 268 MB).
BLOCK_ROWS = 8192
#: Query rows the neighbour overlap uses at most; beyond, a seeded uniform sample (the search still covers every row).
MAX_OVERLAP_ROWS = 8192


@dataclass(frozen=True, eq=False)
class TableComparison:
    """Table A aligned onto table B, and how far apart they are.

    Attributes:
        aligned: ``(n_rows, d)`` float32, ``s (A - mean A) R`` in the units of B standardised,
            ``d = max(d_model of A, d_model of B)``.
        target: ``(n_rows, d)`` float32, B centred and scaled to unit Frobenius norm.
        drift: ``(n_rows,)`` float32 >= 0, each row's distance after alignment, in B's RMS row lengths.
        procrustes_residual: ``||s A R - B||_F / ||B||_F`` in [0, 1].
        cka: linear CKA in [0, 1].
        overlap_ids: ``(n_query,)`` int64, the rows whose neighbours were compared.
        overlap: ``(n_query,)`` float32 in [0, 1], share of the ``k`` nearest rows both tables agree on.
        k: neighbours per row in ``overlap``.
        scale: the Procrustes scale ``s`` in [0, 1]; ``aligned / scale`` is A rotated onto B at its own size.
    """

    aligned: np.ndarray
    target: np.ndarray
    drift: np.ndarray
    procrustes_residual: float
    cka: float
    overlap_ids: np.ndarray
    overlap: np.ndarray
    k: int
    scale: float

    @property
    def n_rows(self) -> int:
        return int(self.drift.shape[0])

    @property
    def mean_overlap(self) -> float:
        """Mean of :attr:`overlap` over the compared rows, in [0, 1]."""
        return float(self.overlap.mean())

    def top_drift(self, n: int) -> np.ndarray:
        """The ``n`` rows that moved most, largest drift first: ``(min(n, n_rows),)`` int64 row ids."""
        order = np.argsort(-self.drift, kind="stable")
        return order[:n]


def _blocks(n_rows: int):
    """Slices of :data:`BLOCK_ROWS` consecutive rows covering ``0 .. n_rows``."""
    for start in range(0, n_rows, BLOCK_ROWS):
        yield slice(start, min(start + BLOCK_ROWS, n_rows))


def _centred(table: np.ndarray, rows: slice, mean: np.ndarray) -> np.ndarray:
    """Rows ``rows`` of ``table`` minus ``mean``, float64 (one block: no float64 copy of the whole table)."""
    return np.asarray(table[rows], np.float64) - mean


def _mean_and_norm(table: np.ndarray, name: str) -> tuple[np.ndarray, float]:
    """Mean row (float64) and Frobenius norm of ``table`` centred on it; InvalidTableError if all rows are equal."""
    mean = table.mean(axis=0, dtype=np.float64)
    squares = sum(float(np.einsum("ij,ij->", block, block))
                  for block in (_centred(table, rows, mean) for rows in _blocks(table.shape[0])))
    if squares == 0:
        raise InvalidTableError(msg("err.compare.all_rows_equal", name=name))
    return mean, float(np.sqrt(squares))


def _cross(a: np.ndarray, mean_a: np.ndarray, b: np.ndarray, mean_b: np.ndarray) -> np.ndarray:
    """``(A - mean_a)^T (B - mean_b)``, ``(d_a, d_b)`` float64, by blocks of rows (``syrk`` when ``a is b``)."""
    product = np.zeros((a.shape[1], b.shape[1]))
    for rows in _blocks(a.shape[0]):
        block = _centred(a, rows, mean_a)
        product += block.T @ (block if a is b and mean_a is mean_b else _centred(b, rows, mean_b))
    return product


def _cka(cross_ab: np.ndarray, gram_a: np.ndarray, gram_b: np.ndarray) -> float:
    """Linear CKA from the centred products ``A^T B``, ``A^T A`` and ``B^T B``, in [0, 1]."""
    self_a, self_b = np.linalg.norm(gram_a), np.linalg.norm(gram_b)
    if self_a == 0 or self_b == 0:
        raise InvalidTableError(msg("err.compare.cka_equal"))
    return float(np.clip(np.linalg.norm(cross_ab) ** 2 / (self_a * self_b), 0.0, 1.0))


def _nearest_units(units: np.ndarray, query_ids: np.ndarray, k: int, budget: int = SCORE_BUDGET) -> np.ndarray:
    """The ``k`` nearest rows to each query row by cosine, itself left out: ``(n_query, k)`` int64, unordered.

    ``units`` are ``(n_rows, d_model)`` float32 unit rows (zero rows score 0); query rows go in chunks of
    ``budget // n_rows`` (at least 1), so at most ``budget`` float32 scores are held.
    """
    chunk = max(1, budget // units.shape[0])
    found = np.empty((len(query_ids), k), np.int64)
    for start in range(0, len(query_ids), chunk):
        ids = query_ids[start:start + chunk]
        scores = units[ids] @ units.T  # (chunk, n_rows)
        scores[np.arange(len(ids)), ids] = -np.inf
        found[start:start + len(ids)] = np.argpartition(-scores, k - 1, axis=1)[:, :k]
    return found


def neighbour_overlap(a: np.ndarray, b: np.ndarray, query_ids: np.ndarray, k: int = OVERLAP_K) -> np.ndarray:
    """Share of each query row's ``k`` nearest rows (centred cosine) that both tables agree on.

    Args:
        a, b: ``(n_rows, d_a)`` and ``(n_rows, d_b)`` float, the same rows.
        query_ids: ``(n_query,)`` int, 0-based rows.
        k: neighbours per row, ``1 <= k < n_rows``.

    Returns:
        ``(n_query,)`` float32 in [0, 1] (multiples of ``1/k``).
    """
    near_a, near_b = (_nearest_units(unit_rows(t, mean=t.mean(axis=0, dtype=np.float64), dtype=np.float32), query_ids, k)
                      for t in (a, b))
    shared = [len(np.intersect1d(x, y, assume_unique=True)) for x, y in zip(near_a, near_b)]
    return np.asarray(shared, np.float32) / k


def choose_overlap_rows(n_rows: int, max_rows: int = MAX_OVERLAP_ROWS, seed: int = 0) -> np.ndarray:
    """Every row when there are at most ``max_rows``, else a seeded uniform sample of ``max_rows``, sorted."""
    if n_rows <= max_rows:
        return np.arange(n_rows)
    return np.sort(np.random.default_rng(seed).choice(n_rows, size=max_rows, replace=False))


def compare_tables(a: np.ndarray, b: np.ndarray, *, names: tuple[str, str] = ("A", "B"), k: int = OVERLAP_K,
                   max_overlap_rows: int = MAX_OVERLAP_ROWS, seed: int = 0) -> TableComparison:
    """Align ``a`` onto ``b`` and measure residual, drift, neighbour overlap (``k`` neighbours) and CKA.

    Args:
        a: ``(n_rows, d_a)`` float; row ``i`` is the same token or position as in ``b``.
        b: ``(n_rows, d_b)`` float; the narrower table is padded with zero columns.
        max_overlap_rows: most query rows for the overlap (a sample drawn with ``seed`` above).

    Raises:
        ShapeMismatchError: different numbers of rows, or fewer than ``k + 1``.
        InvalidTableError: a table whose rows are all equal (nothing to align).
    """
    if a.shape[0] != b.shape[0]:
        raise ShapeMismatchError(msg("err.compare.rows", a=names[0], a_rows=a.shape[0], b=names[1],
                                     b_rows=b.shape[0]))
    if a.shape[0] <= k:
        raise ShapeMismatchError(msg("err.compare.too_few_rows", rows=a.shape[0], k=k, needed=k + 1))
    width = max(a.shape[1], b.shape[1])
    (mean_a, norm_a), (mean_b, norm_b) = _mean_and_norm(a, names[0]), _mean_and_norm(b, names[1])
    cross = _cross(a, mean_a, b, mean_b)  # (d_a, d_b): A^T B of the centred tables
    standard_cross = np.zeros((width, width))
    standard_cross[:a.shape[1], :b.shape[1]] = cross / (norm_a * norm_b)  # the same of the standardised, padded ones
    # scipy's orthogonal_procrustes(A, B) takes the SVD of A^T B; with A the identity, that is the product above.
    rotation, scale = orthogonal_procrustes(np.eye(width), standard_cross)
    aligned, target = np.empty((a.shape[0], width), np.float32), np.zeros((a.shape[0], width), np.float32)
    difference = np.empty(a.shape[0])
    for rows in _blocks(a.shape[0]):
        moved = scale * (_centred(a, rows, mean_a) / norm_a) @ rotation[:a.shape[1]]
        goal = np.zeros_like(moved)
        goal[:, :b.shape[1]] = _centred(b, rows, mean_b) / norm_b
        aligned[rows], target[rows] = moved, goal
        difference[rows] = np.linalg.norm(moved - goal, axis=1)
    residual = float(np.clip(np.sqrt(max(0.0, 1.0 - scale ** 2)), 0.0, 1.0))  # ||target||_F = 1
    ids = choose_overlap_rows(a.shape[0], max_overlap_rows, seed)
    cka = _cka(cross, _cross(a, mean_a, a, mean_a), _cross(b, mean_b, b, mean_b))
    return TableComparison(
        aligned=aligned, target=target,
        drift=(difference * np.sqrt(a.shape[0])).astype(np.float32),
        procrustes_residual=residual, cka=cka, overlap_ids=ids,
        overlap=neighbour_overlap(a, b, ids, k), k=k, scale=float(scale))


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
