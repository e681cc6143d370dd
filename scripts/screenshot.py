"""Open pages of a running explorer in Chromium and save a screenshot of each.

Usage: python scripts/screenshot.py URL OUT.png [URL OUT.png ...]
Waits for Streamlit to finish running (no "Running..." status) before each shot.
"""

import sys

from playwright.sync_api import sync_playwright

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
#: The token map component's iframe (dashboard/maps/view_component.py).
MAP_COMPONENT = "iframe[title='dashboard.maps.view_component.token_map']"


def charts_drawn(page) -> bool:
    """Every Vega-Lite chart has drawn its canvas/svg, every plotly chart and token map its plot and every
    dataframe its grid."""
    charts = page.locator(".vega-embed")
    drawn = page.locator(".vega-embed canvas, .vega-embed svg.marks")
    plotly = page.locator("[data-testid='stPlotlyChart']")
    plotted = page.locator("[data-testid='stPlotlyChart'] .js-plotly-plot .main-svg")
    frames = page.locator("[data-testid='stDataFrame']")
    grids = page.locator("[data-testid='stDataFrame'] canvas, [data-testid='stDataFrameResizable']")
    maps = page.locator(MAP_COMPONENT)  # the token map component: plotly.js in its own iframe
    mapped = sum(page.frame_locator(MAP_COMPONENT).nth(k).locator(".js-plotly-plot .main-svg").count() > 0
                 for k in range(maps.count()))
    return (drawn.count() >= charts.count() and plotted.count() >= plotly.count()
            and grids.count() >= frames.count() and mapped >= maps.count())


def wait_until_idle(page, timeout_ms: int = 180_000) -> None:
    """Wait until the script has finished: no spinner, no progress bar, no running status, three checks in a row.

    Streamlit marks the app ``data-test-script-state="notRunning"`` once a run is
    over; a cold server's first run can take seconds before any spinner shows.
    """
    quiet = 0
    for _ in range(timeout_ms // 500):
        page.wait_for_timeout(500)
        # A progress bar is a background job (the Token map's UMAP) whose result will replace what is drawn.
        busy = page.locator("[data-testid='stSpinner'], [data-testid='stStatusWidget'], "
                            "[data-testid='stProgress']").count()
        finished = page.locator("[data-testid='stApp'][data-test-script-state='notRunning']").count()
        quiet = quiet + 1 if busy == 0 and finished else 0
        if quiet >= 3 and charts_drawn(page):
            return
    raise TimeoutError(f"{page.url} still running after {timeout_ms} ms")


def save_full_page(page, path: str) -> None:
    """Screenshot the whole page, however long.

    Streamlit scrolls its main area inside the window, so Playwright's
    ``full_page`` stops at the window's edge: grow the window to the content
    for the shot, then put it back.
    """
    size = page.viewport_size
    content = page.evaluate("document.querySelector(\"[data-testid='stMain']\")?.scrollHeight ?? 0")
    if content > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": content + 40})
        wait_until_idle(page)  # charts drawn at width="stretch" re-render on resize
    page.screenshot(path=path, full_page=True)
    page.set_viewport_size(size)


def main(pairs: list[str]) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1700})
        for url, out in zip(pairs[::2], pairs[1::2]):
            page.goto(url)
            page.wait_for_selector("[data-testid='stApp']", timeout=60_000)
            wait_until_idle(page)
            save_full_page(page, out)
            print(out)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
