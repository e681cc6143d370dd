"""Whether the loaded model shows the similarity lesson's claim, decided from its own numbers.

The claim: related words (:data:`~dashboard.lessons.similarity.quiz.LESSON_RELATED`) are closer than unrelated
ones. It fails when the vocabulary splits more than half the words (a split word is a mean of pieces, no row),
or when the farthest related pair does not rank nearer than the nearest unrelated pair (ranks, as the quiz).
"""

from __future__ import annotations

from dataclasses import dataclass

from dashboard.analysis.neighbours import NeighbourIndex
from dashboard.analysis.queries import ResolvedTerm, TermResolver
from dashboard.lessons.similarity.quiz import LESSON_RELATED, LESSON_UNRELATED, PairAnswer, answer_pairs

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
