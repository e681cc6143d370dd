"""Whether the loaded model shows the similarity lesson's claim, decided from its own numbers.

The lesson ("the dot product measures similarity") claims that the token rows
of related words (:data:`~dashboard.analysis.similarity_quiz.LESSON_RELATED`:
cat, dog, pet) are closer than those of unrelated ones
(:data:`~dashboard.analysis.similarity_quiz.LESSON_UNRELATED`). A model can
fail to show it for two reasons, each measured here, never read off its name:

- **its vocabulary splits the words**: when more than half of the lesson's
  words are several tokens, each word is the mean of its pieces' rows, which
  is no row of the table (the bundled GPT's 4,096-token vocabulary splits all
  five: ``cat`` is ``␣c`` + ``at``);
- **its related pairs do not rank nearer than its unrelated ones**: the
  farthest related pair's rank (:attr:`PairAnswer.rank`, 1 = nearest) is not
  below the nearest unrelated pair's. Ranks, not cosines, because that is
  what the quiz judges by: SmolLM2's unrelated Tuesday · xylophone has a
  higher cosine (0.50) than its related cat · pet (0.47), yet ranks
  2,796th among Tuesday's neighbours against cat · pet's 9th.
"""

from __future__ import annotations

from dataclasses import dataclass

from dashboard.analysis.neighbours import NeighbourIndex
from dashboard.analysis.queries import ResolvedTerm, TermResolver
from dashboard.analysis.similarity_quiz import LESSON_RELATED, LESSON_UNRELATED, PairAnswer, answer_pairs

#: Share of the lesson's words above which the vocabulary counts as splitting them.
MOSTLY_SPLIT = 0.5


@dataclass(frozen=True)
class LessonCheck:
    """The lesson's pairs on one model.

    Attributes:
        words: the lesson's distinct words, resolved to token rows, in the order they first appear.
        farthest_related: the related pair with the largest rank (ties: the first).
        nearest_unrelated: the unrelated pair with the smallest rank (ties: the first).
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

    Args:
        resolver: the checkpoint's term resolver.
        index: its token table's neighbour index.
        n_used: rows of the table that hold tokens; padding rows past it are not ranked.

    Returns:
        The check, or ``None`` when a lesson pair cannot be answered here (a word
        the vocabulary cannot look up): then nothing is claimed either way.
    """
    pairs = list(LESSON_RELATED + LESSON_UNRELATED)
    answers, left_out = answer_pairs(resolver, index, pairs, n_used)
    if left_out:
        return None
    related, unrelated = answers[:len(LESSON_RELATED)], answers[len(LESSON_RELATED):]
    words = {term.text.strip(): term for answer in answers for term in (answer.first, answer.second)}
    return LessonCheck(tuple(words.values()), max(related, key=lambda a: a.rank),
                       min(unrelated, key=lambda a: a.rank))
