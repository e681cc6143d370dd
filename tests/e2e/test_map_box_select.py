"""A box drawn with the mouse (Shift + drag) on the 2D Vega-Lite token map lists the rows inside it."""

from __future__ import annotations

import re

from tests.e2e.browser import error_texts, exception_texts, open_page, save_screenshot, settle

CHART = "[data-testid='stVegaLiteChart']"
NONE_SELECTED = "No point selected: hold Shift and drag on the map to draw a box"


def _drag(page, start, end, shift: bool) -> None:
    if shift:
        page.keyboard.down("Shift")
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=12)
    page.mouse.up()
    if shift:
        page.keyboard.up("Shift")


def test_shift_dragging_a_box_lists_every_row_inside_and_a_plain_drag_selects_nothing(page, app_url):
    # all-MiniLM-L6-v2: 30,522 rows, of which the Vega-Lite map draws a sample of 1,000
    open_page(page, f"{app_url}/token_map?renderer=altair&points=1000")
    assert exception_texts(page) == [] and error_texts(page) == []
    chart = page.locator(CHART).first
    chart.locator("canvas, svg").first.wait_for(state="visible", timeout=60_000)
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    # From a quarter to the middle of the chart's area: inside the plot, clear of the title and the legend.
    start = (box["x"] + box["width"] * 0.25, box["y"] + box["height"] * 0.3)
    end = (box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.6)

    _drag(page, start, (start[0] + 30, start[1] + 20), shift=False)  # pans
    page.wait_for_timeout(1_500)
    settle(page)
    assert page.get_by_text(NONE_SELECTED).count() == 1
    assert page.get_by_text(re.compile("points selected")).count() == 0
    page.mouse.dblclick(*start)  # back to the whole map
    page.wait_for_timeout(500)

    _drag(page, start, end, shift=True)
    selected = page.get_by_text(re.compile(r"points selected \([\d,]+ in the box drawn on the map, 0 in the ranges\)"))
    selected.wait_for(state="visible", timeout=60_000)
    settle(page)
    save_screenshot(page, "token map box selection")
    count = int(re.search(r"([\d,]+) points selected", selected.inner_text())[1].replace(",", ""))
    # More rows than the map draws at all: the box takes every row inside it, drawn or not.
    assert 1_000 < count < 30_522, selected.inner_text()
    assert page.get_by_text("also those the sample leaves undrawn").count() == 1
    assert page.get_by_text("Selected tokens (CSV)").count() == 1
    assert page.locator("[data-testid='stDataFrame']").last.is_visible()
