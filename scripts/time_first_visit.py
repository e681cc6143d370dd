"""Time visits of one page of a running explorer in Chromium, each in a new session, from navigation until the
app is idle with the page's result on screen.

Usage: python scripts/time_first_visit.py URL [--sessions 2] [--result SELECTOR] [--timeout-s S] [--screenshot OUT.png]

Each session is a fresh browser context (an empty browser cache and a new Streamlit session), opened after the
one before has finished. "Done" is checked every 100 ms: Streamlit says the script is not running, no spinner
or progress bar shows, and the ``--result`` CSS selector (default: a dataframe drawn in the main area, the
Perturb page's top-5 table) matches. Prints one JSON object: the URL and, per session, the seconds to the
page's title (``h1``) and to done. Exits 1 when a session shows an exception box or is not done in time.
docs/deploy.md ("SmolLM2's Perturb page on a fresh server") gives the figures it measured.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout, sync_playwright

from screenshot import CHROMIUM_ARGS

#: Perturb's result: its top-5 table, with its grid drawn.
DEFAULT_RESULT = "[data-testid='stMain'] [data-testid='stDataFrame'] canvas"

_DONE_JS = """(result) => {
  const app = document.querySelector("[data-testid='stApp']");
  if (!app || app.getAttribute("data-test-script-state") !== "notRunning") return false;
  if (document.querySelector("[data-testid='stSpinner'], [data-testid='stProgress']")) return false;
  return Boolean(document.querySelector(result));
}"""


def visit(browser, url: str, result: str, timeout_s: float, screenshot: str | None) -> dict:
    """One new session's visit: ``{"title_s", "done_s", "exceptions"}``."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_selector("[data-testid='stMain'] h1", timeout=timeout_s * 1000)
        title_s = time.perf_counter() - start
        page.wait_for_function(_DONE_JS, arg=result, timeout=timeout_s * 1000, polling=100)
        done_s = time.perf_counter() - start
        exceptions = page.locator("[data-testid='stException']").all_inner_texts()
        if screenshot:
            page.screenshot(path=screenshot)
        return {"title_s": round(title_s, 2), "done_s": round(done_s, 2), "exceptions": exceptions}
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--sessions", type=int, default=2, help="visits, one after another (default 2)")
    parser.add_argument("--result", default=DEFAULT_RESULT, help="CSS selector of the page's result")
    parser.add_argument("--timeout-s", type=float, default=600, help="longest one visit may take")
    parser.add_argument("--screenshot", default=None, help="PNG of the first session's page when done")
    args = parser.parse_args()
    visits = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            for i in range(args.sessions):
                try:
                    visits.append(visit(browser, args.url, args.result, args.timeout_s,
                                        args.screenshot if i == 0 else None))
                except PlaywrightTimeout as error:
                    visits.append({"error": str(error).splitlines()[0]})
        finally:
            browser.close()
    print(json.dumps({"url": args.url, "visits": visits}))
    return 1 if any("error" in v or v["exceptions"] for v in visits) else 0


if __name__ == "__main__":
    sys.exit(main())
