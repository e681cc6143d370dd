"""The vendored plotly.js is the file its README names, and has the trace the 2D WebGL map draws with."""

import hashlib

import pytest

from dashboard.ui.token_map_element import VENDORED_PLOTLY, plotly_source
from tests.charts.test_token_map_deck import synthetic_frame

SHA256 = "d396c0d59e2844a167dc4aca8469fe1653060cb105f4d7cbd47b3c7788b1e750"


def test_the_vendored_bundle_is_the_npm_file_the_readme_names():
    content = VENDORED_PLOTLY.read_bytes()
    assert hashlib.sha256(content).hexdigest() == SHA256
    assert SHA256 in (VENDORED_PLOTLY.parent / "README.md").read_text(encoding="utf-8")
    assert (VENDORED_PLOTLY.parent / "LICENSE-plotly.js").read_text(encoding="utf-8").startswith("MIT License")
    assert plotly_source() == VENDORED_PLOTLY


@pytest.mark.parametrize("colour", ["category", "norm", "id"])
def test_the_bundle_registers_every_trace_type_the_map_draws_with(colour):
    from dashboard.charts.token_map_plotly import token_map_plotly

    text = VENDORED_PLOTLY.read_text(encoding="utf-8")
    assert text.startswith("/**\n* plotly.js (gl2d - minified) v3.7.0")
    figure = token_map_plotly(synthetic_frame(500), color_by=colour, axis_titles=("x", "y"), legend_title="c").figure
    kinds = {trace.get("type", "scatter") for trace in figure["data"]}
    assert kinds and all(f'moduleType:"trace",name:"{kind}"' in text for kind in kinds), kinds
