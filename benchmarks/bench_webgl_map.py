"""The full token map in WebGL: bytes the browser receives and seconds until 256,000 points are drawn, in Chromium.

Issue 18 part 4: the Token map draws every row up to 256,000 in WebGL
(``st.pydeck_chart``); what the browser receives for 256,000 points is at most
12 MB, and it is drawn in Chromium in under 5 s on a warm server.

The table: 256,000 x 64 float32, rows drawn around 64 random centres (as the
sharded-checkpoint bench builds its tables, seed 0), saved as one
``model.safetensors`` with a Llama-style ``config.json`` (tied head, no
tokenizer: tokens are labelled by id) in a temporary folder, opened through
``?model=PATH``. One ``streamlit run app.py`` (empty projection cache, UMAP
warm-up off) serves the 2D PCA map; the page is opened once untimed (the
server reads the table and computes PCA), then :data:`RUNS` times, each in a
fresh browser context (empty cache, new Streamlit session), in turn with the
Vega-Lite page of the same table (``renderer=altair``: the previous default,
a 40,000-point sample), the alternative for time.

- bytes: the WebSocket frames that carry the deck element
  (``deck_gl_json_chart``), decoded as Streamlit ``ForwardMsg`` protobufs
  (:mod:`benchmarks.browser_session`), plus the bodies of the layer files the
  deck names, fetched from ``/app/static/deck-data/`` (a large deck's points
  travel as files: :mod:`dashboard.ui.deck_files`); the alternative is the plain chart a user
  would write, an Altair point per row with its token as tooltip, converted as
  ``st.altair_chart`` ships it;
- seconds: from ``page.goto`` until the deck's element, as screenshotted, has
  at least :data:`DRAWN_SHARE` of its pixels off the white background, polled
  every 100 ms (headless Chromium has no GPU: WebGL runs in its software
  renderer, SwiftShader).
"""

from __future__ import annotations

import io
import json
import shutil
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

import numpy as np

from benchmarks.browser_session import chromium, open_page, serve
from benchmarks.harness import Budget, Figure, SuiteResult, median_of

ROWS, WIDTH = 256_000, 64
RUNS = 3
#: Issue 18: what the browser receives for 256,000 points.
BYTES_BUDGET = 12_000_000
#: Issue 18: drawn in Chromium in under 5 s on a warm server.
SECONDS_BUDGET = 5.0
#: Share of the deck's pixels that must be off-white for the map to count as drawn (a blank canvas has 0).
DRAWN_SHARE = 0.02
DECK = "[data-testid='stDeckGlJsonChart']"
#: Where a large deck's layer files are fetched from (dashboard/ui/deck_files.py).
LAYER_FILES = "/app/static/deck-data/"


def write_table(folder: Path, rows: int = ROWS, width: int = WIDTH) -> Path:
    """The clustered random table as a Llama-style folder (``model.safetensors`` + ``config.json``); returns it."""
    from safetensors.numpy import save_file

    rng = np.random.default_rng(0)
    centres = rng.standard_normal((64, width)).astype(np.float32) * 0.05
    table = centres[rng.integers(0, 64, rows)] + rng.standard_normal((rows, width)).astype(np.float32) * 0.02
    folder.mkdir(parents=True, exist_ok=True)
    save_file({"model.embed_tokens.weight": table}, str(folder / "model.safetensors"))
    (folder / "config.json").write_text(json.dumps({
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "vocab_size": rows, "hidden_size": width,
        "num_hidden_layers": 0, "num_attention_heads": 8, "intermediate_size": 4 * width,
        "tie_word_embeddings": True, "max_position_embeddings": 8192, "torch_dtype": "float32"}))
    return folder


