"""The WebGL token map really draws its points in Chromium: counted from the pixels of a screenshot.

Headless Chromium without a GPU draws WebGL with its software renderer
(SwiftShader); an error there leaves the canvas blank with no message in the
page, so "no exception box" proves nothing. The tests read the screenshot of
the plot area and count the pixels that are not the page's white background,
and the pixels in the category colours. The 2D map is plotly.js ``scattergl``
in the page's own element (plotly.js loaded from a static file), the 3D map
deck.gl (``st.pydeck_chart``).
"""

from __future__ import annotations

import io
import re

import numpy as np
from PIL import Image

from dashboard.charts.token_map import CATEGORY_COLOURS
from tests.e2e.browser import error_texts, exception_texts, open_page, save_screenshot, settle

#: The 2D map: the Token map's own plotly.js element (dashboard/ui/token_map_element.py), plotly's graph div.
PLOTLY = ".token-map-plot"
#: The plot area of the 2D map: plotly's drag rectangle lies over exactly the drawn axes' box.
PLOT_AREA = f"{PLOTLY} .nsewdrag"
DECK = "[data-testid='stDeckGlJsonChart']"


def area_pixels(page, selector: str) -> np.ndarray:
    """``(height, width, 3)`` uint8 RGB of the page inside ``selector``'s box, as drawn (scrolled into view)."""
    page.locator(selector).first.scroll_into_view_if_needed()
    box = page.locator(selector).first.bounding_box()
    shot = page.screenshot(clip=box)
    return np.asarray(Image.open(io.BytesIO(shot)).convert("RGB"))


def coloured_pixels(pixels: np.ndarray, colour: str, tolerance: int = 40) -> int:
    """How many pixels are within ``tolerance`` (per channel) of ``#rrggbb``."""
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
    return int((np.abs(pixels.astype(int) - rgb).max(axis=2) <= tolerance).sum())


def wait_for_points(page, selector: str = PLOT_AREA, timeout_s: float = 60, min_pixels: int = 5_000) -> np.ndarray:
    """The pixels inside ``selector`` once ``min_pixels`` other than background are drawn (or at ``timeout_s``)."""
    page.locator(selector).first.wait_for(state="attached", timeout=90_000)
    deadline = page.evaluate("performance.now()") + timeout_s * 1000
    while True:
        pixels = area_pixels(page, selector)
        if (pixels.min(axis=2) < 235).sum() > min_pixels or page.evaluate("performance.now()") > deadline:
            return pixels
        page.wait_for_timeout(250)


def test_the_default_token_map_draws_every_point_in_webgl(page, app_url):
    scripts = []
    page.on("response", lambda response: scripts.append(response) if "/app/static/vendor/" in response.url else None)
    open_page(page, f"{app_url}/token_map?renderer=webgl")  # all-MiniLM-L6-v2: 30,522 rows
    assert exception_texts(page) == [] and error_texts(page) == []
    pixels = wait_for_points(page)
    assert page.locator(PLOTLY).count() == 1 and page.locator(f"{PLOTLY} canvas.gl-canvas-context").count() == 1
    assert page.locator("[data-testid='stPlotlyChart']").count() == 0  # not Streamlit's plotly element
    # plotly.js came once, as the static file the page named, and nothing asked the network for more.
    assert len(scripts) == 1 and scripts[0].status == 200 and scripts[0].url.endswith(".min.js")
    assert page.locator(f"{PLOTLY} .modebar-btn[data-title='Share chart...']").count() == 0
    save_screenshot(page, "token map webgl default")
    drawn = int((pixels.min(axis=2) < 235).sum())  # not white, not the near-white page background
    height, width, _ = pixels.shape
    # 30,522 points 4 px wide overlap in the dense middle, but cover far more than a blank canvas's 0.
    assert drawn > 0.05 * height * width, f"only {drawn} of {height * width} pixels drawn"
    # The colours are the categories': whole words and word pieces are most of a WordPiece vocabulary.
    assert coloured_pixels(pixels, CATEGORY_COLOURS["whole word"]) > 1_000
    assert coloured_pixels(pixels, CATEGORY_COLOURS["word piece"]) > 1_000
    legend = page.locator(f"{PLOTLY} .legend .traces").evaluate_all("entries => entries.map(e => e.textContent)")
    assert any(text.startswith("whole word (") for text in legend), legend  # an entry per colour, with its count
    caption = page.locator("[data-testid='stCaptionContainer']").all_inner_texts()
    assert any("every one of the 30,522 points is drawn" in text for text in caption), caption
    # What plotly.js drew (its decoded traces, one per colour and category; the legend's entries hold none): every
    # id once.
    ids = page.evaluate(f"""() => document.querySelector("{PLOTLY}")._fullData
        .filter(trace => !trace.showlegend).flatMap(trace => Array.from(trace.customdata, row => row[0]))""")
    assert sorted(int(i) for i in ids) == list(range(30_522))


