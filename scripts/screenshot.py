"""Open pages of a running explorer in Chromium and save a screenshot of each.

Usage: python scripts/screenshot.py URL OUT.png [URL OUT.png ...]
Waits for Streamlit to finish running (no "Running..." status) before each shot.
"""

import sys

from playwright.sync_api import sync_playwright

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def charts_drawn(page) -> bool:
    """Every Vega-Lite chart has drawn its canvas/svg and every dataframe its grid."""
    charts = page.locator(".vega-embed")
    drawn = page.locator(".vega-embed canvas, .vega-embed svg.marks")
    frames = page.locator("[data-testid='stDataFrame']")
    grids = page.locator("[data-testid='stDataFrame'] canvas, [data-testid='stDataFrameResizable']")
    return drawn.count() >= charts.count() and grids.count() >= frames.count()


def wait_until_idle(page, timeout_ms: int = 180_000) -> None:
    """Wait until the script has finished: no spinner, no running status, twice in a row."""
    quiet = 0
    for _ in range(timeout_ms // 500):
        page.wait_for_timeout(500)
        busy = page.locator("[data-testid='stSpinner'], [data-testid='stStatusWidget']").count()
        quiet = quiet + 1 if busy == 0 else 0
        if quiet >= 3 and charts_drawn(page):
            return
    raise TimeoutError(f"{page.url} still running after {timeout_ms} ms")


def main(pairs: list[str]) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1700})
        for url, out in zip(pairs[::2], pairs[1::2]):
            page.goto(url)
            page.wait_for_selector("[data-testid='stApp']", timeout=60_000)
            wait_until_idle(page)
            page.screenshot(path=out, full_page=True)
            print(out)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
