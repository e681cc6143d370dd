"""Nothing is cut off at the widths users have; every page at 1400 px is checked in test_pages.py, once opened."""

from tests.e2e.browser import open_page
from tests.e2e.layout_checks import CLIPPED_LABELS, OVERFLOWING_CHARTS
from tests.e2e.test_token_map import CHART, COMPONENT, map_frame


def test_the_3d_token_map_fits_at_1400_px(page, app_url):
    # Three Vega-Lite views side by side at 280 px each once ran about 140 px past the page's right edge.
    open_page(page, f"{app_url}/token_map?dims=3")
    assert page.locator(f"[data-testid='stMain'] {COMPONENT}").count() == 1
    assert page.evaluate(OVERFLOWING_CHARTS) == []
    # Inside the component's frame, plotly's scene is no wider than the frame.
    chart = map_frame(page)
    assert chart.evaluate(f"() => document.querySelector('{CHART}').getBoundingClientRect().right") <= \
        chart.evaluate("() => document.documentElement.clientWidth") + 1


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