def _point_inside(page, pixels: np.ndarray, reach: int = 2, selector: str = PLOT_AREA,
                  where: float = 0.5) -> tuple[float, float]:
    """Page coordinates of a pixel whose neighbourhood ``reach`` px each way is all drawn: inside a point.

    ``where`` in [0, 1) picks among such pixels in reading order (0.5: the middle one).
    """
    drawn = pixels.min(axis=2) < 200
    inside = np.ones_like(drawn)
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            inside &= np.roll(np.roll(drawn, dy, axis=0), dx, axis=1)
    ys, xs = np.nonzero(inside[5:-5, 5:-5])
    assert len(xs), "no point to hover"
    box = page.locator(selector).first.bounding_box()
    k = int(where * len(xs))
    return box["x"] + float(xs[k] + 5), box["y"] + float(ys[k] + 5)


def _hover(page, x: float, y: float) -> tuple[str, str, str, str]:
    """Move onto ``(x, y)`` and read plotly's hover label: token, id, category, norm."""
    page.mouse.move(x - 3, y - 3)
    page.mouse.move(x, y, steps=5)
    label = page.locator(f"{PLOTLY} .hoverlayer .hovertext").first
    label.wait_for(state="attached", timeout=60_000)
    read = "h => Array.from(h.querySelectorAll('tspan.line'), line => line.textContent)"
    lines, previous = label.evaluate(read), None
    while lines != previous:  # plotly.js updates the label on an animation frame after the last move: let it settle
        page.wait_for_timeout(300)
        previous, lines = lines, label.evaluate(read)
    assert len(lines) == 3, lines
    found = re.fullmatch(r"id (\d+) · (.+)", lines[1]), re.fullmatch(r"(?:norm|노름) ([\d.]+)", lines[2])
    assert all(found), lines
    return lines[0], found[0][1], found[0][2], found[1][1]


def test_hovering_a_point_shows_its_token_id_category_and_norm(page, app_url):
    open_page(page, f"{app_url}/token_map?renderer=webgl")
    token, row, category, norm = _hover(page, *_point_inside(page, wait_for_points(page)))
    save_screenshot(page, "token map webgl hover")
    from dashboard.checkpoints import load_tables

    tables = load_tables("default")
    assert token == tables.token_label(int(row))  # the token of that id
    assert abs(float(norm) - float(np.linalg.norm(tables.token[int(row)]))) < 0.01
    assert category in {"word", "piece", "script", "reserved", "number", "punct.", "special"}


def _selected_csv(page, label: str) -> list[str]:
    with page.expect_download() as download:
        page.get_by_text(label).click()
    return open(download.value.path(), encoding="utf-8").read().splitlines()


def test_clicking_a_point_of_the_webgl_map_lists_that_row_as_selected(page, app_url):
    open_page(page, f"{app_url}/token_map?table=position&renderer=webgl")  # 512 positions
    assert page.get_by_text(re.compile(r"\d points? selected")).count() == 0
    wait_for_points(page, min_pixels=500)
    ranges = f"() => ['xaxis', 'yaxis'].map(a => document.querySelector('{PLOTLY}')._fullLayout[a].range)"
    whole = page.evaluate(ranges)
    box = page.locator(PLOT_AREA).first.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -200)  # zoom in a little: the selection's rerun must keep the view
    page.wait_for_timeout(1_000)
    x, y = _point_inside(page, wait_for_points(page, min_pixels=500), reach=1)
    zoomed = page.evaluate(ranges)
    assert zoomed != whole  # the wheel zoomed in
    page.evaluate(f"() => {{ document.querySelector('{PLOTLY}').probe = 'the same map'; }}")
    _, row, _, _ = _hover(page, x, y)
    page.mouse.click(x, y)  # the page reruns with the clicked point
    page.get_by_text(re.compile(r"1 point selected \(1 on the map, 0 in the ranges\)")).wait_for(
        state="visible", timeout=60_000)
    settle(page)
    # The rerun sent the same map: it was not drawn again, and kept its zoom.
    assert page.evaluate(f"() => document.querySelector('{PLOTLY}').probe") == "the same map"
    assert page.evaluate(ranges) == zoomed
    save_screenshot(page, "token map webgl click selection")
    assert page.get_by_role("heading", name="Selected positions").count() == 1  # its rows are positions
    assert page.get_by_text("hover a point for its position").count() == 1
    rows = _selected_csv(page, "Selected positions (CSV)")
    assert len(rows) == 2, rows  # a header and the one clicked point
    assert rows[1].split(",")[0] == row, (rows, row)
    # Shift + click adds a second point to the selection.
    pixels = area_pixels(page, PLOT_AREA)
    for where in (0.1, 0.9, 0.3, 0.7):
        x2, y2 = _point_inside(page, pixels, reach=1, where=where)
        _, other, _, _ = _hover(page, x2, y2)
        if other != row:
            break
    page.keyboard.down("Shift")
    page.mouse.click(x2, y2)
    page.keyboard.up("Shift")
    page.get_by_text(re.compile(r"2 points selected \(2 on the map, 0 in the ranges\)")).wait_for(
        state="visible", timeout=60_000)
    settle(page)
    rows = _selected_csv(page, "Selected positions (CSV)")
    assert sorted(line.split(",")[0] for line in rows[1:]) == sorted([row, other])
    # A double-click (in the default pan mode it also resets the zoom) clears the selection.
    area_pixels(page, PLOT_AREA)  # scrolls the map into view
    box = page.locator(PLOT_AREA).first.bounding_box()
    page.mouse.dblclick(box["x"] + 5, box["y"] + 5)
    page.get_by_text(re.compile("No point selected")).wait_for(state="visible", timeout=60_000)


