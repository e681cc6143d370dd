"""Predict the similarity: guess whether pairs of words are similar, then see cosine and dot on the loaded model."""

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.errors import ExplorerError
from dashboard.i18n import plural_key, render, t
from dashboard.lessons.similarity.quiz import (GUESSES, LESSON_PAIRS, NOT_JUDGED, answer_pairs, parse_pairs,
                                                score_guesses)
from dashboard.lessons.similarity.view_quiz_lesson import show_lesson_check
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.ui.hangul_note import show_hangul_notes
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.table_data import get_neighbour_index
from dashboard.ui.table_pages import open_table_page
from dashboard.ui.tokenizer_loading import get_resolver, show_lookup_note
from dashboard.ui.url_state import PAIRS_CHARS, UrlParam, bounded_text, publish

ensure_routed()

#: session_state keys: the saved guesses (pair key -> guess; kept when the page is left) and what was revealed.
SAVED_GUESSES, REVEALED = "quiz_guesses", "quiz_revealed"
#: Catalogue keys of the two guesses (the radio's values, :data:`GUESSES`, stay English in every language).
GUESS_KEYS = {"similar": "quiz.guess.similar", "unrelated": "quiz.guess.unrelated", NOT_JUDGED: "quiz.not_judged"}
#: Columns of the answers frame -> their catalogue keys; the frame keeps the English names, the page shows these.
COLUMN_KEYS = {"pair": "quiz.col.pair", "your guess": "quiz.col.guess", "cosine": "quiz.col.cosine",
               "dot": "quiz.col.dot", "rank among neighbours": "quiz.col.rank", "model says": "quiz.col.verdict",
               "right?": "quiz.col.right"}


def show_guess(guess: str | None) -> str:
    """A guess or verdict (a value of :data:`GUESSES`, or ``None``: ``-``) in the reader's language."""
    return t(GUESS_KEYS[guess]) if guess in GUESS_KEYS else "-"


#: The pairs, in the link too (a teacher's own pairs are one link away); six ids as three pairs for rows only numbered.
PAIRS = UrlParam("pairs", "quiz_pairs", LESSON_PAIRS, bounded_text(PAIRS_CHARS), ids=6, ids_separator=(", ", "\n"))
tables, source = open_table_page(t("quiz.title"), t("quiz.caption"), [PAIRS])
st.session_state.setdefault("quiz_share", 1.0)
st.session_state.setdefault(SAVED_GUESSES, {})
show_lesson_check(tables, source)  # before any guess: whether this model shows the lesson at all

setup = st.columns([2, 1])
setup[0].text_area(t("quiz.pairs"), key="quiz_pairs", height=170, max_chars=PAIRS_CHARS)
setup[1].number_input(t("quiz.share"), min_value=0.01, max_value=50.0, step=0.5, key="quiz_share", format="%.2f",
                      help=t("quiz.share_help"))
publish([PAIRS])
try:
    resolver = get_resolver(tables, source, tables.content_hash)
    index = get_neighbour_index(tables, source, tables.content_hash)
    pairs = parse_pairs(st.session_state["quiz_pairs"])
    answers, left_out = answer_pairs(resolver, index, pairs, len(tables.vocabulary),
                                     st.session_state["quiz_share"] / 100)
except ExplorerError as error:
    st.error(escape_markdown(render(error)), icon=":material/error:")
    st.stop()
if left_out:  # one word the vocabulary cannot look up costs its pair, not the round: one warning, a line a pair
    items = [t("quiz.left_out", first=escape_markdown(first), second=escape_markdown(second),
               error=escape_markdown(render(error))) for first, second, error in left_out]
    st.warning(items[0] if len(items) == 1 else "\n".join(f"- {item}" for item in items), icon=":material/warning:")
show_lookup_note(resolver, tables)
show_hangul_notes(tables, source, list(dict.fromkeys(word for pair in pairs for word in pair)), use="query")
if not answers:
    st.stop()

saved = st.session_state[SAVED_GUESSES]


def keep_guess(pair_key: str) -> None:
    saved[pair_key] = st.session_state[f"quiz_guess|{pair_key}"]