def deck_frames_bytes(frames: list[bytes]) -> int:
    """Bytes of the WebSocket frames that add a deck.gl chart element."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    total = 0
    for frame in frames:
        message = ForwardMsg()
        message.ParseFromString(frame)
        if message.WhichOneof("type") == "delta" and message.delta.WhichOneof("type") == "new_element" \
                and message.delta.new_element.WhichOneof("type") == "deck_gl_json_chart":
            total += len(frame)
    return total


def _drawn_share(page) -> float:
    from PIL import Image
    from playwright.sync_api import Error as PlaywrightError

    try:
        shot = page.locator(DECK).first.screenshot(timeout=10_000, animations="allow", caret="initial")
    except PlaywrightError:  # the element was replaced mid-shot (a rerun): not drawn yet
        return 0.0
    pixels = np.asarray(Image.open(io.BytesIO(shot)).convert("RGB"))
    return float((pixels.min(axis=2) < 235).mean())


def measure_load(browser, url: str, timeout_s: float = 300, milestones: dict | None = None
                 ) -> tuple[float, int, int]:
    """Open ``url`` in a fresh context; ``(seconds until drawn, deck bytes, all bytes received)``.

    Deck bytes are the deck element's WebSocket frames plus its layer files;
    ``milestones`` gets ``element``, ``canvas`` (seconds) and ``files`` (how many layer files were fetched).

    Raises:
        TimeoutError: the map was not drawn in ``timeout_s``.
    """
    milestones = {} if milestones is None else milestones
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    frames: list[bytes] = []
    layer_files: list = []
    try:
        page = context.new_page()
        page.on("websocket", lambda socket: socket.on("framereceived", lambda payload: frames.append(
            payload if isinstance(payload, bytes) else payload.encode())))
        page.on("response", lambda response: layer_files.append(response) if LAYER_FILES in response.url else None)
        start = time.perf_counter()
        page.goto(url)
        page.locator(DECK).first.wait_for(state="attached", timeout=timeout_s * 1000)
        milestones["element"] = time.perf_counter() - start
        page.locator(f"{DECK} canvas").first.wait_for(state="attached", timeout=timeout_s * 1000)
        milestones["canvas"] = time.perf_counter() - start
        while True:
            if page.locator(f"{DECK} canvas").count() and _drawn_share(page) >= DRAWN_SHARE:
                seconds = time.perf_counter() - start
                break
            if time.perf_counter() - start > timeout_s:
                page.screenshot(path=str(Path(tempfile.gettempdir()) / "bench-webgl-map-timeout.png"))
                raise TimeoutError(f"the WebGL map of {url} was not drawn in {timeout_s:.0f} s")
            page.wait_for_timeout(100)
        page.wait_for_timeout(300)
        milestones["files"] = len(layer_files)
        file_bytes = sum(len(response.body()) for response in layer_files)
        return seconds, deck_frames_bytes(frames) + file_bytes, sum(len(f) for f in frames) + file_bytes
    finally:
        context.close()


def plain_chart_bytes(folder: Path) -> int:
    """Bytes ``st.altair_chart`` would send for a plain Altair point per row of the 2D PCA, token as tooltip."""
    import altair as alt
    import pandas as pd
    from sklearn.decomposition import PCA

    from benchmarks.bench_positions import streamlit_payload_bytes
    from dashboard.analysis.token_map import table_rows
    from dashboard.checkpoints import load_tables

    rows = table_rows(load_tables(str(folder)))
    xy = PCA(n_components=2).fit_transform(rows.table)
    frame = pd.DataFrame({"x": xy[:, 0], "y": xy[:, 1], "token": list(rows.labels)})
    with alt.data_transformers.disable_max_rows():
        chart = alt.Chart(frame).mark_circle().encode(x="x:Q", y="y:Q", tooltip="token:N")
        return streamlit_payload_bytes(chart)


def run(rows: int = ROWS) -> SuiteResult:
    """Serve the map of a ``rows`` x 64 table and measure what Chromium receives and how soon it draws it."""
    scratch = Path(tempfile.mkdtemp(prefix="bench-webgl-map-"))
    try:
        folder = write_table(scratch / "model", rows)
        cache = scratch / "projections"
        cache.mkdir()
        url_tail = f"/token_map?model={quote(str(folder))}"
        with serve(env={"EXPLORER_CACHE_DIR": str(cache), "EXPLORER_WARM_UMAP": "0",
                        "EXPLORER_LOCAL_PATHS": "any"}) as server, chromium() as browser:
            first = measure_load(browser, server.url + url_tail)
            open_page(browser, server.url + url_tail + "&renderer=altair")  # untimed: the sample's first chart
            stages = [{} for _ in range(RUNS)]
            loads, vega = [], []
            for milestones in stages:  # in turn, so both see the same background load
                loads.append(measure_load(browser, server.url + url_tail, milestones=milestones))
                vega.append(open_page(browser, server.url + url_tail + "&renderer=altair").seconds["all"])
        plain = plain_chart_bytes(folder)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    seconds = [load[0] for load in loads]
    deck_bytes = [load[1] for load in loads]
    figures = [
        Figure(f"WebGL token map (2D PCA) of a {rows:,} x {WIDTH} table, every row drawn: bytes of the deck "
               f"received over the WebSocket, median of {RUNS} page loads", "bytes", median_of(deck_bytes), plain,
               "Altair, a point per row, token tooltip", Budget(BYTES_BUDGET), RUNS),
        Figure(f"WebGL token map of the {rows:,}-row table: seconds from opening the page until the points are "
               f"drawn in Chromium (warm server, fresh session, software WebGL), median of {RUNS}", "s",
               median_of(seconds), median_of(vega), "the Vega-Lite page of the same table (a 40,000-point sample)",
               Budget(SECONDS_BUDGET), RUNS),
    ]
    notes = [
        f"Per-run seconds until drawn: {', '.join(f'{s:.2f}' for s in seconds)}; first visit on the fresh server "
        f"(reads the table, computes PCA): {first[0]:.1f} s. Whole page received (every WebSocket frame, median): "
        f"{median_of([load[2] for load in loads]):,.0f} bytes. Seconds until the deck's element appeared: "
        f"{_secs(stages, 'element')}; until its canvas: {_secs(stages, 'canvas')}. The Vega-Lite page "
        f"(`renderer=altair`, its default 40,000-point sample) until drawn: {', '.join(f'{v:.2f}' for v in vega)}.",
        f"Layer files fetched per load: {_secs(stages, 'files', 0)}. The deck's element carries only the layers' "
        "settings; deck.gl fetches each layer's points from a file (`dashboard/ui/deck_files.py`) and parses them "
        "with the browser's JSON.parse, where inline points went through Streamlit's JSON5 parser (written in "
        "JavaScript) and deck.gl's JSON converter. What remains after the element appears is the fetch and the "
        "first draw: in headless Chromium without a GPU, SwiftShader (software WebGL) executes the draw calls, "
        "which a Chrome trace here showed as most of those seconds (GPU process, `CommandBuffer::Flush`).",
        "Each point travels as a JSON array [x, y, token, id, norm, category] with integer coordinates on a "
        "10,000-step grid, one layer per colour (dashboard/charts/token_map_deck.py). 'Drawn' is read from the "
        f"pixels: at least {DRAWN_SHARE:.0%} of the deck's screenshot off the white background.",
    ]
    return SuiteResult(figures, notes)


def _secs(stages: list[dict], stage: str, decimals: int = 2) -> str:
    return ", ".join(f"{m[stage]:.{decimals}f}" for m in stages)


if __name__ == "__main__":
    import sys

    from benchmarks.report import render_summary

    result = run(int(sys.argv[1]) if len(sys.argv) > 1 else ROWS)
    print(render_summary(result.figures))
    print("\n".join(result.notes))
