"""A chart as one self-contained HTML file that opens offline.

vl-convert (the Vega project's converter, already used for PNG/SVG) gives the
Vega, Vega-Lite and vega-embed JavaScript as one bundle
(``vl_convert.javascript_bundle``), which goes into an inline ``<script>``
element: no script, style or font is fetched, so the file opens from a disk,
a USB stick or an e-mail attachment with no network. The spec carries its
data inline (:func:`dashboard.ui.downloads.export_spec`), so the file holds
every drawn point with its tooltip fields. The only URLs left in the file
are names, not loads: XML namespaces, the spec's ``$schema`` and links in
the libraries' error messages.

The page is written here rather than by ``vl_convert.vegalite_to_html``:
that one pastes the spec's JSON into a ``<script>`` as it is, so a token
string ``</script><script>...`` (any vocabulary may hold one) would end the
script and run as code when the file is opened. Here ``<``, ``>``, ``&`` and
the two JavaScript line separators are written as ``\\uXXXX`` escapes, which
JSON reads back as the same characters.

The first call in a process bundles the JavaScript (10-20 s on 2 busy
cores); vl-convert keeps the bundle, so later calls take milliseconds plus
the data. The map is drawn with the canvas renderer: an SVG with tens of
thousands of points is slow to open in a browser. Measured here (2 busy
cores): the PCA map of all-MiniLM-L6-v2's 30,522 rows is a 6.8 MB file,
built in 2.4 s warm (11.9 s cold), and headless Chromium drew it in 5.8 s with
every network request refused.
"""

from __future__ import annotations

import html
import json

#: The Vega-Lite version the bundle carries: the one Altair 6 writes specs for.
VEGA_LITE_VERSION = "6.4"
#: Characters that must not appear literally inside an inline script, and their JSON escapes.
_SCRIPT_SAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}

_PAGE = """<!DOCTYPE html>
<html>
<head>
<meta charset="UTF-8">
<title>{title}</title>
<style>body {{ margin: 16px; font-family: sans-serif; }} #map {{ width: 100%; }}</style>
<script type="text/javascript">{bundle}</script>
</head>
<body>
<div id="map"></div>
<script type="text/javascript">
const spec = {spec};
vegaEmbed("#map", spec, {{"renderer": "canvas", "mode": "vega-lite"}}).catch(console.error);
</script>
</body>
</html>
"""


def script_json(value: object) -> str:
    """``value`` as JSON that is safe inside an HTML ``<script>`` element (no ``</script>``, no ``<!--``)."""
    text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    for character, escape in _SCRIPT_SAFE.items():
        text = text.replace(character, escape)
    return text


def standalone_html(spec: dict, title: str) -> bytes:
    """The Vega-Lite ``spec`` as a self-contained HTML page, UTF-8.

    Args:
        spec: a Vega-Lite spec with inline data (``datasets`` or ``data.values``),
            JSON-serialisable with no NaN (Altair's ``to_dict`` writes NaN as ``null``).
        title: the page's ``<title>`` (escaped here).

    Returns:
        The HTML document: about 0.9 MB of JavaScript plus the spec's JSON.

    Raises:
        ValueError: the spec holds NaN or infinity, or the bundle would end its own script element.
    """
    import vl_convert

    bundle = vl_convert.javascript_bundle(vl_version=VEGA_LITE_VERSION)
    if "</script" in bundle.lower():  # checked for vl-convert 1.9: none; a later bundle must not break the page
        raise ValueError("the Vega bundle contains '</script' and cannot be inlined")
    page = _PAGE.format(title=html.escape(title), bundle=bundle, spec=script_json(spec))
    return page.encode("utf-8")
