"""Open one page of a running explorer in Chromium and check what a person would see.

Usage: python scripts/check_page.py URL OUT.png [--expect TEXT ...] [--never SELECTOR ...] [--timeout-s S]

Exits 1 (and still saves the screenshot) when the page shows a Streamlit
exception box, lacks any expected text, or showed, at any moment while it
loaded, an element a ``--never`` CSS selector names (a progress bar: the
result was computed, not read). ``--timeout-s`` is how long the page may run
(a progress bar counts as running). scripts/docker-smoke.sh runs it against
the container.
"""

import argparse
import json
import sys

from playwright.sync_api import sync_playwright

from screenshot import CHROMIUM_ARGS, save_full_page, wait_until_idle


#: Runs before the page's own scripts: records each watched selector that matches at any moment.
_WATCH_SCRIPT = """
window.__checkPageSeen = [];
const watched = SELECTORS;
new MutationObserver(() => {
  for (const selector of watched) {
    if (!window.__checkPageSeen.includes(selector) && document.querySelector(selector)) {
      window.__checkPageSeen.push(selector);
    }
  }
}).observe(document, {subtree: true, childList: true});
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("out", help="where to save the full-page PNG")
    parser.add_argument("--expect", action="append", default=[], help="text the page must show")
    parser.add_argument("--never", action="append", default=[], help="CSS selector that must never match")
    parser.add_argument("--timeout-s", type=float, default=180, help="longest the page may take to finish")
    args = parser.parse_args()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.add_init_script(_WATCH_SCRIPT.replace("SELECTORS", json.dumps(args.never)))
        page.goto(args.url)
        page.wait_for_selector("[data-testid='stApp']", timeout=60_000)
        wait_until_idle(page, timeout_ms=int(args.timeout_s * 1000))
        seen = page.evaluate("window.__checkPageSeen")
        save_full_page(page, args.out)
        text = page.inner_text("[data-testid='stApp']")
        headings = page.locator("h1").all_inner_texts()
        exceptions = page.locator("[data-testid='stException']").all_inner_texts()
        browser.close()
    problems = [f"exception box: {e[:300]}" for e in exceptions]
    problems += [f"{expected!r} not on the page" for expected in args.expect if expected not in text]
    problems += [f"{selector!r} showed while the page loaded" for selector in seen]
    title = headings[0] if headings else "(no title)"
    print(f"{args.url}: {title!r}; screenshot {args.out}")
    for problem in problems:
        print(f"FAIL {problem}", file=sys.stderr)
    if not problems:
        print("ok: " + ", ".join([f"shows {e!r}" for e in args.expect] + [f"never {a!r}" for a in args.never]
                                 + ["no exception box"]))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
