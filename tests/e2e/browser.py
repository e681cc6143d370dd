"""What the browser tests do to a page: open it, wait for it to draw, read what went wrong, save a shot.

The waiting is scripts/screenshot.py's (no spinner or running status, every
chart drawn, every dataframe's grid drawn), so tests and screenshots agree.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from scripts.screenshot import CHROMIUM_ARGS, save_full_page, wait_until_idle

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = ROOT / "artifacts" / "screenshots"

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "SCREENSHOTS", "open_page", "settle", "exception_texts", "error_texts",
           "metric_values", "save_screenshot", "nav_link_texts", "click_nav_link"]


def settle(page: Page) -> None:
    """Wait until the app has finished its run and drawn every chart and table."""
    page.wait_for_selector("[data-testid='stApp']", timeout=60_000)
    wait_until_idle(page)


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    settle(page)


def exception_texts(page: Page) -> list[str]:
    """The text of every Streamlit exception box (a traceback the user would see)."""
    return page.locator("[data-testid='stException']").all_inner_texts()


def error_texts(page: Page) -> list[str]:
    """The text of every st.error alert."""
    return page.locator("[data-testid='stAlert']:has([data-testid='stAlertContentError'])").all_inner_texts()


def metric_values(page: Page) -> dict[str, str]:
    """``st.metric`` label -> value as shown (``{"vocab_size": "30,522", ...}``)."""
    # Label and value read from the same metric: two separate lists fall out of step when a
    # rerun has drawn some metrics and not yet the others (seen on a loaded machine).
    shown = {}
    for metric in page.locator("[data-testid='stMetric']").all():
        label = metric.locator("[data-testid='stMetricLabel']").inner_text().strip()
        shown[label] = metric.locator("[data-testid='stMetricValue']").inner_text().strip()
    return shown


_NAV_LINK = "[data-testid='stSidebarNavLink']"


def nav_link_texts(page: Page) -> list[str]:
    """Titles in the sidebar's page navigation, expanding it when Streamlit folded some away.

    A link's text also holds its Material icon's name (``table_chart``), which is not part of the title.
    """
    more = page.locator("[data-testid='stSidebarNavViewButton']")
    if more.count() and "more" in more.inner_text().lower():
        more.click()
    return page.locator(_NAV_LINK).evaluate_all("""links => links.map(link => {
        const label = link.cloneNode(true);
        label.querySelectorAll("[data-testid='stIconMaterial']").forEach(icon => icon.remove());
        return label.textContent.trim();
    })""")


def click_nav_link(page: Page, title: str) -> None:
    """Go to the page called ``title`` through the sidebar, in the same session, and wait for it."""
    titles = nav_link_texts(page)
    assert title in titles, f"no {title!r} in the navigation: {titles}"
    page.locator(_NAV_LINK).nth(titles.index(title)).click()
    settle(page)


def save_screenshot(page: Page, name: str) -> Path:
    """Full-page PNG in artifacts/screenshots/, named after ``name`` in lower-case-with-dashes."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") + ".png")
    save_full_page(page, str(path))
    return path
