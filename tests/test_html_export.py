"""The offline HTML export: every script inline, the data inside, the title escaped."""

import json
import re

import altair as alt
import pandas as pd
import pytest

from dashboard.html_export import standalone_html


@pytest.fixture(scope="module")
def page():
    frame = pd.DataFrame({"x": [0.5, -1.25, 2.0], "y": [1.0, 0.0, -3.5],
                          "token": ["queen", "<script>alert(1)</script>", "␣king"]})
    chart = alt.Chart(frame, title="map of <tiny>").mark_circle().encode(x="x", y="y", tooltip=["token"])
    return standalone_html(chart.to_dict(), title="Token map: <tiny> & co").decode("utf-8")


def test_no_script_style_or_font_is_loaded_from_the_network(page):
    assert re.findall(r"<script\b[^>]*\bsrc\s*=", page, flags=re.IGNORECASE) == []
    assert re.findall(r"<link\b", page, flags=re.IGNORECASE) == []
    assert re.findall(r"@import\s+url|url\(\s*['\"]?https?:", page, flags=re.IGNORECASE) == []
    scripts = re.findall(r"<script\b[^>]*>", page, flags=re.IGNORECASE)
    assert scripts and len(page) > 500_000  # the libraries themselves are inside


def test_the_libraries_and_the_data_are_inline(page):
    assert "vegaEmbed" in page and "window.vega=" in page
    for value in ("queen", "␣king", "-1.25", "-3.5"):
        assert value in page
    spec = json.loads(page.split("const spec = ", 1)[1].split(";\nvegaEmbed", 1)[0])
    assert [row["token"] for row in next(iter(spec["datasets"].values()))] == [
        "queen", "<script>alert(1)</script>", "␣king"]


def test_a_token_cannot_close_the_script_and_the_title_is_escaped(page):
    # A token string "</script>..." inside the inline JSON would end the script and run as code.
    assert "alert(1)" in page and "<script>alert(1)" not in page and "</script>alert" not in page
    body = page.rsplit("\n<body>\n", 1)[1]
    assert body.lower().count("</script") == 1  # only the closing tag of the one script in the body
    assert "<title>Token map: &lt;tiny&gt; &amp; co</title>" in page
