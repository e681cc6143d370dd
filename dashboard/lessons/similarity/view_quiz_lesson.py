"""The similarity quiz's word on the lesson: whether the model on screen shows its claim, and where one does.

When the check fails here, the first bundled model where it holds is offered with its numbers and a button that
opens the page on it.
"""

from __future__ import annotations

import streamlit as st

from dashboard.lessons.similarity.quiz import LessonCheck, PairAnswer, check_lesson
from dashboard.checkpoints.bundled import BUNDLED
from dashboard.errors import ExplorerError
from dashboard.i18n import t
from dashboard.markdown_text import escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.ui.loading import get_tables
from dashboard.ui.language import in_session_language
from dashboard.ui.table_data import get_neighbour_index
from dashboard.ui.tokenizer_loading import get_resolver
from dashboard.ui.sidebar import activate

#: session_state key of the button that opens the page on the offered model.
SWITCH_KEY = "quiz_lesson_switch"


@st.cache_resource(max_entries=8, show_spinner=False)
def _cached_check(_tables: EmbeddingTables, source: str, content_hash: str) -> LessonCheck | None:
    resolver = get_resolver(_tables, source, content_hash)
    index = get_neighbour_index(_tables, source, content_hash)
    return check_lesson(resolver, index, len(_tables.vocabulary))


def lesson_check(tables: EmbeddingTables, source: str) -> LessonCheck | None:
    """:func:`~dashboard.lessons.similarity.quiz.check_lesson` on ``tables``, once per table and process.

    Raises:
        ExplorerError: the tokenizer or the table cannot be read.
    """
    return _cached_check(tables, source, tables.content_hash)


def _pair(answer: PairAnswer) -> str:
    return " · ".join(escape_markdown(term.text.strip()) for term in (answer.first, answer.second))


def _ranks(check: LessonCheck) -> dict[str, object]:
    related, unrelated = check.farthest_related, check.nearest_unrelated
    return {"related": _pair(related), "unrelated": _pair(unrelated),
            "related_rank": t("quiz.rank", rank=related.rank, total=related.n_candidates + 1),
            "unrelated_rank": t("quiz.rank", rank=unrelated.rank, total=unrelated.n_candidates + 1),
            "related_cosine": related.cosine, "unrelated_cosine": unrelated.cosine}


def _where_it_holds(source: str) -> tuple[str, LessonCheck] | None:
    """The first bundled model other than ``source`` on which the check holds, with its check."""
    for model in BUNDLED:
        if model.name == source:
            continue
        try:
            tables = get_tables(model.name)
            check = lesson_check(tables, model.name)
        except ExplorerError:  # its package is not installed, or its tokenizer failed: try the next
            continue
        if check is not None and check.holds:
            return model.name, check
    return None


def show_lesson_check(tables: EmbeddingTables, source: str) -> None:
    """Say when the model on screen does not show the lesson's claim, why, and offer one that does; else nothing."""
    try:
        check = lesson_check(tables, source)
    except ExplorerError:  # the page's own lookup shows the error
        return
    if check is None or check.holds:
        return
    reasons = []
    if check.mostly_split:
        pieces = ", ".join(t("quiz.lesson.word_pieces", word=escape_markdown(word.text.strip()), count=len(word.ids))
                           for word in check.split_words)
        reasons.append(t("quiz.lesson.split", vocab=len(tables.vocabulary), split=len(check.split_words),
                         words=len(check.words), pieces=pieces))
    if check.order_fails:
        reasons.append(t("quiz.lesson.order", **_ranks(check)))
    st.warning(t("quiz.lesson.fails", reasons=" ".join(reasons)), icon=":material/warning:")
    found = _where_it_holds(source)
    if found is None:
        return
    name, there = found
    st.info(t("quiz.lesson.offer", name=escape_markdown(name), words=len(there.words),
              whole=len(there.words) - len(there.split_words), **_ranks(there)), icon=":material/lightbulb:")
    st.button(t("quiz.lesson.switch", name=name), key=SWITCH_KEY, on_click=in_session_language(activate), args=(name,))
