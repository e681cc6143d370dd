"""What "nothing is cut off" means in a page at a common laptop width (1400 px), as JavaScript the browser runs.

Streamlit draws a chart of fixed pixel size (``width="content"``) at that size
even when its column is narrower, and hides what overflows; a metric label
too long for its column is cut with an ellipsis. Both hid text here before.
"""

from playwright.sync_api import Page

#: ``[label, how much wider than its box]`` of each metric label that does not fit.
CLIPPED_LABELS = """() => [...document.querySelectorAll("[data-testid='stMetricLabel'] *")]
    .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => [e.textContent, e.scrollWidth - e.clientWidth])"""
#: ``[chart title, pixels past the right edge of its column]`` of each chart that overflows.
OVERFLOWING_CHARTS = """() => [...document.querySelectorAll(
        "[data-testid='stMain'] .vega-embed, [data-testid='stMain'] iframe[title$='map_component.token_map']")]
    .map(chart => {
    const box = chart.closest("[data-testid='stColumn']") || chart.closest("[data-testid='stVerticalBlock']");
    const title = chart.querySelector(".role-title-text, .gtitle");
    return [title ? title.textContent : "(untitled)",
            Math.round(chart.getBoundingClientRect().right - box.getBoundingClientRect().right)];
}).filter(([, past]) => past > 1)"""

#: ``[first column header, pixels hidden sideways]`` of each table whose columns need a sideways scroll.
SCROLLING_TABLES = """() => [...document.querySelectorAll("[data-testid='stMain'] [data-testid='stDataFrame']")]
    .map(table => [table.querySelector(".dvn-scroller"), table])
    .filter(([scroller]) => scroller && scroller.scrollWidth > scroller.clientWidth + 1)
    .map(([scroller, table]) => [table.getAttribute("aria-label") || "(table)",
                                 scroller.scrollWidth - scroller.clientWidth])"""


def cut_off_parts(page: Page) -> dict[str, list]:
    """What the open page cuts off: ``{"labels": [...], "charts": [...], "tables": [...]}``, all empty when nothing."""
    return {"labels": page.evaluate(CLIPPED_LABELS), "charts": page.evaluate(OVERFLOWING_CHARTS),
            "tables": page.evaluate(SCROLLING_TABLES)}
