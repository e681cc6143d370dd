"""The Token map's 2D WebGL element: plotly.js fed a packed map, its selection read back.

Why not ``st.plotly_chart``: for 256,000 points its frontend passes the 8 MB
figure through ``JSON.stringify``, a replace per theme colour and
``JSON.parse`` before plotly.js draws, and loads its 4.7 MB plotly.js chunk
after the figure has arrived; the page took 8-9 s to draw (suite
``webgl_map``). This element (Streamlit's components v2, no iframe) receives
the map as one binary message (:mod:`dashboard.charts.token_map_binary`)
and the browser loads plotly.js from a static file in parallel with the
page. The drawing, hover, legend, box and lasso are plotly.js's own; the
figure is :func:`dashboard.charts.token_map_plotly.token_map_plotly`'s.

plotly.js is plotly's own gl2d partial bundle (scatter, scattergl, splom,
parcoords: what a 2D WebGL map needs), ``plotly-gl2d.min.js`` of the npm
package ``plotly.js-gl2d-dist-min`` 3.7.0, unmodified, in :data:`VENDORED_PLOTLY`
(provenance and checksum in ``dashboard/ui/vendor/README.md``): 1.6 MB that
Chromium loaded in 0.43-0.60 s on the 2-core machine, against 1.0-1.1 s for
the full 4.8 MB ``plotly.min.js`` the Python ``plotly`` package ships, time
the map waited for after it had arrived. It is copied once into Streamlit's static
folder (:data:`dashboard.ui.deck_files.STATIC_DIR`, served at
``/app/static/``) under a name with its content's hash. Where that folder
cannot be written or static serving is off, :func:`plotly_url` is ``None``
and the page draws with ``st.plotly_chart`` instead.

Selections come back as the state value ``selection``: row ids, which
:func:`read_selection` checks against the rows the map drew (the browser
is not trusted).

Reference: https://docs.streamlit.io/develop/api-reference/custom-components/st.components.v2.component
"""

from __future__ import annotations

import functools
import hashlib
import os
import time
from pathlib import Path

import numpy as np
import streamlit as st
import streamlit.components.v2 as components

from dashboard.charts.token_map_binary import pack_map
from dashboard.i18n import t
from dashboard.ui.deck_files import STALE_SECONDS, STATIC_DIR, files_enabled, write_served_file

#: Where the copy of plotly.js goes, under :data:`STATIC_DIR`.
VENDOR_DIR = STATIC_DIR / "vendor"
#: plotly.js's gl2d bundle, as its npm package ships it (see the module docstring).
VENDORED_PLOTLY = Path(__file__).resolve().parent / "vendor" / "plotly-gl2d.min.js"
_ELEMENT = components.component(
    "token_map_plotly", js=(Path(__file__).with_suffix(".js")).read_text(encoding="utf-8"), isolate_styles=False,
    # plotly.js puts its own style sheet (modebar, hover labels) in the page's head: no shadow root around it.
    css=".token-map-plot { width: 100%; }")


def plotly_source() -> Path:
    """The plotly.js file the element loads: :data:`VENDORED_PLOTLY`."""
    return VENDORED_PLOTLY


@functools.lru_cache(maxsize=1)
def _served_copy() -> str | None:
    source = plotly_source()
    content = source.read_bytes()
    target = VENDOR_DIR / f"plotly-{hashlib.blake2b(content, digest_size=8).hexdigest()}.min.js"
    try:
        if not (target.is_file() and target.stat().st_size == len(content)):
            # Through the link's target: in the image static/ links into the /cache volume, which may
            # predate the link's folder (as in dashboard/ui/deck_files.py).
            Path(os.path.realpath(VENDOR_DIR)).mkdir(parents=True, exist_ok=True)
            write_served_file(target, content)
    except OSError:  # a read-only image or a full disk: the page falls back to st.plotly_chart
        return None
    _remove_stale_copies(keep=target)
    return f"app/static/{VENDOR_DIR.name}/{target.name}"


