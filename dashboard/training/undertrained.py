"""Under-trained tokens: rows that training barely touched.

Source: Land & Bartolo, "Fishing for Magikarp", EMNLP 2024 (arXiv:2405.05417), and their code
(github.com/cohere-ai/magikarp ``magikarp/utils.py``). Two indicators, lower meaning more under-trained:
``E_out cosine distance w/o 1st PC`` (tied models: head rows less their first principal component, uncentred as
in their code, against the mean of rows known to be unused) and ``E_in L2 norm`` (untied models, no head).
Candidates are at or below the 2nd percentile over non-special vocabulary rows (reserved placeholders included):
a list to verify, as the paper does by prompting.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dashboard.analysis.token_categories import reserved_token_ids
from dashboard.errors import QueryError
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables

#: Indicator key -> the name Land & Bartolo's code gives it.
INDICATORS = {
    "cosine": "E_out cosine distance w/o 1st PC",
    "norm": "E_in L2 norm",
}
#: Indicator key -> its name as a reader reads it (English: the name in their code).
INDICATOR_LABELS = {"cosine": msg("undertrained.indicator.cosine"), "norm": msg("undertrained.indicator.norm")}
#: :attr:`UndertrainedTokens.table` -> what a reader reads.
TABLE_LABELS = {"token table": msg("undertrained.table.token"), "output head": msg("undertrained.table.head")}
#: Their default threshold: the 2nd percentile of the indicator.
THRESHOLD_PERCENTILE = 2.0


#: Rows per block when accumulating the covariance (bounds the float64 temporary to ROW_BLOCK x d_model).
ROW_BLOCK = 16_384


def first_principal_component(table: np.ndarray, block: int = ROW_BLOCK) -> np.ndarray:
    """First principal component of ``table`` (``(n_rows >= 2, d_model)``): ``(d_model,)`` float64, unit norm.

    The covariance is accumulated ``block`` rows at a time (no centred copy); the sign is arbitrary.
    """
    mean = table.mean(axis=0, dtype=np.float64)
    scatter = np.zeros((table.shape[1], table.shape[1]))
    for start in range(0, table.shape[0], block):
        rows = np.asarray(table[start:start + block], np.float64)
        scatter += rows.T @ rows
    covariance = scatter - table.shape[0] * np.outer(mean, mean)
    _, vectors = np.linalg.eigh(covariance)  # eigenvalues ascending
    return vectors[:, -1]


def cosine_distance_without_first_pc(head: np.ndarray, unused_ids: np.ndarray) -> np.ndarray:
    """Land & Bartolo's tied-model indicator for every row of ``head``.

    With ``p`` the first principal component, ``U'_i = U_i - (U_i . p) p`` and ``m`` the mean of ``U'`` over the
    unused rows, the indicator is ``1 - (U'_i . m) / (|U'_i| |m|)``, computed without copying ``U``.

    Args:
        head: ``(vocab_size, d_model)`` float, the output head (the token table when tied); more rows than columns.
        unused_ids: 0-based ids of rows known to be unused (at least one).

    Returns:
        ``(vocab_size,)`` float64 cosine distances in [0, 2]; low means like the unused rows, i.e. under-trained.

    Raises:
        QueryError: no unused ids, or an id outside the table.
    """
    unused_ids = np.asarray(unused_ids, np.int64)
    if unused_ids.size == 0:
        raise QueryError(msg("err.undertrained.no_unused"))
    if unused_ids.min() < 0 or unused_ids.max() >= head.shape[0]:
        raise QueryError(msg("err.undertrained.unused_range", last=head.shape[0] - 1, low=int(unused_ids.min()),
                             high=int(unused_ids.max())))
    first = first_principal_component(head)
    reference = np.asarray(head[unused_ids], np.float64)
    mean_unused = (reference - np.outer(reference @ first, first)).mean(axis=0)  # (d_model,), in U' space
    along = np.empty(head.shape[0])  # U_i . p
    dots = np.empty(head.shape[0])  # U_i . m
    squares = np.empty(head.shape[0])  # |U_i|^2
    for start in range(0, head.shape[0], ROW_BLOCK):
        rows = np.asarray(head[start:start + ROW_BLOCK], np.float64)
        stop = start + len(rows)
        along[start:stop], dots[start:stop] = rows @ first, rows @ mean_unused
        squares[start:stop] = np.einsum("ij,ij->i", rows, rows)
    dots -= along * (first @ mean_unused)
    norms = np.sqrt(np.clip(squares - along ** 2, 0.0, None)) * np.linalg.norm(mean_unused)
    return 1.0 - dots / np.clip(norms, 1e-6, None)  # their clip, for all-zero rows


@dataclass(frozen=True, eq=False)
class UndertrainedTokens:
    """The indicator on every row and the candidates below the threshold.

    Attributes:
        indicator: a key of :data:`INDICATORS`.
        scores: ``(vocab_size,)`` float64, the indicator per row (lower: more under-trained).
        threshold: the threshold percentile (2 by default) of ``scores`` over the population rows.
        population: ``(vocab_size,)`` bool, rows the percentile and the candidates range over.
        candidates: ``(n_candidates,)`` int64, population rows scoring <= threshold, most under-trained first.
        unused_ids: ``(n_unused,)`` int64, reference rows of the cosine indicator (empty for norm).
        table: the table the indicator read (``token table`` or ``output head``).
    """

    indicator: str
    scores: np.ndarray
    threshold: float
    population: np.ndarray
    candidates: np.ndarray
    unused_ids: np.ndarray
    table: str

    @property
    def name(self) -> str:
        """The indicator's name in Land & Bartolo's code."""
        return INDICATORS[self.indicator]


def known_unused_ids(tables: EmbeddingTables) -> np.ndarray:
    """Rows no text produces: reserved placeholder tokens and padding rows past the vocabulary, sorted int64."""
    return np.asarray(sorted(set(reserved_token_ids(tables.vocabulary)) | set(tables.unused_rows)), np.int64)


def choose_indicator(tables: EmbeddingTables, unused_ids=None) -> str:
    """``cosine`` when the head is the token table (tied), else ``norm``, as Land & Bartolo choose.

    A tied checkpoint with no known unused rows (SmolLM2) gets ``norm``, this explorer's fallback: cosine needs them.
    """
    if not tables.tying.is_tied:
        return "norm"
    known = known_unused_ids(tables) if unused_ids is None else np.asarray(unused_ids, np.int64)
    return "cosine" if len(known) else "norm"


def find_undertrained(tables: EmbeddingTables, indicator: str = "auto", unused_ids=None,
                      percentile: float = THRESHOLD_PERCENTILE) -> UndertrainedTokens:
    """Land & Bartolo's indicator on ``tables`` and its candidates.

    Args:
        indicator: ``auto`` (:func:`choose_indicator`, given ``unused_ids``), ``cosine`` or ``norm``.
        unused_ids: reference rows for ``cosine``; :func:`known_unused_ids` when ``None``.
        percentile: threshold percentile in (0, 100), 2 in the paper.

    Raises:
        QueryError: unknown indicator, a percentile outside (0, 100), or cosine with no known unused rows.
    """
    if indicator == "auto":
        indicator = choose_indicator(tables, unused_ids)
    if indicator not in INDICATORS:
        raise QueryError(msg("err.undertrained.unknown_indicator", indicator=repr(indicator),
                             choices=" or ".join(INDICATORS)))
    if not 0 < percentile < 100:
        raise QueryError(msg("err.undertrained.percentile", percentile=percentile))
    if indicator == "cosine":
        head = tables.output_head if tables.output_head is not None else tables.token
        reference = known_unused_ids(tables) if unused_ids is None else np.asarray(unused_ids, np.int64)
        scores = cosine_distance_without_first_pc(head, reference)
        table = "output head" if tables.output_head is not None else "token table"
    else:
        scores = tables.token_norms.astype(np.float64)  # float32 rows: no float64 copy of a large table
        reference, table = np.zeros(0, np.int64), "token table"
    population = np.zeros(tables.vocab_size, bool)
    population[:len(tables.vocabulary)] = True
    population[list(tables.vocabulary.special_ids)] = False
    threshold = float(np.percentile(scores[population], percentile))
    below = np.flatnonzero(population & (scores <= threshold))
    candidates = below[np.argsort(scores[below], kind="stable")]
    return UndertrainedTokens(indicator=indicator, scores=scores, threshold=threshold, population=population,
                              candidates=candidates, unused_ids=reference, table=table)


def precision_recall(candidates: np.ndarray, truth: np.ndarray) -> tuple[float, float]:
    """``(precision, recall)`` in [0, 1] of flagged row ids against the under-trained ``truth`` (0 on an empty side)."""
    hits = len(np.intersect1d(candidates, truth))
    return (hits / len(candidates) if len(candidates) else 0.0, hits / len(truth) if len(truth) else 0.0)


def parse_ids(text: str | None, field: Text | str = "--unused") -> list[int] | None:
    """``"3,5,9"`` -> ``[3, 5, 9]``; ``None`` stays ``None``; ``field`` names the ids in the error.

    Raises:
        QueryError: an entry is not a whole number.
    """
    if text is None:
        return None
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError as error:
        raise QueryError(msg("err.undertrained.ids", field=field, text=text)) from error
