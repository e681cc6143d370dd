"""The Token map in Chromium: every point drawn in WebGL, hover text, and a box drawn on the map lists its rows.

Headless Chromium without a GPU draws WebGL with its software renderer (SwiftShader); an error there leaves
the canvas blank with no message in the page, so the test reads the pixels of the plot area, and what
plotly.js decoded (``_fullData``), besides the page's text.
"""

from __future__ import annotations

import io
import re

import numpy as np
from PIL import Image

from dashboard.charts.token_map import CATEGORY_COLOURS
from tests.e2e.browser import error_texts, exception_texts, open_page, save_screenshot, settle

CHART = "[data-testid='stPlotlyChart'] .js-plotly-plot"
#: The plot area: plotly's drag rectangle of the main subplot covers exactly the axes' box.
PLOT_AREA = f"{CHART} .nsewdrag"
#: Every drawn point's row id, from the traces plotly.js decoded (legend entries and the axes' trace hold none).
DRAWN_IDS = f"""() => document.querySelector("{CHART}")._fullData.filter(trace => trace.customdata)
    .flatMap(trace => Array.from({{length: trace.customdata.length}}, (_, k) => trace.customdata[k][0]))"""
#: The row ids plotly.js placed inside a rectangle of page pixels (its grid axes' own conversion).
IDS_IN_BOX = f"""([left, top, right, bottom]) => {{
    const gd = document.querySelector("{CHART}"), frame = gd.getBoundingClientRect();
    const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
    const [x0, x1] = [left, right].map(x => xa.p2l(x - frame.left - xa._offset)).sort((a, b) => a - b);
    const [y0, y1] = [top, bottom].map(y => ya.p2l(y - frame.top - ya._offset)).sort((a, b) => a - b);
    const ids = [];
    for (const trace of gd._fullData.filter(trace => trace.customdata))
        for (let k = 0; k < trace.x.length; k++)
            if (trace.x[k] >= x0 && trace.x[k] <= x1 && trace.y[k] >= y0 && trace.y[k] <= y1)
                ids.push(trace.customdata[k][0]);
    return ids;
}}"""


def plot_pixels(page) -> np.ndarray:
    """``(height, width, 3)`` uint8 RGB of the plot area as drawn (scrolled into view)."""
    area = page.locator(PLOT_AREA).first
    area.scroll_into_view_if_needed()
    return np.asarray(Image.open(io.BytesIO(page.screenshot(clip=area.bounding_box()))).convert("RGB"))


def coloured_pixels(pixels: np.ndarray, colour: str, tolerance: int = 40) -> int:
    """How many pixels are within ``tolerance`` (per channel) of ``#rrggbb``."""
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
    return int((np.abs(pixels.astype(int) - rgb).max(axis=2) <= tolerance).sum())


def test_the_map_draws_every_row_shows_a_token_on_hover_and_lists_the_rows_of_a_box(page, app_url):
    open_page(page, f"{app_url}/token_map")  # all-MiniLM-L6-v2: 30,522 rows
    assert exception_texts(page) == [] and error_texts(page) == []
    page.locator(PLOT_AREA).first.wait_for(state="attached", timeout=90_000)
    assert sorted(int(i) for i in page.evaluate(DRAWN_IDS)) == list(range(30_522))  # every row, once
    pixels = plot_pixels(page)
    for _ in range(40):  # SwiftShader may draw a frame or two after plotly.js is done
        if (pixels.min(axis=2) < 235).mean() > 0.05:
            break
        page.wait_for_timeout(250)
        pixels = plot_pixels(page)
    save_screenshot(page, "token map")
    assert (pixels.min(axis=2) < 235).mean() > 0.05  # far more than a blank canvas's nothing
    # The colours are the categories': whole words and word pieces are most of a WordPiece vocabulary.
    assert coloured_pixels(pixels, CATEGORY_COLOURS["whole word"]) > 1_000
    assert coloured_pixels(pixels, CATEGORY_COLOURS["word piece"]) > 1_000
    assert page.get_by_text(re.compile("No point selected: click a point")).count() == 1

    area = page.locator(PLOT_AREA).first.bounding_box()
    centre = (area["x"] + area["width"] / 2, area["y"] + area["height"] / 2)
    page.mouse.move(centre[0] - 40, centre[1] - 40)
    page.mouse.move(*centre, steps=5)  # the dense middle: some point is under the mouse
    label = page.locator(f"{CHART} .hoverlayer .hovertext").first
    label.wait_for(state="attached", timeout=60_000)
    lines = label.evaluate("h => Array.from(h.querySelectorAll('tspan.line'), line => line.textContent)")
    assert len(lines) == 3 and re.fullmatch(r"id \d+ · .+", lines[1]) and re.fullmatch(r"norm [\d.]+", lines[2])

    page.locator(f"{CHART} .modebar-btn[data-title='Box Select']").click()
    box = (centre[0] - area["width"] / 10, centre[1] - area["height"] / 10, centre[0], centre[1])
    page.mouse.move(box[0], box[1])
    page.mouse.down()
    page.mouse.move(box[2], box[3], steps=10)
    page.mouse.up()
    inside = {int(i) for i in page.evaluate(IDS_IN_BOX, list(box))}
    counted = page.get_by_text(re.compile(r"[\d,]+ points selected \([\d,]+ on the map, 0 in the ranges\)"))
    counted.wait_for(state="visible", timeout=120_000)
    settle(page)
    save_screenshot(page, "token map box selection")
    count = int(re.match(r"([\d,]+)", counted.inner_text())[1].replace(",", ""))
    assert len(inside) > 50 and abs(count - len(inside)) <= 0.02 * len(inside), (count, len(inside))  # edge pixels
    assert page.get_by_role("heading", name="Selected tokens").count() == 1
    assert page.locator("[data-testid='stDataFrame']").last.is_visible()
    with page.expect_download() as download:
        page.get_by_text("Selected tokens (CSV)").click()
    rows = open(download.value.path(), encoding="utf-8").read().splitlines()
    assert rows[0] == "id,token,category,norm" and len(rows) == count + 1
    listed = {int(line.split(",")[0]) for line in rows[1:]}
    assert len(listed & inside) >= 0.98 * len(inside)  # the rows in the box (plotly decides edges by pixel)


def test_the_3d_map_is_one_rotatable_scene_with_its_points_drawn(page, app_url):
    open_page(page, f"{app_url}/token_map?dims=3")
    assert exception_texts(page) == [] and error_texts(page) == []
    scene = page.locator(f"{CHART} .gl-container").first
    scene.wait_for(state="attached", timeout=90_000)
    assert len(page.evaluate(DRAWN_IDS)) == 30_522
    page.wait_for_timeout(1_000)
    shot = np.asarray(Image.open(io.BytesIO(page.locator(CHART).first.screenshot())).convert("RGB"))
    save_screenshot(page, "token map 3d")
    assert coloured_pixels(shot, CATEGORY_COLOURS["whole word"]) > 1_000
