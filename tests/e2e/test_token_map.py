"""The Token map in Chromium: every point drawn in WebGL, hover text, a box drawn on the 2D map and a point clicked
on the 3D map list their rows.

The map is the token map component (``dashboard/maps/view_component.py``): plotly.js in its own iframe, which the
tests reach through Playwright's frames. Headless Chromium without a GPU draws WebGL with its software renderer
(SwiftShader); an error there leaves the canvas blank with no message in the page, so the test reads the pixels
of the plot area, and what plotly.js decoded (``_fullData``), besides the page's text.
"""

from __future__ import annotations

import io
import re

import numpy as np
from PIL import Image

from dashboard.maps.chart import CATEGORY_COLOURS
from tests.e2e.browser import error_texts, exception_texts, open_page, save_screenshot, settle

#: The map component's iframe; plotly's graph inside it.
COMPONENT = "iframe[title='dashboard.maps.view_component.token_map']"
CHART = ".js-plotly-plot"
#: The plot area: plotly's drag rectangle of the main subplot covers exactly the axes' box.
PLOT_AREA = f"{CHART} .nsewdrag"
#: Every drawn point's row id, from the traces plotly.js decoded (legend entries and the axes' trace hold none).
DRAWN_IDS = f"""() => document.querySelector("{CHART}")._fullData.filter(trace => trace.customdata)
    .flatMap(trace => Array.from({{length: trace.customdata.length}}, (_, k) => trace.customdata[k][0]))"""
#: The row ids plotly.js placed inside a rectangle of the iframe's pixels (its grid axes' own conversion).
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


def map_frame(page):
    """The component's frame (where plotly.js runs), once its graph is there."""
    page.frame_locator(COMPONENT).locator(f"{CHART} .main-svg").first.wait_for(state="attached", timeout=90_000)
    return next(frame for frame in page.frames if "/component/" in frame.url)


def plot_pixels(page) -> np.ndarray:
    """``(height, width, 3)`` uint8 RGB of the plot area as drawn (scrolled into view)."""
    area = page.frame_locator(COMPONENT).locator(PLOT_AREA).first
    area.scroll_into_view_if_needed()
    return np.asarray(Image.open(io.BytesIO(page.screenshot(clip=area.bounding_box()))).convert("RGB"))


def coloured_pixels(pixels: np.ndarray, colour: str, tolerance: int = 40) -> int:
    """How many pixels are within ``tolerance`` (per channel) of ``#rrggbb``."""
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
    return int((np.abs(pixels.astype(int) - rgb).max(axis=2) <= tolerance).sum())


def test_the_map_draws_every_row_shows_a_token_on_hover_and_lists_the_rows_of_a_box(page, app_url):
    open_page(page, f"{app_url}/token_map")  # all-MiniLM-L6-v2: 30,522 rows
    assert exception_texts(page) == [] and error_texts(page) == []
    chart = map_frame(page)
    assert sorted(int(i) for i in chart.evaluate(DRAWN_IDS)) == list(range(30_522))  # every row, once
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

    area = page.frame_locator(COMPONENT).locator(PLOT_AREA).first.bounding_box()  # in the page's pixels
    frame_box = page.locator(COMPONENT).first.bounding_box()
    centre = (area["x"] + area["width"] / 2, area["y"] + area["height"] / 2)
    page.mouse.move(centre[0] - 40, centre[1] - 40)
    page.mouse.move(*centre, steps=5)  # the dense middle: some point is under the mouse
    label = page.frame_locator(COMPONENT).locator(f"{CHART} .hoverlayer .hovertext").first
    label.wait_for(state="attached", timeout=60_000)
    lines = label.evaluate("h => Array.from(h.querySelectorAll('tspan.line'), line => line.textContent)")
    assert len(lines) == 3 and re.fullmatch(r"id \d+ · .+", lines[1]) and re.fullmatch(r"norm [\d.]+", lines[2])

    page.frame_locator(COMPONENT).locator(f"{CHART} .modebar-btn[data-title='Box Select']").click()
    box = (centre[0] - area["width"] / 10, centre[1] - area["height"] / 10, centre[0], centre[1])
    page.mouse.move(box[0], box[1])
    page.mouse.down()
    page.mouse.move(box[2], box[3], steps=10)
    page.mouse.up()
    in_frame = [box[0] - frame_box["x"], box[1] - frame_box["y"], box[2] - frame_box["x"], box[3] - frame_box["y"]]
    inside = {int(i) for i in chart.evaluate(IDS_IN_BOX, in_frame)}
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


def test_the_3d_map_is_one_rotatable_scene_with_its_points_drawn_and_a_clicked_point_is_listed(page, app_url):
    open_page(page, f"{app_url}/token_map?dims=3")
    assert exception_texts(page) == [] and error_texts(page) == []
    chart = map_frame(page)
    assert len(chart.evaluate(DRAWN_IDS)) == 30_522
    page.wait_for_timeout(1_000)
    page.locator(COMPONENT).first.scroll_into_view_if_needed()
    shot = np.asarray(Image.open(io.BytesIO(page.locator(COMPONENT).first.screenshot())).convert("RGB"))
    save_screenshot(page, "token map 3d")
    assert coloured_pixels(shot, CATEGORY_COLOURS["whole word"]) > 1_000
    assert page.get_by_text(re.compile("No point selected: click a point on the map")).count() == 1

    # plotly.js names the point under the mouse on the frames drawn while the button is down (a click)
    scene = page.frame_locator(COMPONENT).locator("#scene").first.bounding_box()
    centre = (scene["x"] + scene["width"] / 2, scene["y"] + scene["height"] / 2)
    hovered = None
    for dx, dy in [(0, 0), (10, 10), (-10, 20), (20, -10), (0, 30), (-20, -20), (30, 30), (0, 60), (40, 40)]:
        page.mouse.move(centre[0] + dx, centre[1] + dy, steps=3)
        page.wait_for_timeout(500)
        label = page.frame_locator(COMPONENT).locator(".hovertext")
        if label.count():
            hovered = label.first.text_content()
            break
    assert hovered, "no point under the mouse near the scene's centre"
    token = re.match(r"(.*?)id (\d+)", hovered)
    page.mouse.down()
    page.wait_for_timeout(400)
    page.mouse.up()
    counted = page.get_by_text(re.compile(r"1 point selected \(1 on the map, 0 in the ranges\)"))
    counted.wait_for(state="visible", timeout=120_000)
    settle(page)
    save_screenshot(page, "token map 3d click")
    assert page.locator("[data-testid='stDataFrame']").last.is_visible()
    with page.expect_download() as download:
        page.get_by_text("Selected tokens (CSV)").click()
    rows = open(download.value.path(), encoding="utf-8").read().splitlines()
    assert rows[0] == "id,token,category,norm" and rows[1].split(",")[0] == token[2]  # the clicked row
