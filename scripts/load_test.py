"""A bounded load test of the explorer on loopback: N browser sessions at once, page times and server memory.

Usage: python scripts/load_test.py [--sessions N] [--rounds R] [--timeout-s S] [--out FILE.json]

Starts its own ``streamlit run app.py`` on 127.0.0.1 (a free port; nothing
else is contacted), then opens N Chromium sessions (one browser, N contexts:
own cookies, own Streamlit session each) that all start together and each
open :data:`PAGES` in turn, ``R`` times. A page's time runs from navigation
to drawn (the script finished, every chart and table drawn: the benchmarks'
``DRAWN_JS``). The server's resident memory (the process and its children)
is sampled every 0.2 s. Everything is bounded: at most
:data:`MAX_SESSIONS` sessions and :data:`MAX_ROUNDS` rounds, one deadline
for the whole run, 120 s per page. The browser runs on the same machine, so
on 2 cores its work is counted against the server's: the figures are an
upper bound on page times. The numba warm-up is off (``EXPLORER_WARM_UMAP=0``):
a server for a class has finished it before the students arrive.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import threading
import time
from pathlib import Path

import numpy as np
import psutil
from playwright.async_api import async_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.browser_session import CHROMIUM, DRAWN_JS  # noqa: E402
from scripts.local_server import free_port, run_streamlit  # noqa: E402
from scripts.screenshot import CHROMIUM_ARGS  # noqa: E402

#: What a student does in the first lesson, on the bundled default checkpoint.
PAGES = ("/", "/neighbours?query=cat", "/similarity", "/token_map?method=pca", "/positions")
MAX_SESSIONS = 30
MAX_ROUNDS = 5
PAGE_TIMEOUT_MS = 120_000


def sample_rss(pid: int, stop: threading.Event, peak: list[int]) -> None:
    """Keep ``peak[0]`` at the largest RSS in bytes of ``pid`` and its children until ``stop`` is set."""
    process = psutil.Process(pid)
    while not stop.is_set():
        try:
            total = process.memory_info().rss + sum(c.memory_info().rss for c in process.children(recursive=True))
        except psutil.Error:
            total = 0
        peak[0] = max(peak[0], total)
        stop.wait(0.2)


async def run_session(browser, base: str, rounds: int, times: list[tuple[str, float]], errors: list[str]) -> None:
    context = await browser.new_context(viewport={"width": 1400, "height": 1000})
    page = await context.new_page()
    try:
        for _ in range(rounds):
            for path in PAGES:
                start = time.perf_counter()
                try:
                    await page.goto(base + path, timeout=PAGE_TIMEOUT_MS)
                    await page.wait_for_function(DRAWN_JS, arg="finished", timeout=PAGE_TIMEOUT_MS, polling=100)
                    times.append((path, time.perf_counter() - start))
                except Exception as error:  # noqa: BLE001 - a page that did not draw is a result, not a crash
                    errors.append(f"{path}: {type(error).__name__}: {str(error).splitlines()[0][:200]}")
    finally:
        await context.close()


async def load(base: str, sessions: int, rounds: int, deadline_s: float):
    times: list[tuple[str, float]] = []
    errors: list[str] = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            await asyncio.wait_for(asyncio.gather(*(run_session(browser, base, rounds, times, errors)
                                                   for _ in range(sessions))), deadline_s)
        except asyncio.TimeoutError:
            errors.append(f"the whole run passed its {deadline_s:.0f} s deadline")
        finally:
            await browser.close()
    return times, errors


def summarise(times: list[tuple[str, float]]) -> dict:
    seconds = np.array([t for _, t in times]) if times else np.zeros(0)
    by_page = {path: [t for p, t in times if p == path] for path in PAGES}
    figure = (lambda a, q: round(float(np.percentile(a, q)), 2) if len(a) else None)
    return {"pages_drawn": len(times), "p50_s": figure(seconds, 50), "p95_s": figure(seconds, 95),
            "max_s": round(float(seconds.max()), 2) if len(seconds) else None,
            "by_page_p50_s": {path: figure(np.array(v), 50) for path, v in by_page.items()}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--timeout-s", type=float, default=900, help="deadline for the whole run")
    parser.add_argument("--out", type=Path, help="append the result as one JSON line")
    args = parser.parse_args()
    if not 1 <= args.sessions <= MAX_SESSIONS or not 1 <= args.rounds <= MAX_ROUNDS:
        parser.error(f"--sessions must be in [1, {MAX_SESSIONS}] and --rounds in [1, {MAX_ROUNDS}]")
    log = Path("/tmp") / f"load-test-{args.sessions}.log"
    with run_streamlit(port=free_port(), log_path=log, env={"EXPLORER_WARM_UMAP": "0"}) as server:
        idle_rss = psutil.Process(server.pid).memory_info().rss
        stop, peak = threading.Event(), [0]
        sampler = threading.Thread(target=sample_rss, args=(server.pid, stop, peak), daemon=True)
        sampler.start()
        started = time.perf_counter()
        times, errors = asyncio.run(load(server.url, args.sessions, args.rounds, args.timeout_s))
        wall = time.perf_counter() - started
        stop.set()
        sampler.join()
    result = {"sessions": args.sessions, "rounds": args.rounds, "pages_asked": args.sessions * args.rounds * len(PAGES),
              **summarise(times), "errors": errors, "wall_s": round(wall, 1),
              "server_rss_after_start_mb": round(idle_rss / 2**20), "server_peak_rss_mb": round(peak[0] / 2**20),
              "cores": psutil.cpu_count(), "load_average_1min_at_end": round(psutil.getloadavg()[0], 1)}
    print(json.dumps(result))
    if args.out:
        with open(args.out, "a") as handle:
            handle.write(json.dumps(result) + "\n")
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
