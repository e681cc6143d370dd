"""One student of the class load test (``scripts/load_test.py``): a Chromium context that follows its plan.

A page is timed from the navigation (``page.goto`` or the click on a sidebar link)
until the app is idle, which means both of:

1. the server has finished the page's script and sent everything: the page's WebSocket
   has received a ``ForwardMsg`` whose ``script_finished`` (field 6) is ``FINISHED_SUCCESSFULLY``
   after the navigation (Streamlit sends it after the run's last element, on the same
   socket, so every element has arrived; a run cut short by ``st.rerun``, a fragment's
   run and a compile error do not count). :data:`COUNT_RUNS_JS`, added to every page
   before Streamlit's own code, counts these messages and notes when the last came;
2. the DOM agrees (:data:`SETTLED_JS`): ``stApp`` says ``data-test-script-state="notRunning"``
   and ``data-test-connection-state="CONNECTED"``, the status widget shows no running icon,
   and the main block holds at least one element.

The first alone can be fooled by nothing in the DOM; the second alone by a fast run whose
"running" state React never drew, or by the previous page still showing after a click.
Charts are not waited for: drawing is the browser's work, not the server's. Each page's
time is also kept as the moment (1) was seen (``frame_s``), so the browser's share can be told
apart. The count is kept in the page, not read from the DevTools protocol's WebSocket events,
which would carry every frame (charts of megabytes) to this process on the browser's core.

A page counts as an error when it shows ``stException`` (a traceback) or does not become
idle within the page timeout; ``st.error`` alerts are kept apart (``alerts``). The UMAP
request (the plan's last step) counts as done when a caption says ``UMAP to 2D``
(:data:`HEAVY_JS`), as queued when the page still shows its ``stProgress`` element at the
end of the class (waiting with its place in line, or running).
"""

from __future__ import annotations

import asyncio
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

#: Added to every page before Streamlit's code: wraps ``WebSocket`` to count the messages that end a run
#: successfully (``window.__explorerRuns``: how many, and ``Date.now()`` of the last, ms). A message is read as
#: protobuf fields only when under 1 KB: a bare ``script_finished`` is about 10 bytes.
COUNT_RUNS_JS = """(() => {
  const runs = window.__explorerRuns = {finished: 0, at: 0};
  const endsRun = bytes => {  // ForwardMsg field 6 (script_finished), varint 0 (FINISHED_SUCCESSFULLY)?
    let i = 0;
    const varint = () => { let v = 0, scale = 1, b; do { b = bytes[i++]; v += (b & 127) * scale; scale *= 128; }
                           while (b & 128 && i < bytes.length); return v; };
    while (i < bytes.length) {
      const tag = varint(), wire = tag % 8;
      if (wire === 0) { const value = varint(); if (tag >> 3 === 6) return value === 0; }
      else if (wire === 2) { const length = varint(); i += length; }  // not i += varint(): i is read first
      else if (wire === 1) i += 8;
      else if (wire === 5) i += 4;
      else return false;
    }
    return false;
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", event => {
        if (event.data instanceof ArrayBuffer && event.data.byteLength < 1024 && endsRun(new Uint8Array(event.data))) {
          runs.finished += 1;
          runs.at = Date.now();
        }
      });
    }
  };
})();"""
#: The app idle after more than ``before`` finished runs; returns when the last run's message came (ms since
#: the epoch) and the texts of exceptions and error alerts, or null while busy.
SETTLED_JS = """(before) => {
  const runs = window.__explorerRuns;
  if (!runs || runs.finished <= before) return null;
  const app = document.querySelector("[data-testid='stApp']");
  if (!app || app.getAttribute("data-test-script-state") !== "notRunning") return null;
  if (app.getAttribute("data-test-connection-state") !== "CONNECTED") return null;
  if (document.querySelector("[data-testid^='stStatusWidgetRunning']")) return null;
  if (!document.querySelector("[data-testid='stMain'] [data-testid='stElementContainer']")) return null;
  const texts = sel => [...document.querySelectorAll(sel)].map(e => e.textContent.trim().slice(0, 300));
  return {at: runs.at, exceptions: texts("[data-testid='stException']"),
          alerts: texts("[data-testid='stAlertContentError']")};
}"""
RUNS_JS = "() => window.__explorerRuns ? window.__explorerRuns.finished : 0"
#: Where the UMAP request stands: ``done`` (a caption names the map ``UMAP to 2D``), ``queued`` (its progress
#: element shows, waiting in line or running) or ``none``.
HEAVY_JS = """() => {
  const captions = [...document.querySelectorAll("[data-testid='stCaptionContainer']")];
  if (captions.some(c => c.textContent.includes("UMAP to 2D"))) return "done";
  return document.querySelector("[data-testid='stProgress']") ? "queued" : "none";
}"""
HEAVY_POLL_S = 2.0


