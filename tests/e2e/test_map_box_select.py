"""A box drawn with the mouse (Shift + drag) on the 2D Vega-Lite token map lists the tokens inside it."""

from __future__ import annotations

import re

from tests.e2e.browser import error_texts, exception_texts, open_page, save_screenshot, settle

CHART = "[data-testid='stVegaLiteChart']"


def test_shift_dragging_a_box_on_the_map_lists_the_tokens_inside(page, app_url):
    open_page(page, f"{app_url}/token_map?renderer=altair")  # all-MiniLM-L6-v2: 30,522 rows, a sample drawn
    assert exception_texts(page) == [] and error_texts(page) == []
    chart = page.locator(CHART).first
    chart.locator("canvas, svg").first.wait_for(state="visible", timeout=60_000)
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    # From a quarter to the middle of the chart's area: inside the plot, clear of the title and the legend.
    x0, y0 = box["x"] + box["width"] * 0.25, box["y"] + box["height"] * 0.3
    x1, y1 = box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.6
    page.keyboard.down("Shift")
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=12)
    page.mouse.up()
    page.keyboard.up("Shift")
    selected = page.get_by_text(re.compile(r"points selected \(0 clicked, [\d,]+ in the box\)"))
    selected.wait_for(state="visible", timeout=60_000)
    settle(page)
    save_screenshot(page, "token map box selection")
    count = int(re.search(r"([\d,]+) points selected", selected.inner_text())[1].replace(",", ""))
    assert 0 < count < 30_522, selected.inner_text()
    assert page.get_by_text("Selected tokens (CSV)").count() == 1
    table = page.locator("[data-testid='stDataFrame']").last
    assert table.is_visible()
