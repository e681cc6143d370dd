"""Open one page of a running explorer in Chromium and check what a person would see.

Usage: python scripts/check_page.py URL OUT.png [--expect TEXT ...]

Exits 1 (and still saves the screenshot) when the page shows a Streamlit
exception box or lacks any expected text. scripts/docker-smoke.sh runs it
against the container.
"""

import argparse
import sys

from playwright.sync_api import sync_playwright

from screenshot import CHROMIUM_ARGS, save_full_page, wait_until_idle


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("out", help="where to save the full-page PNG")
    parser.add_argument("--expect", action="append", default=[], help="text the page must show")
    args = parser.parse_args()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(args.url)
        page.wait_for_selector("[data-testid='stApp']", timeout=60_000)
        wait_until_idle(page)
        save_full_page(page, args.out)
        text = page.inner_text("[data-testid='stApp']")
        headings = page.locator("h1").all_inner_texts()
        exceptions = page.locator("[data-testid='stException']").all_inner_texts()
        browser.close()
    problems = [f"exception box: {e[:300]}" for e in exceptions]
    problems += [f"{expected!r} not on the page" for expected in args.expect if expected not in text]
    title = headings[0] if headings else "(no title)"
    print(f"{args.url}: {title!r}; screenshot {args.out}")
    for problem in problems:
        print(f"FAIL {problem}", file=sys.stderr)
    if not problems:
        print("ok: " + ", ".join([f"shows {e!r}" for e in args.expect] + ["no exception box"]))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
