"""A chart as one self-contained HTML file that opens offline.

vl-convert (the Vega project's converter, already used for PNG/SVG) writes an
HTML document with the Vega, Vega-Lite and vega-embed JavaScript bundled into
inline ``<script>`` elements (``vegalite_to_html(..., bundle=True)``): no
script, style or font is fetched, so the file opens from a disk, a USB stick
or an e-mail attachment with no network. The spec carries its data inline
(:func:`dashboard.ui.downloads.export_spec`), so the file holds every drawn
point with its tooltip fields. The only URLs left in the file are names, not
loads: XML namespaces, the spec's ``$schema`` and links in the libraries'
error messages.

The first call in a process bundles the JavaScript (about 15 s on 2 busy
cores); vl-convert keeps the bundle, so later calls take milliseconds plus
the data. The map is drawn with the canvas renderer: an SVG with tens of
thousands of points is slow to open in a browser.
"""

from __future__ import annotations

import html

#: The Vega-Lite version the bundle carries: the one Altair 6 writes specs for.
VEGA_LITE_VERSION = "6.4"


def standalone_html(spec: dict, title: str) -> bytes:
    """The Vega-Lite ``spec`` as a self-contained HTML page, UTF-8.

    Args:
        spec: a Vega-Lite spec with inline data (``datasets`` or ``data.values``).
        title: the page's ``<title>`` (escaped here).

    Returns:
        The HTML document, about 0.9 MB of JavaScript plus the spec's JSON.

    Raises:
        ValueError: vl-convert rejects the spec (it is not valid Vega-Lite).
    """
    import vl_convert

    document = vl_convert.vegalite_to_html(spec, vl_version=VEGA_LITE_VERSION,
                                           bundle=True, renderer="canvas")
    document = document.replace("<title>Chart</title>", f"<title>{html.escape(title)}</title>", 1)
    return document.encode("utf-8")
