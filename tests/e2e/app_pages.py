"""The app's pages, from ``dashboard.ui.navigation.PAGES`` (the one place pages are declared).

Read from the declaration, not from the sidebar, because Streamlit hides the
navigation while an app has a single page, and so that a page added there is
covered by the browser tests without touching them. URL paths follow
Streamlit's own rule (``streamlit.navigation.page``): the file name without
its leading number and icon.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from streamlit.navigation.page import page_icon_and_name

from dashboard.ui.navigation import PAGES

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class AppPage:
    """One page: ``script`` relative to the app's folder, ``url_path`` without slashes."""

    script: str
    title: str
    url_path: str
    default: bool

    def url(self, base: str) -> str:
        """Where a browser opens this page on the app served at ``base`` (no trailing slash)."""
        return f"{base}/" if self.default else f"{base}/{self.url_path}"


def read_app_pages() -> list[AppPage]:
    """Every declared page, in navigation order; the first is the default."""
    return [AppPage(script=spec.path, title=spec.title, url_path=page_icon_and_name(ROOT / spec.path)[1],
                    default=(i == 0)) for i, spec in enumerate(PAGES)]