def _remove_stale_copies(keep: Path) -> None:
    """Delete the other ``plotly-*.min.js`` in :data:`VENDOR_DIR` (copies of an earlier plotly.js, which the cache
    volume keeps across upgrades: 4.8 MB each) and ``.tmp`` files older than :data:`STALE_SECONDS` (a server killed
    mid-write). A file that cannot be deleted is left; the page serves ``keep`` either way."""
    now = time.time()
    for path in VENDOR_DIR.glob("*"):
        try:
            stale_copy = path.name.startswith("plotly-") and path.name.endswith(".min.js") and path.name != keep.name
            if stale_copy or path.suffix == ".tmp" and now - path.stat().st_mtime > STALE_SECONDS:
                path.unlink()
        except OSError:
            continue


def plotly_url() -> str | None:
    """URL of plotly.js relative to the page (``app/static/vendor/plotly-HASH.min.js``), or ``None`` if not served."""
    return _served_copy() if files_enabled() else None


def token_map_element(message: bytes, key: str) -> object:
    """Mount the map packed in ``message`` (:func:`pack_figure`); what the browser sent as its selection.

    Args:
        message: the packed map.
        key: names the view (16 hex digits): a new key is a new element with no selection.

    Returns:
        The element's ``selection`` state as received (unchecked: pass it to :func:`read_selection`).
    """
    result = _ELEMENT(data=message, key=f"token_map_element_{key}", default={"selection": []},
                      on_selection_change=lambda: None)
    return getattr(result, "selection", None)


def pack_figure(figure: dict, *, url: str, key: str) -> bytes:
    """``figure`` as the element's message (:func:`dashboard.charts.token_map_binary.pack_map`), page's language.

    Args:
        figure: the plotly figure dict (:class:`~dashboard.charts.token_map_plotly.PlotlyMap`'s).
        url: :func:`plotly_url`.
        key: names the view; the browser draws anew only when it changes.
    """
    return pack_map(figure, plotly_url=url, key=key,
                    config={"scrollZoom": True, "displaylogo": False, "responsive": True, "showSendToCloud": False},
                    messages={"undrawable": t("token_map.element_undrawable")})


def preload_plotly(url: str) -> None:
    """Have the browser load plotly.js now, while the server still computes the map (an element that shows nothing).

    On the 2-core machine, the full 4.8 MB plotly.js took about 1.2 s to fetch and run after the map had arrived;
    the 1.6 MB gl2d bundle served now, 0.43-0.60 s on a bare page.
    """
    _ELEMENT(data=url, key="token_map_element_preload")


def read_selection(value: object, drawn_ids: np.ndarray) -> np.ndarray:
    """The ids in ``value`` (the element's ``selection`` state) that name rows the map drew.

    Args:
        value: whatever the browser sent: a list of numbers is expected; anything else selects nothing.
        drawn_ids: ``(n_drawn,)`` int64, sorted: the rows on the map.

    Returns:
        ``(n_selected,)`` int64, sorted and unique, a subset of ``drawn_ids``; empty for a list longer
        than ``drawn_ids`` (the element sends each drawn row once at most: a longer one is forged, and
        would cost the server a second a million entries to check).
    """
    if not isinstance(value, (list, tuple)) or len(value) > len(drawn_ids):
        return np.zeros(0, np.int64)
    ids = [int(v) for v in value if isinstance(v, (int, float)) and not isinstance(v, bool)
           and abs(v) < 2**53 and float(v).is_integer()]
    # Binary search in the sorted drawn ids: np.intersect1d sorts all of them again, 0.2 s a rerun for 256,000 rows.
    wanted = np.unique(np.asarray(ids, np.int64))
    if wanted.size == 0:
        return wanted
    at = np.searchsorted(drawn_ids, wanted).clip(max=len(drawn_ids) - 1)
    return wanted[drawn_ids[at] == wanted]
