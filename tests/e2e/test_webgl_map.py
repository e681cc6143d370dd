"""The WebGL token map really draws its points in Chromium: counted from the pixels of a screenshot.

Headless Chromium without a GPU draws WebGL with its software renderer
(SwiftShader); an error there leaves the deck's canvas blank with no message
in the page, so "no exception box" proves nothing. The test reads the
screenshot of the deck's element and counts the pixels that are not the
page's white background, and the pixels in the category colours.
"""

from __future__ import annotations

import io
import re

import numpy as np
from PIL import Image

from dashboard.charts.token_map import CATEGORY_COLOURS
from tests.e2e.browser import error_texts, exception_texts, open_page, save_screenshot, settle

DECK = "[data-testid='stDeckGlJsonChart']"


def deck_pixels(page) -> np.ndarray:
    """``(height, width, 3)`` uint8 RGB of the deck's element as drawn."""
    shot = page.locator(DECK).first.screenshot()
    return np.asarray(Image.open(io.BytesIO(shot)).convert("RGB"))


def coloured_pixels(pixels: np.ndarray, colour: str, tolerance: int = 40) -> int:
    """How many pixels are within ``tolerance`` (per channel) of ``#rrggbb``."""
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
    return int((np.abs(pixels.astype(int) - rgb).max(axis=2) <= tolerance).sum())


def wait_for_points(page, timeout_s: float = 60, min_pixels: int = 5_000) -> np.ndarray:
    """The deck's pixels once ``min_pixels`` other than background are drawn (or at ``timeout_s``)."""
    page.locator(f"{DECK} canvas").first.wait_for(state="attached")
    deadline = page.evaluate("performance.now()") + timeout_s * 1000
    while True:
        pixels = deck_pixels(page)
        if (pixels.min(axis=2) < 235).sum() > min_pixels or page.evaluate("performance.now()") > deadline:
            return pixels
        page.wait_for_timeout(250)


def test_the_default_token_map_draws_every_point_in_webgl(page, app_url):
    fetched = []
    page.on("response", lambda response: fetched.append(response) if "/app/static/deck-data/" in response.url
            else None)
    open_page(page, f"{app_url}/token_map?renderer=webgl")  # all-MiniLM-L6-v2: 30,522 rows
    assert exception_texts(page) == [] and error_texts(page) == []
    assert page.locator(DECK).count() == 1
    pixels = wait_for_points(page)
    save_screenshot(page, "token map webgl default")
    drawn = int((pixels.min(axis=2) < 235).sum())  # not white, not the near-white page background
    height, width, _ = pixels.shape
    # 30,522 points of radius 2 px overlap in the dense middle, but cover far more than a blank canvas's 0.
    assert drawn > 0.02 * height * width, f"only {drawn} of {height * width} pixels drawn"
    # The colours are the categories': whole words and word pieces are most of a WordPiece vocabulary.
    assert coloured_pixels(pixels, CATEGORY_COLOURS["whole word"]) > 1_000
    assert coloured_pixels(pixels, CATEGORY_COLOURS["word piece"]) > 1_000
    caption = page.locator("[data-testid='stCaptionContainer']").all_inner_texts()
    assert any("every one of the 30,522 points is drawn" in text for text in caption), caption
    # Its 1.4 MB of points came as layer files (dashboard/ui/deck_files.py), each a JSON array of points.
    assert fetched and all(response.status == 200 for response in fetched)
    points = [point for response in fetched for point in response.json()]
    assert len(points) == 30_522 and all(isinstance(point, list) for point in points)
    assert sorted(point[3] for point in points) == list(range(30_522))  # [x, y, token, id, ...]: every id once


def _point_inside(page, pixels: np.ndarray, reach: int = 2) -> tuple[float, float]:
    """Page coordinates of a pixel whose neighbourhood ``reach`` px each way is all drawn: inside a point."""
    drawn = pixels.min(axis=2) < 200
    inside = np.ones_like(drawn)
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            inside &= np.roll(np.roll(drawn, dy, axis=0), dx, axis=1)
    ys, xs = np.nonzero(inside[5:-5, 5:-5])
    assert len(xs), "no point to hover"
    box = page.locator(DECK).first.bounding_box()
    return box["x"] + float(xs[len(xs) // 2] + 5), box["y"] + float(ys[len(ys) // 2] + 5)


def _hover(page, x: float, y: float) -> re.Match:
    """Move onto ``(x, y)`` and read the tooltip: groups token, id, category, norm."""
    page.mouse.move(x - 3, y - 3)
    page.mouse.move(x, y, steps=5)
    tooltip = page.locator(".deck-tooltip").first
    tooltip.wait_for(state="visible", timeout=60_000)
    found = re.fullmatch(r"(.+)\nid (\d+) · (.+)\nnorm ([\d.]+)", tooltip.inner_text().strip())
    assert found, tooltip.inner_text()
    return found


def test_hovering_a_point_of_a_map_drawn_from_files_shows_its_token(page, app_url):
    open_page(page, f"{app_url}/token_map?renderer=webgl")
    found = _hover(page, *_point_inside(page, wait_for_points(page)))
    save_screenshot(page, "token map webgl hover")
    # Picking reads the point from the fetched file: token, then "id N · category", then the norm.
    from dashboard.checkpoints import load_tables

    assert found[1] == load_tables("default").token_label(int(found[2]))  # the token of that id


def test_clicking_a_point_of_the_webgl_map_lists_that_row_as_selected(page, app_url):
    # The position table (512 rows): deck.gl picks the point when the button goes down, and its click
    # needs the button up within 250 ms (mjolnir's tap, timed by Date.now() as events are handled).
    # SwiftShader's pick of the 30,522-point token map blocks the page for longer than that, so a click
    # there never becomes one (docs/large-vocabularies.md, "Selecting on the WebGL map").
    open_page(page, f"{app_url}/token_map?table=position&renderer=webgl")
    assert page.get_by_text(re.compile("points selected")).count() == 0
    x, y = _point_inside(page, wait_for_points(page, min_pixels=500), reach=1)
    found = _hover(page, x, y)
    page.mouse.click(x, y)  # Streamlit's multi-object selection: the page reruns with the clicked point
    counted = page.get_by_text(re.compile(r"1 point selected \(1 clicked, 0 in the box\)"))
    counted.wait_for(state="visible", timeout=60_000)
    settle(page)
    save_screenshot(page, "token map webgl click selection")
    assert page.get_by_role("heading", name="Selected positions").count() == 1  # its rows are positions
    assert page.get_by_text("hover a point for its position").count() == 1
    # The list under the map holds that point, and the CSV offered for download has its id.
    listing = page.locator("[data-testid='stDataFrame']").last
    listing.wait_for(state="visible", timeout=30_000)
    with page.expect_download() as download:
        page.get_by_text("Selected positions (CSV)").click()
    rows = open(download.value.path(), encoding="utf-8").read().splitlines()
    assert len(rows) == 2, rows  # a header and the one clicked point
    assert rows[1].split(",")[0] == found[2], (rows, found.groups())


def test_the_3d_map_is_one_rotatable_webgl_view_with_points(page, app_url):
    open_page(page, f"{app_url}/token_map?dims=3")
    assert exception_texts(page) == [] and error_texts(page) == []
    pixels = wait_for_points(page)
    save_screenshot(page, "token map webgl 3d")
    assert (pixels.min(axis=2) < 235).sum() > 0.02 * pixels.shape[0] * pixels.shape[1]
