"""The app's pages, declared once, and the guard that keeps every page behind the router.

Streamlit still honours its older multipage mode (every file of ``pages/`` is a page), so until ``app.py`` first calls
``st.navigation`` in a server process, a page URL opened directly runs that file alone: no sidebar, no router.
:func:`ensure_routed`, every page's first call, hands such a run to the router (``st.navigation`` then ``st.rerun``),
keeping the URL and its query parameters.
"""

from __future__ import annotations

from typing import NamedTuple

import streamlit as st

from dashboard.i18n import t
from dashboard.ui.language import apply_language

_ROUTED = "_routed_by_app"


class PageSpec(NamedTuple):
    """One page: its script, its catalogue key (``nav.overview``), its icon and its section's catalogue key."""

    path: str
    key: str
    icon: str
    section: str

    @property
    def title(self) -> str:
        """The page's title in the active language (as a ``str``, the English one when none is set)."""
        return t(self.key)


#: Navigation sections' catalogue keys, in order: what a student meets first, then the tables, then training.
START, LESSONS, EXPLORE, TRAINING = ("nav.section.start", "nav.section.lessons", "nav.section.explore",
                                     "nav.section.training")

#: Every page of the app, in navigation order (grouped by section); the first is the default.
PAGES: tuple[PageSpec, ...] = (
    PageSpec("pages/overview.py", "nav.overview", ":material/table_chart:", START),
    PageSpec("pages/load.py", "nav.load", ":material/upload_file:", START),
    PageSpec("pages/lookup.py", "nav.lookup", ":material/table_rows:", LESSONS),
    PageSpec("pages/similarity_quiz.py", "nav.similarity_quiz", ":material/quiz:", LESSONS),
    PageSpec("pages/parameter_calculator.py", "nav.parameter_calculator", ":material/calculate:", LESSONS),
    PageSpec("pages/perturb.py", "nav.perturb", ":material/tune:", LESSONS),
    PageSpec("pages/initialisation.py", "nav.initialisation", ":material/start:", LESSONS),
    PageSpec("pages/token_map.py", "nav.token_map", ":material/scatter_plot:", EXPLORE),
    PageSpec("pages/neighbours.py", "nav.neighbours", ":material/hub:", EXPLORE),
    PageSpec("pages/similarity.py", "nav.similarity", ":material/grid_view:", EXPLORE),
    PageSpec("pages/positions.py", "nav.positions", ":material/timeline:", EXPLORE),
    PageSpec("pages/reorder.py", "nav.reorder", ":material/swap_horiz:", EXPLORE),
    PageSpec("pages/training.py", "nav.training", ":material/model_training:", TRAINING),
    PageSpec("pages/compare.py", "nav.compare", ":material/compare_arrows:", TRAINING),
    PageSpec("pages/undertrained.py", "nav.undertrained", ":material/phishing:", TRAINING),
)


def _streamlit_pages() -> dict[str, list]:
    """Section title -> its ``st.Page`` objects in :data:`PAGES` order, titled in the active language (URLs come from
    script names, so they are the same in every language)."""
    sections: dict[str, list] = {}
    for i, spec in enumerate(PAGES):
        page = st.Page(spec.path, title=spec.title, icon=spec.icon, default=(i == 0))
        sections.setdefault(t(spec.section), []).append(page)
    return sections


def build_navigation():
    """``st.navigation`` over :data:`PAGES`; marks this run as routed by the app."""
    navigation = st.navigation(_streamlit_pages(), expanded=True)  # every page in view, none behind "View more"
    st.session_state[_ROUTED] = True
    return navigation


def ensure_routed() -> None:
    """First line of every page: set the session's language, and rerun through the router if Streamlit ran this page
    alone."""
    apply_language()
    if not st.session_state.get(_ROUTED):
        st.navigation(_streamlit_pages(), expanded=True)  # switches Streamlit from the pages/ folder mode to ours
        st.rerun()