@dataclass(frozen=True)
class Step:
    """One thing a student does after reading.

    Attributes:
        pause_s: seconds of reading before the step (0 for the first).
        kind: ``open`` / ``link`` / ``umap`` (``page.goto`` of ``target``: a new Streamlit session), ``nav``
            (click the sidebar link to page ``target``) or ``upload`` (go to the Load page ``target`` by the
            sidebar, then upload the class's file and open it).
        target: URL path with its query (``/?model=tiny-gpt-pydocs``) or a page's URL path (``neighbours``;
            ``""`` is the default page).
        label: the name its timings are reported under.
    """

    pause_s: float
    kind: str
    target: str
    label: str


@dataclass(frozen=True)
class StudentPlan:
    """A student's whole visit: when they arrive (seconds after the class starts) and what they do."""

    start_s: float
    steps: tuple[Step, ...]


@dataclass
class Outcome:
    """What one student saw.

    Attributes:
        timings: ``(label, idle seconds, script_finished seconds)`` per page that became idle.
        errors: one line per page that showed an exception or timed out.
        alerts: texts of ``st.error`` alerts seen (not counted as errors).
        heavy: ``done``, ``queued``, ``none`` (asked, but neither shown at the end) or ``not_asked``.
        heavy_s: seconds from the UMAP link to ``UMAP to 2D`` shown, when done.
        skipped: steps not started before the class ended.
        cut: pages still loading when the class ended (neither timed nor errors).
    """

    timings: list[tuple[str, float, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    alerts: list[str] = field(default_factory=list)
    heavy: str = "not_asked"
    heavy_s: float | None = None
    skipped: int = 0
    cut: int = 0


class ClassOver(Exception):
    """The class's end came before the page became idle."""


class Student:
    """One browser context following a :class:`StudentPlan` against the app at ``base``."""

    def __init__(self, page, base: str, upload: Path, end: float, page_timeout_s: float, name: str = "",
                 verbose: bool = False) -> None:
        self.page, self.base, self.upload, self.end, self.page_timeout_s = page, base, upload, end, page_timeout_s
        self.name, self.verbose = name, verbose

    def _say(self, text: str) -> None:
        if self.verbose:
            print(f"{time.strftime('%H:%M:%S')} {self.name} {text}", file=sys.stderr, flush=True)

    async def _settle(self, label: str, before: int, started: float, outcome: Outcome, timed: bool = True) -> None:
        """Wait until a run after the ``before``-th finished and the DOM is idle; record the time (when ``timed``)
        or the error."""
        limit = min(started + self.page_timeout_s, self.end)
        started_epoch = time.time() - (time.perf_counter() - started)
        try:
            handle = await self.page.wait_for_function(SETTLED_JS, arg=before, polling=100,
                                                       timeout=max(1.0, (limit - time.perf_counter()) * 1000))
            seen = await handle.json_value()
        except Exception as error:  # noqa: BLE001 - a page that did not settle is a result, not a crash
            if time.perf_counter() >= self.end and self.end < started + self.page_timeout_s:
                raise ClassOver from error
            try:
                stage = ("script_finished came, the DOM not idle" if await self.page.evaluate(RUNS_JS) > before
                         else "no script_finished")
            except Exception:  # noqa: BLE001 - a page that cannot answer says nothing more
                stage = "the page did not answer"
            outcome.errors.append(f"{label}: {type(error).__name__} after {time.perf_counter() - started:.0f} s "
                                  f"({stage})")
            self._say(outcome.errors[-1])
            return
        frame_s = seen["at"] / 1000 - started_epoch
        if timed:
            outcome.timings.append((label, time.perf_counter() - started, frame_s))
            self._say(f"{label}: idle after {outcome.timings[-1][1]:.2f} s (finished {frame_s:.2f} s)")
        outcome.errors.extend(f"{label}: exception: {text}" for text in seen["exceptions"])
        outcome.alerts.extend(f"{label}: {text}" for text in seen["alerts"])

    async def _open(self, step: Step, outcome: Outcome) -> None:
        started = time.perf_counter()  # the new document counts its runs from zero
        await self.page.goto(self.base + step.target, wait_until="commit",
                             timeout=max(1.0, (self.end - started) * 1000))
        await self._settle(step.label, 0, started, outcome)

    async def _nav(self, target: str, label: str, outcome: Outcome) -> None:
        link = self.page.locator(f"[data-testid='stSidebarNavLink'][href='{self.base}/{target}']")
        before, started = await self.page.evaluate(RUNS_JS), time.perf_counter()
        await link.click(timeout=max(1.0, min(self.page_timeout_s, self.end - started) * 1000))
        await self._settle(label, before, started, outcome)

    async def _upload(self, step: Step, outcome: Outcome) -> None:
        await self._nav(step.target, step.target, outcome)
        before, started = await self.page.evaluate(RUNS_JS), time.perf_counter()
        await self.page.locator("input[type=file]").first.set_input_files(str(self.upload))
        await self._settle(step.label, before, started, outcome, timed=False)  # the uploader's own rerun
        before = await self.page.evaluate(RUNS_JS)
        await self.page.locator(".st-key-open_uploads button").click(timeout=self.page_timeout_s * 1000)
        await self._settle(step.label, before, started, outcome)

    async def _umap(self, step: Step, outcome: Outcome) -> None:
        outcome.heavy = "none"
        asked = time.perf_counter()
        await self._open(step, outcome)
        while time.perf_counter() < self.end:
            if await self.page.evaluate(HEAVY_JS) == "done":
                outcome.heavy, outcome.heavy_s = "done", time.perf_counter() - asked
                self._say(f"UMAP drawn after {outcome.heavy_s:.1f} s")
                return
            await asyncio.sleep(min(HEAVY_POLL_S, max(0.0, self.end - time.perf_counter())))

    async def follow(self, plan: StudentPlan, class_start: float) -> Outcome:
        """Do every step of ``plan`` that starts before the class's end; say what was seen."""
        outcome = Outcome()
        actions = {"open": self._open, "link": self._open, "umap": self._umap, "nav": None, "upload": self._upload}
        await asyncio.sleep(max(0.0, class_start + plan.start_s - time.perf_counter()))
        for i, step in enumerate(plan.steps):
            await asyncio.sleep(max(0.0, min(step.pause_s, self.end - time.perf_counter())))
            if time.perf_counter() >= self.end:
                outcome.skipped = len(plan.steps) - i
                break
            try:
                if step.kind == "nav":
                    await self._nav(step.target, step.label, outcome)
                else:
                    await actions[step.kind](step, outcome)
            except ClassOver:
                outcome.cut += 1
            except Exception as error:  # noqa: BLE001 - a click that failed is a result; the student goes on
                if time.perf_counter() >= self.end:
                    outcome.cut += 1
                else:
                    outcome.errors.append(f"{step.label}: {type(error).__name__}: {str(error).splitlines()[0][:200]}")
        if outcome.heavy == "none":
            try:
                outcome.heavy = await self.page.evaluate(HEAVY_JS)
            except Exception:  # noqa: BLE001 - a page that cannot answer shows nothing
                outcome.heavy = "none"
        return outcome


async def run_student(browser, base: str, plan: StudentPlan, class_start: float, end: float, upload: Path,
                      page_timeout_s: float, name: str = "", verbose: bool = False) -> Outcome:
    """One student in a fresh context of ``browser`` (own cookies, own Streamlit sessions); closes it after.

    With ``verbose``, each page's time is printed to stderr as it is measured, prefixed with ``name``.
    """
    context = await browser.new_context(viewport={"width": 1400, "height": 1000})
    await context.add_init_script(COUNT_RUNS_JS)
    try:
        student = Student(await context.new_page(), base, upload, end, page_timeout_s, name, verbose)
        return await student.follow(plan, class_start)
    finally:
        await context.close()