st.subheader(t("quiz.guesses_title"))
guesses_shown = {guess: show_guess(guess) for guess in GUESSES}  # rendered now: Streamlit may call format_func later
explained: set[str] = set()
for answer in answers:
    widget = f"quiz_guess|{answer.key}"
    if widget not in st.session_state and saved.get(answer.key) in GUESSES:
        st.session_state[widget] = saved[answer.key]  # back on the page: the guess made before
    row = st.columns([1.2, 2])
    first, second = (escape_markdown(term.text.strip()) for term in (answer.first, answer.second))
    row[0].radio(t("quiz.pair_label", first=first, second=second), GUESSES, index=None, format_func=guesses_shown.get,
                 key=widget, horizontal=True, on_change=keep_guess, args=(answer.key,))
    for term in (answer.first, answer.second):
        if term.is_split and term.text.strip() not in explained:
            explained.add(term.text.strip())  # each split word is explained once, at its first pair
            row[1].caption(render(term.explain(markdown=True)) + ".")

guesses = {answer.key: saved.get(answer.key) for answer in answers}
reveal_id = (source, st.session_state["quiz_pairs"], st.session_state["quiz_share"])
buttons = st.columns([1.6, 1, 3])
if buttons[0].button(t("quiz.reveal"), key="quiz_reveal", type="primary"):
    st.session_state[REVEALED] = reveal_id
if buttons[1].button(t("quiz.reset"), key="quiz_reset"):
    saved.clear()
    for answer in answers:
        st.session_state.pop(f"quiz_guess|{answer.key}", None)
    st.session_state.pop(REVEALED, None)
    st.rerun()

if st.session_state.get(REVEALED) != reveal_id:
    unanswered = sum(guesses[a.key] is None for a in answers)
    if answers and unanswered == len(answers):  # "all of them", not "6 of 6"
        st.caption(t(plural_key("quiz.none_answered", unanswered), total=unanswered))
    else:
        st.caption(t("quiz.unanswered", unanswered=unanswered, total=len(answers)) if unanswered
                   else t("quiz.all_answered"))
    st.stop()

st.subheader(t("quiz.answers_title"))
right, answered = score_guesses(answers, guesses)
frame = pd.DataFrame({
    "pair": [f"{a.first.text.strip()} · {a.second.text.strip()}" for a in answers],
    "your guess": [show_guess(guesses[a.key]) for a in answers],
    "cosine": [a.cosine for a in answers],
    "dot": [a.dot for a in answers],
    "rank among neighbours": [t("quiz.rank", rank=a.rank, total=a.n_candidates + 1) for a in answers],
    "model says": [show_guess(a.verdict) for a in answers],
    "right?": ["-" if guesses[a.key] is None or a.verdict == NOT_JUDGED
               else t("quiz.yes" if guesses[a.key] == a.verdict else "quiz.no") for a in answers],
})
st.dataframe(frame.rename(columns=lambda name: t(COLUMN_KEYS[name])), hide_index=True, width="stretch",
             column_config={t("quiz.col.cosine"): st.column_config.NumberColumn(format="%.4f"),
                            t("quiz.col.dot"): st.column_config.NumberColumn(format="%.4f")})
st.metric(t("quiz.score"), t("quiz.score_value", right=right, answered=answered) if answered else t("quiz.no_guesses"),
          help=t("quiz.score_help"))
not_judged = list(dict.fromkeys(word for a in answers for word in a.byte_words))
if not_judged:
    st.info(t("quiz.not_judged_note", words=", ".join(f"**{escape_markdown(word)}**" for word in not_judged)),
            icon=":material/info:")
threshold = answers[0].similar_rank
# the share the threshold really is (40 of 4,096 rows: 0.98%), not the share asked for (1%), which it rounds down
st.caption(t("quiz.threshold_caption", threshold=threshold, share=100 * threshold / len(tables.vocabulary)))
order = sorted(answers, key=lambda a: -a.cosine)
st.write(t("quiz.order", order=" > ".join(
    f"{escape_markdown(a.first.text.strip())} · {escape_markdown(a.second.text.strip())}" for a in order)))

split = [term for a in answers for term in (a.first, a.second) if term.is_split]
if split:
    median_norm = float(np.median(index.norms[:len(tables.vocabulary)]))
    st.subheader(t("quiz.split_title"))
    for term in dict((word.text.strip(), word) for word in split).values():
        norm = float(np.linalg.norm(resolver.vector(term)))
        st.write(t("quiz.split_text", word=escape_markdown(term.text.strip()), count=len(term.ids),
                   pieces=" + ".join(code_span(p) for p in term.pieces), norm=norm, median=median_norm))
