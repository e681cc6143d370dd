"""The "Predict the similarity" activity: pairs of words, a guess for each, the model's answer.

The answer for ``(a, b)``: cosine, dot product and the rank of ``b`` among ``a``'s neighbours (a split word is the
mean of its pieces' rows). A pair is *similar* when that rank is within the nearest ``similar_share`` of the
vocabulary: tables differ in how high their cosines run, so no fixed cosine would do. A pair with a word in UTF-8
byte pieces (``<0xEA>``) is not judged: a byte row is shared by every character holding that byte.
Whether the model on screen shows the lesson's claim is decided from its own numbers (:func:`check_lesson`).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from dashboard.analysis.hangul import is_byte_piece
from dashboard.analysis.neighbours import NeighbourIndex, QUERY_CHUNK_ROWS, score_chunk
from dashboard.analysis.queries import ResolvedTerm, TermResolver
from dashboard.errors import QueryError
from dashboard.i18n import msg


#: The lesson's pairs: two animals and what they are (related), against a weekday and an unrelated word.
LESSON_RELATED = (("cat", "dog"), ("cat", "pet"), ("dog", "pet"))
LESSON_UNRELATED = (("cat", "Tuesday"), ("cat", "xylophone"), ("Tuesday", "xylophone"))
#: The lesson's pairs as the page's text field holds them, one a line.
LESSON_PAIRS = "\n".join(f"{first}, {second}" for first, second in LESSON_RELATED + LESSON_UNRELATED)
#: The two answers a student can give for a pair.
GUESSES = ("similar", "unrelated")
#: The verdict of a pair the model is not asked to judge (a word made of byte pieces: module docstring).
NOT_JUDGED = "not judged"
#: Most pairs one round holds.
MAX_PAIRS = 12


@dataclass(frozen=True)
class PairAnswer:
    """What the model says about one pair.

    Attributes:
        first, second: the two typed words, resolved to token rows.
        cosine: cosine similarity of their vectors, in [-1, 1].
        dot: dot product of their vectors (unbounded).
        rank: 1-based place ``second`` would take among ``first``'s neighbours by cosine.
        n_candidates: the rows ranked against (padding, all-zero rows and the pair's own rows left out).
        verdict: ``similar`` if ``rank <= similar_rank``, else ``unrelated``; :data:`NOT_JUDGED` for byte pieces.
        similar_rank: the largest rank that counts as similar.
    """

    first: ResolvedTerm
    second: ResolvedTerm
    cosine: float
    dot: float
    rank: int
    n_candidates: int
    verdict: str
    similar_rank: int

    @property
    def byte_words(self) -> tuple[str, ...]:
        """The pair's words spelled with at least one UTF-8 byte piece, as typed (none: the pair is judged)."""
        return tuple(term.text.strip() for term in (self.first, self.second)
                     if any(is_byte_piece(piece) for piece in term.pieces))

    @property
    def key(self) -> str:
        """A stable name for the pair (for widget keys): the two words as typed."""
        return f"{self.first.text.strip()}|{self.second.text.strip()}"


def parse_pairs(text: str) -> list[tuple[str, str]]:
    """One pair a line, the two words separated by a comma: ``cat, dog``.

    Raises:
        QueryError: a line without exactly two words, no pairs, more than :data:`MAX_PAIRS`, or a word with itself.
    """
    pairs: list[tuple[str, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        words = [word.strip() for word in line.split(",")]
        if len(words) != 2 or not all(words):
            raise QueryError(msg("err.quiz.not_two_words", number=number, line=line.strip()))
        if words[0] == words[1]:
            raise QueryError(msg("err.quiz.same_word", number=number, word=words[0]))
        pairs.append((words[0], words[1]))
    pairs = list(dict.fromkeys(pairs))  # a pair typed twice is one pair, and counts once against MAX_PAIRS
    if not pairs:
        raise QueryError(msg("err.quiz.no_pairs"))
    if len(pairs) > MAX_PAIRS:
        raise QueryError(msg("err.quiz.too_many", count=len(pairs), most=MAX_PAIRS))
    return pairs


def rank_by_cosine(index: NeighbourIndex, vector: np.ndarray, cosine: float, exclude: tuple[int, ...],
                   n_used: int) -> tuple[int, int]:
    """Where a cosine of ``cosine`` with ``vector`` would rank among the table's rows, chunk by chunk.

    Args:
        vector: ``(d_model,)`` float32, the first word's vector.
        cosine: the score to place, in [-1, 1].
        exclude: row ids left out (the two words' own rows).
        n_used: rows holding tokens; padding rows past it are left out.

    Returns:
        ``(rank, n_candidates)``: rank is 1 + the rows scoring strictly higher.
    """
    higher = candidates = 0
    excluded = np.array(sorted(exclude), dtype=np.int64)
    for start in range(0, n_used, QUERY_CHUNK_ROWS):
        stop = min(start + QUERY_CHUNK_ROWS, n_used)
        scores = score_chunk(index, vector, "cosine", start, stop)
        inside = excluded[(excluded >= start) & (excluded < stop)] - start
        scores[inside] = np.nan
        valid = ~np.isnan(scores)
        candidates += int(valid.sum())
        higher += int((scores[valid] > cosine).sum())
    return higher + 1, candidates


def answer_pair(resolver: TermResolver, index: NeighbourIndex, first: str, second: str, n_used: int,
                similar_share: float = 0.01) -> PairAnswer:
    """The model's answer for one pair of typed words: cosine, dot product, rank and verdict.

    Args:
        n_used: rows holding tokens (the vocabulary's length); padding rows past it are not ranked.
        similar_share: share of the vocabulary, in (0, 1], whose nearest rows count as similar.

    Raises:
        QueryError: a word cannot be looked up, both words are the same tokens, a vector has no direction, or
            ``similar_share`` is outside (0, 1].
    """
    if not 0 < similar_share <= 1:
        raise QueryError(msg("err.quiz.share", share=similar_share))
    a, b = resolver.resolve(first), resolver.resolve(second)
    if a.ids == b.ids:
        raise QueryError(msg("err.quiz.same_tokens", first=first, second=second, pieces=" + ".join(a.pieces)))
    va, vb = resolver.vector(a).astype(np.float64), resolver.vector(b).astype(np.float64)
    norms = np.linalg.norm(va) * np.linalg.norm(vb)
    if norms == 0:
        raise QueryError(msg("err.quiz.zero_vector", first=first, second=second))
    cosine = float(np.clip(va @ vb / norms, -1.0, 1.0))
    rank, candidates = rank_by_cosine(index, va.astype(np.float32), cosine, a.ids + b.ids, min(n_used, index.n_rows))
    similar_rank = max(1, math.floor(similar_share * (candidates + 1)))  # places b can take: the others and its own
    answer = PairAnswer(a, b, cosine, float(va @ vb), rank, candidates,
                        "similar" if rank <= similar_rank else "unrelated", similar_rank)
    return dataclasses.replace(answer, verdict=NOT_JUDGED) if answer.byte_words else answer


def answer_pairs(resolver: TermResolver, index: NeighbourIndex, pairs: list[tuple[str, str]], n_used: int,
                 similar_share: float = 0.01) -> tuple[list[PairAnswer], list[tuple[str, str, QueryError]]]:
    """:func:`answer_pair` for each pair; a pair that cannot be answered is set aside with its error.

    Returns:
        ``(answers, left_out)``: answers in the pairs' order, and ``(first, second, error)`` per pair left out (a
        word the vocabulary cannot look up, such as one the tokenizer turns into ``[UNK]``).

    Raises:
        QueryError: ``similar_share`` is outside (0, 1].
    """
    if not 0 < similar_share <= 1:
        raise QueryError(msg("err.quiz.share", share=similar_share))
    answers, left_out = [], []
    for first, second in pairs:
        try:
            answers.append(answer_pair(resolver, index, first, second, n_used, similar_share))
        except QueryError as error:
            left_out.append((first, second, error))
    return answers, left_out


def score_guesses(answers: list[PairAnswer], guesses: dict[str, str | None]) -> tuple[int, int]:
    """``(right, answered)`` on judged pairs; ``guesses`` maps :attr:`PairAnswer.key` to a guess or ``None``."""
    given = [(answer, guesses.get(answer.key)) for answer in answers
             if guesses.get(answer.key) in GUESSES and answer.verdict in GUESSES]
    return sum(answer.verdict == guess for answer, guess in given), len(given)


#: Share of the lesson's words above which the vocabulary counts as splitting them.
MOSTLY_SPLIT = 0.5


@dataclass(frozen=True)
class LessonCheck:
    """The lesson's pairs on one model.

    Attributes:
        words: the lesson's distinct words, resolved, in order of first appearance.
        farthest_related, nearest_unrelated: the related pair with the largest rank and the unrelated pair with the
            smallest (ties: the first).
    """

    words: tuple[ResolvedTerm, ...]
    farthest_related: PairAnswer
    nearest_unrelated: PairAnswer

    @property
    def split_words(self) -> tuple[ResolvedTerm, ...]:
        """The words this vocabulary holds as several tokens."""
        return tuple(word for word in self.words if word.is_split)

    @property
    def mostly_split(self) -> bool:
        """More than :data:`MOSTLY_SPLIT` of the words are several tokens."""
        return len(self.split_words) > MOSTLY_SPLIT * len(self.words)

    @property
    def order_fails(self) -> bool:
        """Some unrelated pair ranks as near as a related one, or nearer."""
        return self.farthest_related.rank >= self.nearest_unrelated.rank

    @property
    def holds(self) -> bool:
        """The model shows the claim: the words are mostly whole tokens and every related pair ranks nearer."""
        return not (self.mostly_split or self.order_fails)


def check_lesson(resolver: TermResolver, index: NeighbourIndex, n_used: int) -> LessonCheck | None:
    """The lesson's pairs answered on this model (see the module docstring).

    Returns:
        The check, or ``None`` when a pair cannot be answered (a word the vocabulary cannot look up): then nothing
        is claimed either way.
    """
    pairs = list(LESSON_RELATED + LESSON_UNRELATED)
    answers, left_out = answer_pairs(resolver, index, pairs, n_used)
    if left_out:
        return None
    related, unrelated = answers[:len(LESSON_RELATED)], answers[len(LESSON_RELATED):]
    words = {term.text.strip(): term for answer in answers for term in (answer.first, answer.second)}
    return LessonCheck(tuple(words.values()), max(related, key=lambda a: a.rank),
                       min(unrelated, key=lambda a: a.rank))
