"""The Token map's plotly.js element: plotly.js served as a file, selections from the browser checked."""

import os

import numpy as np
import pytest

import dashboard.ui.token_map_element as element
from dashboard.ui.token_map_element import plotly_source, read_selection


@pytest.fixture
def vendor(tmp_path, monkeypatch):
    folder = tmp_path / "static" / "vendor"
    monkeypatch.setattr(element, "VENDOR_DIR", folder)
    element._served_copy.cache_clear()
    yield folder
    element._served_copy.cache_clear()


def test_plotly_js_is_copied_once_under_its_content_hash_and_named_relative_to_the_page(vendor):
    url = element._served_copy()
    assert url is not None and url.startswith("app/static/vendor/plotly-") and url.endswith(".min.js")
    served = vendor / url.rsplit("/", 1)[1]
    assert served.read_bytes() == plotly_source().read_bytes()
    assert oct(served.stat().st_mode & 0o777) == "0o644"  # readable by the server that serves it
    assert [p.name for p in vendor.iterdir()] == [served.name]  # no temporary file left behind


def test_a_folder_that_cannot_be_written_means_no_url_and_the_page_falls_back(vendor):
    vendor.parent.mkdir(parents=True)
    vendor.parent.chmod(0o500)
    try:
        if os.access(vendor.parent, os.W_OK):  # root ignores the mode: make the target a file instead
            vendor.parent.chmod(0o700)
            vendor.write_text("not a folder")
        assert element._served_copy() is None
    finally:
        vendor.parent.chmod(0o700)


def test_read_selection_keeps_whole_ids_of_drawn_rows_once_each():
    drawn = np.array([0, 1, 2, 5, 8], np.int64)
    assert read_selection([8, 1, 1, 5.0], drawn).tolist() == [1, 5, 8]
    assert read_selection([3, 4, -1, 99, 2**63, 2.5, "1", True, None, [1]], drawn).tolist() == []
    assert read_selection([float("nan"), float("inf"), 0], drawn).tolist() == [0]


@pytest.mark.parametrize("value", [None, "1,2", {"selection": [1]}, 5, b"\x01"])
def test_read_selection_of_anything_but_a_list_selects_nothing(value):
    assert read_selection(value, np.arange(10)).tolist() == []


def test_a_list_longer_than_the_limit_selects_nothing(monkeypatch):
    monkeypatch.setattr(element, "MAX_SELECTED", 3)
    assert read_selection([1, 2, 3, 4], np.arange(10)).tolist() == []
    assert read_selection([1, 2, 3], np.arange(10)).tolist() == [1, 2, 3]