#: The ids of the map's points inside a polygon given in page pixels, from the data plotly.js decoded.
POINTS_IN_POLYGON = """([selector, polygon]) => {
    const gd = document.querySelector(selector), frame = gd.getBoundingClientRect();
    const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
    const corners = polygon.map(([x, y]) => [xa.p2l(x - frame.left - xa._offset), ya.p2l(y - frame.top - ya._offset)]);
    const inside = (x, y) => {  // even-odd ray casting
        let odd = false;
        for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
            const [xi, yi] = corners[i], [xj, yj] = corners[j];
            if ((yi > y) !== (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) odd = !odd;
        }
        return odd;
    };
    const ids = [];
    for (const trace of gd._fullData.filter(trace => trace.type === 'scattergl'))
        for (let k = 0; k < trace.x.length; k++) if (inside(trace.x[k], trace.y[k])) ids.push(trace.customdata[k][0]);
    return ids;
}"""


def test_a_lasso_drawn_on_the_map_lists_the_tokens_inside_it(page, app_url):
    open_page(page, f"{app_url}/token_map?renderer=webgl")
    wait_for_points(page)
    box = page.locator(PLOT_AREA).first.bounding_box()
    cx, cy, r = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, box["height"] / 8
    polygon = [(cx - r, cy - r), (cx + r, cy - 1.5 * r), (cx + 1.5 * r, cy + r), (cx - r, cy + r)]
    page.locator(f"{PLOTLY} .modebar-btn[data-title='Lasso Select']").click()
    page.mouse.move(*polygon[0])
    page.mouse.down()
    for corner in [*polygon[1:], polygon[0]]:
        page.mouse.move(*corner, steps=8)
    page.mouse.up()
    # plotly.js decides the points on the lasso's edge from rounded pixels: a point counts if it lies inside the
    # polygon grown by 3 px about its centre, and must count if it lies inside the polygon shrunk by 3 px.
    centre = np.mean(polygon, axis=0)
    must, may = ({int(i) for i in page.evaluate(POINTS_IN_POLYGON, [PLOTLY, (centre + (np.array(polygon) - centre)
                                                                             * scale).tolist()])}
                 for scale in (1 - 3 / r, 1 + 3 / r))
    assert len(must) > 50  # the middle of the map is dense
    counted = page.get_by_text(re.compile(r"[\d,]+ points selected \([\d,]+ on the map, 0 in the ranges\)"))
    counted.wait_for(state="visible", timeout=60_000)
    settle(page)
    save_screenshot(page, "token map webgl lasso selection")
    assert page.get_by_role("heading", name="Selected tokens").count() == 1
    rows = _selected_csv(page, "Selected tokens (CSV)")
    selected = {int(line.split(",")[0]) for line in rows[1:]}
    assert must <= selected <= may, (len(must), len(selected), len(may))
    assert counted.inner_text().startswith(f"{len(selected):,} points selected ({len(selected):,} on the map")


def test_the_3d_map_is_one_rotatable_webgl_view_with_points(page, app_url):
    open_page(page, f"{app_url}/token_map?dims=3")
    assert exception_texts(page) == [] and error_texts(page) == []
    assert page.locator(DECK).count() == 1
    pixels = wait_for_points(page, DECK)
    save_screenshot(page, "token map webgl 3d")
    assert (pixels.min(axis=2) < 235).sum() > 0.02 * pixels.shape[0] * pixels.shape[1]
