"""A real ``streamlit run`` and a real Chromium for the browser benchmarks: start, open, wait until drawn, count bytes.

What the browser receives is read where it arrives: every WebSocket frame the
page gets from Streamlit (``page.on("websocket")``, ``framereceived``), each
decoded as Streamlit's own ``ForwardMsg`` protobuf so that the bytes of one
chart element can be told apart from the rest of the page. Streamlit can also
send a large element by reference and let the browser fetch it over HTTP
(``/_stcore/message``); such responses are counted too.

"Drawn" is one of the stages of :data:`DRAWN_JS`, checked on every animation
frame: the first chart drawn, or the run finished with every chart drawn.
"""

from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from scripts.local_server import Server, run_streamlit

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
#: First port the benchmarks serve on (``BENCH_PORT`` overrides it); each start takes the next of
#: :data:`PORT_SPAN` ports, so a restart never waits for the previous server's socket to close.
BASE_PORT = int(os.environ.get("BENCH_PORT", "8631"))
PORT_SPAN = 9
STARTUP_SECONDS = 180

#: Stages of drawing a page, checked on every animation frame:
#: ``finished``: Streamlit says the script has finished (``data-test-script-state`` is ``notRunning``), no
#: spinner shows, something is in the main area, every Vega chart has its canvas or SVG marks, every plotly
#: chart its laid-out plot and every dataframe its grid;
#: ``all``: the same, with at least one chart; ``first_chart``: the first chart of the main area is drawn,
#: whether or not the script is still running.
DRAWN_JS = """(stage) => {
  const charts = [...document.querySelectorAll("[data-testid='stMain'] .vega-embed, " +
    "[data-testid='stMain'] [data-testid='stPlotlyChart'], [data-testid='stMain'] iframe[title$='.token_map']")];
  // the token map component draws in its own (same-origin) iframe
  const drawn = chart => (chart.tagName === "IFRAME" ? chart.contentDocument : chart)
    ?.querySelector("canvas, svg.marks, .js-plotly-plot .main-svg");
  if (stage === "first_chart") return charts.length > 0 && Boolean(drawn(charts[0]));
  const app = document.querySelector("[data-testid='stApp']");
  if (!app || app.getAttribute("data-test-script-state") !== "notRunning") return false;
  if (document.querySelector("[data-testid='stSpinner']")) return false;
  if (!document.querySelector("[data-testid='stMain'] [data-testid='stElementContainer']")) return false;
  if (stage === "all" && charts.length === 0) return false;
  const tables = [...document.querySelectorAll("[data-testid='stMain'] [data-testid='stDataFrame']")];
  const gridDrawn = table => table.querySelector("canvas, [data-testid='stDataFrameResizable']");
  return charts.every(drawn) && tables.every(gridDrawn);
}"""
STAGES = ("first_chart", "all", "finished")


class _Ports:
    def __init__(self) -> None:
        self._next = 0

    def take(self) -> int:
        port = BASE_PORT + self._next % PORT_SPAN
        self._next += 1
        return port


PORTS = _Ports()


@contextmanager
def serve(script: str = "app.py", env: dict[str, str] | None = None, log_dir: Path | None = None) -> Iterator[Server]:
    """Run ``streamlit run SCRIPT`` (headless, no file watcher) on the next port until the block ends.

    Raises:
        ServerStartError: the server exits or does not answer its health check in :data:`STARTUP_SECONDS`.
    """
    port = PORTS.take()
    log_path = (log_dir or Path(os.environ.get("TMPDIR", "/tmp"))) / f"bench-streamlit-{port}.log"
    with run_streamlit(port=port, log_path=log_path, script=script, env={"PYTHONPATH": str(ROOT), **(env or {})},
                       startup_seconds=STARTUP_SECONDS, poll_seconds=0.05) as server:  # 50 ms: start-up resolution
        yield server


