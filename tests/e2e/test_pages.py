"""Every page of the app, opened in Chromium in English and in Korean (``?lang=ko``): it draws, with no exception
box, no error and nothing cut off, and in Korean its navigation and heading are Korean.

The page list is read from app.py, so a page added there is covered here
without editing this file. Screenshots land in artifacts/screenshots/ (the Korean ones as ko-*.png).
"""

import re

import pytest

from dashboard.i18n import msg, render
from dashboard.ui.navigation import PAGES as SPECS
from tests.e2e.app_pages import read_app_pages
from tests.e2e.browser import (error_texts, exception_texts, metric_values, nav_link_texts, open_page,
                               save_screenshot, settle)
from tests.e2e.layout_checks import cut_off_parts

PAGES = read_app_pages()
KOREAN_TITLES = [render(msg(spec.key), "ko") for spec in SPECS]
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def with_lang(url: str, lang: str = "ko") -> str:
    """``url`` asking for the pages' language ``lang``."""
    return f"{url}{'&' if '?' in url else '?'}lang={lang}"


@pytest.mark.parametrize("app_page", PAGES, ids=[p.title for p in PAGES])
def test_page_draws_without_errors_and_cuts_nothing_off_at_1400_px_in_english_and_korean(page, app_url, app_page):
    open_page(page, app_page.url(app_url))
    save_screenshot(page, app_page.title)
    assert exception_texts(page) == []
    assert error_texts(page) == []
    main = page.locator("[data-testid='stMain'] [data-testid='stElementContainer']")
    assert main.count() > 0, f"{app_page.title} drew nothing in the main area"
    assert page.viewport_size["width"] == 1400
    # the neighbour table hid norm and category behind a sideways scroll once; metric labels and charts were cut
    assert cut_off_parts(page) == {"labels": [], "charts": [], "tables": []}

    open_page(page, with_lang(app_page.url(app_url)))
    save_screenshot(page, f"ko-{app_page.url_path or 'overview'}")
    assert exception_texts(page) == [] and error_texts(page) == []
    assert nav_link_texts(page) == KOREAN_TITLES
    heading = page.locator("[data-testid='stMain'] h1").first.inner_text()
    assert _HANGUL.search(heading), heading


def test_navigation_lists_every_page(page, app_url):
    open_page(page, app_url + "/")
    titles = [p.title for p in PAGES]
    # Streamlit hides the navigation while there is a single page.
    assert nav_link_texts(page) == (titles if len(titles) > 1 else [])


def test_overview_shows_the_default_models_numbers(page, app_url):
    open_page(page, app_url + "/")
    assert page.locator("h1").first.inner_text().startswith("Overview: all-minilm-l6-v2")
    # On a loaded machine the run can look idle between two reruns with only part of the page drawn: wait for the
    # fourth metric before reading them.
    page.locator("[data-testid='stMetric']").nth(3).wait_for(timeout=60_000)
    settle(page)
    metrics = metric_values(page)
    assert metrics == {"vocab_size": "30,522", "d_model": "384", "n_positions": "512",
                       "total parameters": "22,713,216"}
    grid = page.locator("[data-testid='stDataFrame']")
    assert grid.count() == 1
    assert page.locator(".vega-embed canvas, .vega-embed svg.marks").count() >= 1
    assert "no head" in page.locator("[data-testid='stAlert']").first.inner_text()
