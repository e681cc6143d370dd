"""The Token map's HTML export opens in Chromium with every network request refused, and draws its points."""

from __future__ import annotations

import io

import numpy as np
import pytest

from dashboard.maps.projection import ProjectionSettings, project_pca
from dashboard.analysis.table_rows import table_rows
from dashboard.maps.frame import token_map_frame
from dashboard.maps.chart import figure_html, token_map_figure
from tests.e2e.browser import SCREENSHOTS
from tests.map_fixtures import random_table, tables_of


@pytest.mark.parametrize("dims", [2, 3])
def test_the_exported_map_draws_offline(browser, tmp_path, dims):
    rows = table_rows(tables_of(random_table(300, 8)), "token")
    projection = project_pca(rows.table, ProjectionSettings("pca", dims))
    frame = token_map_frame(projection, labels=rows.labels, raw=rows.raw, categories=rows.categories,
                            norms=rows.norms, highlighted=np.zeros(300, bool))
    figure = token_map_figure(frame, axis_titles=["PC1", "PC2", "PC3"], title="offline map").figure
    path = tmp_path / "map.html"
    path.write_bytes(figure_html(figure, "offline map"))

    network, errors = [], []
    # The session's Chromium (tests/e2e/conftest.py): a second sync_playwright() in the same thread is refused.
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
                   else (network.append(route.request.url), route.abort()))
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(path.as_uri())
        page.wait_for_selector(".js-plotly-plot .main-svg", timeout=60_000)
        page.wait_for_timeout(1_000)  # WebGL draws after the SVG layers
        shot = page.locator(".js-plotly-plot").first.screenshot()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / f"html-export-{dims}d.png").write_bytes(shot)
        assert page.title() == "offline map"
    finally:
        context.close()
    assert network == [] and errors == []
    from PIL import Image

    pixels = np.asarray(Image.open(io.BytesIO(shot)).convert("RGB")).reshape(-1, 3).astype(int)
    # Points are drawn in colour: a share of pixels that are neither white, grey nor black.
    coloured = (pixels.max(axis=1) - pixels.min(axis=1)) > 60
    assert coloured.mean() > 0.002, f"{coloured.mean():.4f} of the pixels are coloured"
