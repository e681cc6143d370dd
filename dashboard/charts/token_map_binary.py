"""A plotly token map as one binary message: the arrays as raw float32, the rest as a JSON header.

``st.plotly_chart`` sends a figure as JSON text, which Streamlit's frontend
passes through ``JSON.stringify``, a replace per theme colour and
``JSON.parse`` before plotly.js sees it: for 256,000 points (8 MB) that was
most of the 8-9 s before the map was drawn (docs/large-vocabularies.md). The
Token map's own element (:mod:`dashboard.ui.token_map_element`) receives
these bytes instead and hands plotly.js typed arrays copied out of them.

Layout of the message (all integers little-endian)::

    bytes 0-3      uint32 L: length of the header in bytes (a multiple of 4)
    bytes 4..4+L   UTF-8 JSON, padded with spaces: {"format": 1, "plotly": URL,
                   "key": view key, "layout": {...}, "config": {...}, "messages": {...},
                   "traces": [trace without its arrays, plus "n" (points) and
                   "width" (customdata columns, 0 for none)]}
    then, per trace in order: x float32[n], y float32[n],
                   customdata float32[n * width] (row-major)

Every trace keeps its ``text`` (tokens, already escaped for plotly's
pseudo-HTML) in the header: JSON is the quickest way to hand a browser
256,000 strings. A lone surrogate (a token or a typed axis query may hold
one), which UTF-8 cannot encode, is written as its JSON escape ``\\ud800``.
"""

from __future__ import annotations

import json
import struct

import numpy as np

#: Version of the layout above; the element refuses another.
FORMAT = 1
#: Trace keys that travel as float32 arrays after the header.
ARRAY_KEYS = ("x", "y", "customdata")


class PackedMapError(ValueError):
    """Bytes that are not a packed map of :data:`FORMAT` (truncated, or another layout)."""


def pack_map(figure: dict, *, plotly_url: str, key: str, config: dict, messages: dict[str, str]) -> bytes:
    """``figure`` (plotly JSON layout: ``data``, ``layout``) as one message for the Token map's element.

    Args:
        figure: traces with ``x``, ``y`` (``(n,)`` float arrays) and optionally
            ``customdata`` (``(n, width)``), as :func:`dashboard.charts.token_map_plotly.token_map_plotly` builds.
        plotly_url: where the browser loads plotly.js from (relative to the page).
        key: names the view (hex digits); the element draws anew only when it changes, and reads it from
            the header's first 512 bytes (``"key": "..."``, after ``format`` and ``plotly``).
        config: plotly.js config (``scrollZoom``, ...), JSON-serialisable.
        messages: what the element says where it cannot draw (``undrawable``), in the page's language.

    Returns:
        The message laid out as the module docstring says; 8 bytes a point plus
        4 per customdata column, plus the header.

    Raises:
        ValueError: a trace's arrays disagree in length.
    """
    traces, arrays = [], []
    for trace in figure["data"]:
        x, y = (np.asarray(trace[k], np.float32).ravel() for k in ("x", "y"))
        if len(x) != len(y):
            raise ValueError(f"trace {trace.get('name', '')!r} has {len(x)} x and {len(y)} y values")
        custom = np.asarray(trace.get("customdata", np.zeros((len(x), 0))), np.float32)
        custom = custom.reshape(len(x), -1) if custom.ndim != 2 else custom
        traces.append({**{k: v for k, v in trace.items() if k not in ARRAY_KEYS}, "n": len(x),
                       "width": custom.shape[1]})
        arrays += [x, y, custom]
    header = json.dumps({"format": FORMAT, "plotly": plotly_url, "key": key, "layout": figure["layout"],
                         "config": config, "messages": messages, "traces": traces},
                        ensure_ascii=False).encode("utf-8", "backslashreplace")  # \ud800 stays a JSON escape
    header += b" " * (-len(header) % 4)
    return b"".join([struct.pack("<I", len(header)), header, *(a.astype("<f4").tobytes() for a in arrays)])


def unpack_map(message: bytes) -> dict:
    """The figure and settings of a message from :func:`pack_map` (what the element reads, in Python).

    Returns:
        The header's dict, its traces with ``x``, ``y`` as ``(n,)`` float32 and
        ``customdata`` as ``(n, width)`` float32 again.

    Raises:
        PackedMapError: the bytes are too short for what the header says, or of another format.
    """
    if len(message) < 4:
        raise PackedMapError("a packed map starts with a 4-byte header length")
    (length,) = struct.unpack_from("<I", message)
    try:
        header = json.loads(message[4:4 + length].decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PackedMapError(f"the header of a packed map is not JSON: {error}") from error
    if header.get("format") != FORMAT:
        raise PackedMapError(f"packed map format {header.get('format')!r}, expected {FORMAT}")
    offset = 4 + length
    for trace in header.get("traces", []):
        n, width = trace.pop("n", None), trace.pop("width", None)
        if not (isinstance(n, int) and isinstance(width, int) and n >= 0 and width >= 0):
            raise PackedMapError(f"a trace of a packed map has n={n!r}, width={width!r}: two counts expected")
        for name, count in (("x", n), ("y", n), ("customdata", n * width)):
            end = offset + 4 * count
            if end > len(message):
                raise PackedMapError(f"a packed map ends at byte {len(message)}, its arrays need {end}")
            trace[name] = np.frombuffer(message, "<f4", count, offset).astype(np.float32)
            offset = end
        trace["customdata"] = trace["customdata"].reshape(n, width)
        if not width:
            del trace["customdata"]
    return header