@contextmanager
def chromium() -> Iterator[object]:
    """A headless Chromium (Playwright driving /usr/bin/chromium with the project's flags)."""
    from playwright.sync_api import sync_playwright

    from scripts.screenshot import CHROMIUM_ARGS

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class PageLoad:
    """One page opened in a fresh browser context.

    Attributes:
        seconds: stage (see :data:`DRAWN_JS`) -> seconds from ``page.goto`` (or from the server's start, see
            :func:`open_page`) until the page reached it.
        frames: every WebSocket frame received from Streamlit until the last stage, as bytes.
        fetched: bytes of ``/_stcore/message`` HTTP responses (elements sent by reference).
    """

    seconds: dict[str, float] = field(default_factory=dict)
    frames: list[bytes] = field(default_factory=list)
    fetched: int = 0

    @property
    def received(self) -> int:
        """Bytes the page received from Streamlit: WebSocket frames plus referenced messages."""
        return sum(len(f) for f in self.frames) + self.fetched

    def chart_bytes(self, title_prefix: str) -> int:
        """Bytes of the frames carrying a chart (Vega-Lite or plotly) whose title starts with ``title_prefix``.

        Raises:
            LookupError: when no chart with that title arrived (the titles that did are listed).
        """
        found, titles = 0, []
        for frame, title in chart_frames(self.frames):
            titles.append(title)
            if title.startswith(title_prefix):
                found += len(frame)
        if not found:
            raise LookupError(f"no chart titled {title_prefix!r}...; charts received: {titles}")
        return found

    def first_chart_title(self) -> str:
        """Title of the first chart received (the first in the page: Streamlit sends elements in order)."""
        return next((title for _, title in chart_frames(self.frames)), "")


def _title_text(spec: dict) -> str:
    title = spec.get("title")
    if isinstance(title, dict):
        title = title.get("text")
    if isinstance(title, list):
        title = " ".join(map(str, title))
    return str(title or "")


def chart_frames(frames: list[bytes]) -> Iterator[tuple[bytes, str]]:
    """``(frame, chart title)`` for every frame that adds a Vega-Lite or plotly chart element or the token map
    component (its title from the layout in its JSON arguments)."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    for frame in frames:
        message = ForwardMsg()
        message.ParseFromString(frame)
        if message.WhichOneof("type") != "delta" or message.delta.WhichOneof("type") != "new_element":
            continue
        element = message.delta.new_element
        if element.WhichOneof("type") == "vega_lite_chart":
            yield frame, _title_text(json.loads(element.vega_lite_chart.spec or "{}"))
        elif element.WhichOneof("type") == "plotly_chart":
            yield frame, _title_text(json.loads(element.plotly_chart.spec or "{}").get("layout", {}))
        elif element.WhichOneof("type") == "component_instance":
            spec = json.loads(element.component_instance.json_args or "{}").get("spec", {})
            yield frame, _title_text(spec.get("layout", {}))


def open_page(browser, url: str, stages: tuple[str, ...] = ("all",), *, since: float | None = None,
              timeout_ms: int = 300_000, screenshot: Path | None = None) -> PageLoad:
    """Open ``url`` in a fresh context (empty browser cache, new Streamlit session) and wait for each stage.

    Args:
        browser: from :func:`chromium`.
        url: the page.
        stages: names from :data:`STAGES`, in the order the page reaches them.
        since: ``time.perf_counter()`` to count from (a server's start); ``page.goto`` when ``None``.
        timeout_ms: give up on a stage after this long.
        screenshot: where to save a PNG of the page after the last stage, if anywhere.

    Raises:
        ValueError: an unknown stage.
    """
    unknown = [stage for stage in stages if stage not in STAGES]
    if unknown:
        raise ValueError(f"unknown stage {unknown}; choose from {STAGES}")
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        load = PageLoad()

        def on_socket(socket) -> None:
            socket.on("framereceived", lambda payload: load.frames.append(
                payload if isinstance(payload, bytes) else payload.encode()))

        def on_response(response) -> None:
            if "/_stcore/message" in response.url:
                load.fetched += len(response.body())

        page.on("websocket", on_socket)
        page.on("response", on_response)
        start = time.perf_counter() if since is None else since
        page.goto(url)
        for stage in stages:
            page.wait_for_function(DRAWN_JS, arg=stage, timeout=timeout_ms, polling="raf")
            load.seconds[stage] = time.perf_counter() - start
        page.wait_for_timeout(300)  # the frames that close the run (script_finished) arrive just after
        if screenshot is not None:
            page.screenshot(path=str(screenshot))
        return load
    finally:
        context.close()
