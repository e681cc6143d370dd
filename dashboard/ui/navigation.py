"""The app's pages, declared once, and the guard that keeps every page behind the router.

Why the guard: Streamlit still honours its older multipage mode, in which a
``pages/`` folder next to the entrypoint makes every file there a page of its
own. Until the first run of ``app.py`` calls ``st.navigation`` in a server
process, a browser that opens a page's URL directly (``/positions?model=...``)
gets that file run alone: no sidebar, no router. :func:`ensure_routed`, the
first call of every page, notices that and hands the run to the router with
public API only (``st.navigation`` then ``st.rerun``); the URL and its query
parameters are kept.
"""

from __future__ import annotations

from typing import NamedTuple

import streamlit as st

_ROUTED = "_routed_by_app"


class PageSpec(NamedTuple):
    """One page: its script, its title in the navigation, its icon and the navigation section it sits in."""

    path: str
    title: str
    icon: str
    section: str


#: Navigation sections, in order: what a student meets first, then the tables themselves, then training.
START, LESSONS, EXPLORE, TRAINING = "Start", "Lessons, hands-on", "Explore the tables", "Training and comparison"

#: Every page of the app, in navigation order (grouped by section); the first is the default.
PAGES: tuple[PageSpec, ...] = (
    PageSpec("pages/overview.py", "Overview", ":material/table_chart:", START),
    PageSpec("pages/load.py", "Load a checkpoint", ":material/upload_file:", START),
    PageSpec("pages/lookup.py", "The lookup, on real rows", ":material/table_rows:", LESSONS),
    PageSpec("pages/similarity_quiz.py", "Predict the similarity", ":material/quiz:", LESSONS),
    PageSpec("pages/parameter_calculator.py", "Parameter calculator", ":material/calculate:", LESSONS),
    PageSpec("pages/perturb.py", "Perturb and watch", ":material/tune:", LESSONS),
    PageSpec("pages/initialisation.py", "Where training starts", ":material/start:", LESSONS),
    PageSpec("pages/token_map.py", "Token map", ":material/scatter_plot:", EXPLORE),
    PageSpec("pages/neighbours.py", "Nearest neighbours", ":material/hub:", EXPLORE),
    PageSpec("pages/similarity.py", "Similarity heatmap", ":material/grid_view:", EXPLORE),
    PageSpec("pages/positions.py", "Positions", ":material/timeline:", EXPLORE),
    PageSpec("pages/reorder.py", "Sentence reorder", ":material/swap_horiz:", EXPLORE),
    PageSpec("pages/training.py", "Training", ":material/model_training:", TRAINING),
    PageSpec("pages/compare.py", "Compare two checkpoints", ":material/compare_arrows:", TRAINING),
    PageSpec("pages/undertrained.py", "Under-trained tokens", ":material/phishing:", TRAINING),
)


def _streamlit_pages() -> dict[str, list]:
    """Section title -> its ``st.Page`` objects, in :data:`PAGES` order."""
    sections: dict[str, list] = {}
    for i, spec in enumerate(PAGES):
        page = st.Page(spec.path, title=spec.title, icon=spec.icon, default=(i == 0))
        sections.setdefault(spec.section, []).append(page)
    return sections


def build_navigation():
    """``st.navigation`` over :data:`PAGES`; marks this run as routed by the app."""
    navigation = st.navigation(_streamlit_pages(), expanded=True)  # every page in view, none behind "View more"
    st.session_state[_ROUTED] = True
    return navigation


def ensure_routed() -> None:
    """First line of every page: rerun through the router if Streamlit ran this page alone."""
    if not st.session_state.get(_ROUTED):
        st.navigation(_streamlit_pages(), expanded=True)  # switches Streamlit from the pages/ folder mode to ours
        st.rerun()
