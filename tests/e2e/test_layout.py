"""Nothing is cut off at a common laptop width (1400 px): metric labels and charts fit their boxes.

Streamlit draws a chart of fixed pixel size (``width="content"``) at that size
even when its column is narrower, and hides what overflows; a metric label
too long for its column is cut with an ellipsis. Both hid text here before.
"""

import pytest

from tests.e2e.app_pages import read_app_pages
from tests.e2e.browser import open_page

PAGES = read_app_pages()

#: ``[label, how much wider than its box]`` of each metric label that does not fit.
CLIPPED_LABELS = """() => [...document.querySelectorAll("[data-testid='stMetricLabel'] *")]
    .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => [e.textContent, e.scrollWidth - e.clientWidth])"""
#: ``[chart title, pixels past the right edge of its column]`` of each chart that overflows.
OVERFLOWING_CHARTS = """() => [...document.querySelectorAll("[data-testid='stMain'] .vega-embed")].map(chart => {
    const box = chart.closest("[data-testid='stColumn']") || chart.closest("[data-testid='stVerticalBlock']");
    const title = chart.querySelector(".role-title-text");
    return [title ? title.textContent : "(untitled)",
            Math.round(chart.getBoundingClientRect().right - box.getBoundingClientRect().right)];
}).filter(([, past]) => past > 1)"""

#: ``[first column header, pixels hidden sideways]`` of each table whose columns need a sideways scroll.
SCROLLING_TABLES = """() => [...document.querySelectorAll("[data-testid='stMain'] [data-testid='stDataFrame']")]
    .map(table => [table.querySelector(".dvn-scroller"), table])
    .filter(([scroller]) => scroller && scroller.scrollWidth > scroller.clientWidth + 1)
    .map(([scroller, table]) => [table.getAttribute("aria-label") || "(table)",
                                 scroller.scrollWidth - scroller.clientWidth])"""


@pytest.mark.parametrize("app_page", PAGES, ids=[p.title for p in PAGES])
def test_nothing_is_cut_off_at_1400_px(page, app_url, app_page):
    open_page(page, app_page.url(app_url))
    assert page.viewport_size["width"] == 1400
    assert page.evaluate(CLIPPED_LABELS) == []
    assert page.evaluate(OVERFLOWING_CHARTS) == []
    assert page.evaluate(SCROLLING_TABLES) == []  # the neighbour table hid norm and category so


def test_the_3d_token_map_fits_at_1400_px(page, app_url):
    # Three views side by side at 280 px each ran about 140 px past the page's right edge.
    open_page(page, f"{app_url}/token_map?dims=3")
    assert page.locator("[data-testid='stMain'] .vega-embed").count() == 1
    assert page.evaluate(OVERFLOWING_CHARTS) == []


#: ``[value, how much wider than its box]`` of each metric value cut with an ellipsis.
CLIPPED_VALUES = """() => [...document.querySelectorAll("[data-testid='stMetricValue'], [data-testid='stMetricValue'] *")]
    .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => [e.textContent, e.scrollWidth - e.clientWidth])"""


def test_the_overview_total_is_not_cut_off_at_1024_px(page, app_url):
    # Four equal columns left the total's column too narrow at 1,024 px: "22,71…".
    page.set_viewport_size({"width": 1024, "height": 1000})
    open_page(page, app_url)
    values = page.locator("[data-testid='stMetricValue']").all_inner_texts()
    assert any(value.strip().replace(",", "").isdigit() and len(value.strip()) >= 9 for value in values), values
    assert page.evaluate(CLIPPED_VALUES) == []
    assert page.evaluate(CLIPPED_LABELS) == []
