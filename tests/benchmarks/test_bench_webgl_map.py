"""The WebGL map bench refuses a table the page would draw with Vega-Lite, instead of waiting for WebGL in vain."""

import re
from pathlib import Path

import pytest

from benchmarks import bench_webgl_map

PAGE = Path(__file__).resolve().parents[2] / "pages" / "token_map.py"


def test_a_table_the_page_samples_for_vega_lite_is_refused_at_once_naming_the_least_rows():
    with pytest.raises(ValueError, match=r"more than 40,000 rows \(got 40,000\)"):
        bench_webgl_map.run(40_000)


def test_the_bench_threshold_is_the_token_map_pages_default_sample():
    """Above its ``points`` default, the page's ``auto`` renderer draws WebGL: the bench's guard must follow it."""
    default = re.search(r'UrlParam\("points", "map_points", ([\d_]+),', PAGE.read_text())
    assert default and int(default.group(1)) == bench_webgl_map.SAMPLE_POINTS
