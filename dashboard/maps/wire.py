"""The token map as the page's component receives it: the figure's points as Arrow, everything else as JSON.

The component (``token_map_component/``) uses the Python package's plotly.js version, so the figure looks the same
there and in its HTML export. ``points`` is an Arrow IPC stream
(https://arrow.apache.org/docs/format/Columnar.html#ipc-streaming-format), one record batch, a row per drawn
point, trace by trace: ``x``, ``y`` (and ``z``) uint16 grid steps (:data:`~dashboard.maps.chart.GRID` over the
widest axis), ``id`` uint32, ``norm`` float32 (L2), ``text`` utf8 (as the hover shows it), ``colour`` uint8 (a
scale step, when coloured by norm or id); bytes, since a DataFrame argument would carry its index and go through
pandas on every run. ``spec`` is ``{view, dims, data, layout}``: plotly JSON without per-point arrays, a point
trace naming its rows ``[start, stop)``. The component answers ``{"view": ..., "ids": [...]}`` on a selection.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from dashboard.maps.chart import TokenMap

#: Trace keys that hold one value per point; they travel in ``points``, never in the spec.
POINT_KEYS = ("x", "y", "z", "text", "customdata")


@dataclass(frozen=True, eq=False)
class MapPayload:
    """What the component draws a map from: ``points`` (the Arrow IPC stream) and ``spec`` (JSON).

    ``spec`` holds ``view`` (the view's key), ``dims`` (2 or 3), ``data`` (traces) and ``layout``; ``drawn_ids`` is
    ``(n_points,)`` int64, sorted: the row ids drawn, the only ids a selection may name.
    """

    points: bytes
    spec: dict
    drawn_ids: np.ndarray


def map_payload(token_map: TokenMap, view: str) -> MapPayload:
    """``token_map``'s figure as the component receives it: per-point columns as Arrow, the rest as JSON.

    ``token_map``'s point traces hold ``uint16`` grid steps ``x``, ``y`` (``z``), ``text``, ``(n, 2)`` ``customdata``
    (id, norm) and, coloured by norm or id, a ``uint8`` ``marker.color``; ``view`` is a key naming the view (the
    component redraws only when it changes). Each point trace in ``spec["data"]`` gets ``rows: [start, stop)``.
    """
    import plotly.io
    import pyarrow as pa

    columns: dict[str, list[np.ndarray]] = {}
    traces, start = [], 0
    steps: list[np.ndarray] = []
    any_steps = False
    for trace, ids in zip(token_map.figure.data, token_map.trace_ids):
        spec = trace.to_plotly_json()
        if not len(ids):  # a legend entry or the axes' trace: no point of its own
            traces.append(spec)
            continue
        marker = dict(spec.get("marker") or {})
        stepped = isinstance(marker.get("color"), np.ndarray)  # a continuous scale's steps, one per point
        # 0 for a trace of one colour (faded by a highlight): the component keeps that trace's colour
        steps.append(marker.pop("color").astype(np.uint8) if stepped else np.zeros(len(ids), np.uint8))
        any_steps |= stepped
        spec["marker"] = marker
        for axis in "xyz":
            if axis in spec:
                columns.setdefault(axis, []).append(np.asarray(spec[axis], np.uint16))
        columns.setdefault("id", []).append(ids.astype(np.uint32))
        columns.setdefault("norm", []).append(np.asarray(spec["customdata"], np.float32)[:, 1])
        columns.setdefault("text", []).append(np.asarray(spec["text"], dtype=str))
        for key in POINT_KEYS:
            spec.pop(key, None)
        spec["rows"] = [start, start + len(ids)]
        start += len(ids)
        traces.append(spec)
    if any_steps:
        columns["colour"] = steps
    order = [name for name in ("x", "y", "z", "id", "norm", "text", "colour") if name in columns]
    table = pa.table({name: pa.array(np.concatenate(columns[name])) for name in order})
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table.combine_chunks())
    layout = json.loads(plotly.io.to_json(token_map.figure.layout, validate=False))
    data = json.loads(plotly.io.json.to_json_plotly(traces))
    dims = 3 if "z" in columns else 2
    if dims == 2:  # a click selects its point, a drag pans
        layout.update(clickmode="event+select", dragmode="pan")
    drawn = np.sort(np.concatenate(columns["id"]).astype(np.int64)) if columns else np.zeros(0, np.int64)
    return MapPayload(sink.getvalue().to_pybytes(), {"view": view, "dims": dims, "data": data, "layout": layout},
                      drawn)


def selected_ids(value: Any, payload: MapPayload) -> np.ndarray:
    """The row ids of a selection the component sent: ``{"view": str, "ids": [int, ...]}``, or ``None``.

    Returns ``(n_selected,)`` int64, sorted and unique, each one of ``payload.drawn_ids``. A value for another view,
    not a dict, or without an ``ids`` list gives none; items that are not drawn ints are left out.
    """
    if not isinstance(value, dict) or value.get("view") != payload.spec["view"] or \
            not isinstance(value.get("ids"), list):
        return np.zeros(0, np.int64)
    ids = np.unique(np.asarray([i for i in value["ids"] if type(i) is int and 0 <= i < 2**63], np.int64))
    drawn = payload.drawn_ids
    where = np.searchsorted(drawn, ids)
    return ids[(where < len(drawn)) & (drawn[np.minimum(where, len(drawn) - 1)] == ids)] if len(drawn) else \
        np.zeros(0, np.int64)
