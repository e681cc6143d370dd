"""Predict the similarity: guess whether pairs of words are similar, then see cosine and dot on the loaded model."""

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.analysis.similarity_quiz import GUESSES, LESSON_PAIRS, answer_pair, parse_pairs, score_guesses
from dashboard.errors import ExplorerError
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.ui.map_data import get_neighbour_index, get_resolver
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.table_pages import open_table_page, show_lookup_note
from dashboard.ui.text_limits import PAIRS_CHARS

ensure_routed()

#: session_state keys: the saved guesses (pair key -> guess; kept when the page is left) and what was revealed.
SAVED_GUESSES, REVEALED = "quiz_guesses", "quiz_revealed"

tables, source = open_table_page(
    "Predict the similarity", "Guess first: are the two words of each pair similar for this model, or unrelated? "
    "Then reveal the cosine similarity and dot product of their token-table rows, and your score.", [])
st.session_state.setdefault("quiz_pairs", LESSON_PAIRS)
st.session_state.setdefault("quiz_share", 1.0)
st.session_state.setdefault(SAVED_GUESSES, {})

setup = st.columns([2, 1])
setup[0].text_area("Pairs, one a line, two words separated by a comma", key="quiz_pairs", height=170,
                  max_chars=PAIRS_CHARS)
setup[1].number_input("similar means: among the nearest ... % of the vocabulary", min_value=0.01, max_value=50.0,
                      step=0.5, key="quiz_share", format="%.2f",
                      help="The model's verdict for a pair (a, b): b's rank among a's neighbours by cosine, "
                           "against every row of the token table. A fixed cosine threshold would not do: trained "
                           "tables differ in how high their cosines run.")
try:
    resolver = get_resolver(tables, source, tables.content_hash)
    index = get_neighbour_index(tables, source, tables.content_hash)
    answers = [answer_pair(resolver, index, a, b, len(tables.vocabulary), st.session_state["quiz_share"] / 100)
               for a, b in parse_pairs(st.session_state["quiz_pairs"])]
except ExplorerError as error:
    st.error(escape_markdown(error), icon=":material/error:")
    st.stop()
show_lookup_note(resolver)

saved = st.session_state[SAVED_GUESSES]


def keep_guess(pair_key: str) -> None:
    saved[pair_key] = st.session_state[f"quiz_guess|{pair_key}"]


st.subheader("1. Your guesses")
explained: set[str] = set()
for answer in answers:
    widget = f"quiz_guess|{answer.key}"
    if widget not in st.session_state and saved.get(answer.key) in GUESSES:
        st.session_state[widget] = saved[answer.key]  # back on the page: the guess made before
    row = st.columns([1.2, 2])
    first, second = (escape_markdown(term.text.strip()) for term in (answer.first, answer.second))
    row[0].radio(f"**{first}** and **{second}**", GUESSES, index=None,
                 key=widget, horizontal=True, on_change=keep_guess, args=(answer.key,))
    for term in (answer.first, answer.second):
        if term.is_split and term.text.strip() not in explained:
            explained.add(term.text.strip())  # each split word is explained once, at its first pair
            row[1].caption(term.explain(markdown=True) + ".")

guesses = {answer.key: saved.get(answer.key) for answer in answers}
reveal_id = (source, st.session_state["quiz_pairs"], st.session_state["quiz_share"])
buttons = st.columns([1.6, 1, 3])
if buttons[0].button("Reveal the model's answer", key="quiz_reveal", type="primary"):
    st.session_state[REVEALED] = reveal_id
if buttons[1].button("Start over", key="quiz_reset"):
    saved.clear()
    for answer in answers:
        st.session_state.pop(f"quiz_guess|{answer.key}", None)
    st.session_state.pop(REVEALED, None)
    st.rerun()

if st.session_state.get(REVEALED) != reveal_id:
    unanswered = sum(guesses[a.key] is None for a in answers)
    st.caption(f"{unanswered} of {len(answers)} pairs still without a guess." if unanswered
               else "Every pair has a guess.")
    st.stop()

st.subheader("2. What the model says")
right, answered = score_guesses(answers, guesses)
frame = pd.DataFrame({
    "pair": [f"{a.first.text.strip()} · {a.second.text.strip()}" for a in answers],
    "your guess": [guesses[a.key] or "-" for a in answers],
    "cosine": [a.cosine for a in answers],
    "dot": [a.dot for a in answers],
    "rank among neighbours": [f"{a.rank:,} of {a.n_candidates + 1:,}" for a in answers],
    "model says": [a.verdict for a in answers],
    "right?": ["-" if guesses[a.key] is None else ("yes" if guesses[a.key] == a.verdict else "no") for a in answers],
})
st.dataframe(frame, hide_index=True, width="stretch",
             column_config={"cosine": st.column_config.NumberColumn(format="%.4f"),
                            "dot": st.column_config.NumberColumn(format="%.4f")})
st.metric("Your score", f"{right} of {answered}" if answered else "no guesses",
          help="Guesses that match the model's verdict, out of the pairs you guessed.")
threshold = answers[0].similar_rank
st.caption(f"A pair (a, b) counts as similar when b is among a's {threshold:,} nearest rows by cosine "
           f"({st.session_state['quiz_share']:.2f}% of the vocabulary, both words' own rows left out); "
           "the rank says where b falls. Cosine is in [-1, 1]; the dot product also grows with the rows' lengths.")
order = sorted(answers, key=lambda a: -a.cosine)
st.write("By cosine, most similar first: " + " > ".join(
    f"{escape_markdown(a.first.text.strip())} · {escape_markdown(a.second.text.strip())}" for a in order) + ".")

split = [term for a in answers for term in (a.first, a.second) if term.is_split]
if split:
    median_norm = float(np.median(index.norms[:len(tables.vocabulary)]))
    st.subheader("Words split into pieces")
    for term in dict((t.text.strip(), t) for t in split).values():
        norm = float(np.linalg.norm(resolver.vector(term)))
        st.write(f"**{escape_markdown(term.text.strip())}** is {len(term.ids)} tokens "
                 f"({' + '.join(code_span(p) for p in term.pieces)}). "
                 f"The model never looks up one row for it: it reads the pieces one at a time, at "
                 f"{len(term.ids)} positions, and only the blocks after the lookup can combine them. Here the mean "
                 f"of their rows stands in for the word: a stand-in that is no row of the table (its norm is "
                 f"{norm:.3f}, against a median row norm of {median_norm:.3f}).")
