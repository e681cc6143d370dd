"""Benchmark: the position-similarity heatmap of the bundled default (all-MiniLM-L6-v2, 512 positions).

Compares what the Positions page sends (the matrix block-averaged to 256 x 256
cells, drawn as one palette PNG inside the Vega-Lite chart) and how long it
takes to build against the naive chart: one Altair rect per pair of positions
(512 x 512 = 262,144 rects). "Bytes the browser receives" is measured the way Streamlit ships an
Altair chart: the Vega-Lite spec as JSON plus each dataset as Arrow IPC bytes
(Streamlit's own ``_convert_altair_to_vega_lite_spec``, the function
``st.altair_chart`` calls). Build time covers the similarity computation, the
chart and that conversion, best of ``repeats`` runs.

Run: ``python -m benchmarks.bench_positions`` (prints a table), or call
:func:`run` for the figures as dicts.
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable

import altair as alt
import numpy as np
import pandas as pd

from dashboard.analysis.norms import unit_rows
from dashboard.analysis.position_blocks import block_similarity
from dashboard.charts.positions import similarity_heatmap_chart

#: What the page must stay under: a heatmap payload a browser takes in well
#: under a second, and a server-side build that leaves room for rendering.
BYTES_BUDGET = 150_000
SECONDS_BUDGET = 0.5
CELLS_PER_SIDE = 256  # the page's default resolution


def streamlit_payload_bytes(chart: alt.TopLevelMixin) -> int:
    """Bytes Streamlit sends for ``chart``: spec JSON without data plus every dataset (Arrow bytes)."""
    from streamlit.elements.vega_charts import _convert_altair_to_vega_lite_spec

    spec = _convert_altair_to_vega_lite_spec(chart)
    datasets = spec.pop("datasets", {}) or {}
    data = sum(len(v) if isinstance(v, bytes) else len(json.dumps(v)) for v in datasets.values())
    return len(json.dumps(spec)) + data


def _ours(position: np.ndarray) -> alt.Chart:
    heat = block_similarity(position, max_cells=CELLS_PER_SIDE)
    return similarity_heatmap_chart(heat.frame, block=heat.block, n_positions=heat.n_positions)


def _naive(position: np.ndarray) -> alt.Chart:
    units = unit_rows(position)
    cosine = units @ units.T  # (n_positions, n_positions): fine for 512, the point is what gets sent
    rows, cols = np.meshgrid(np.arange(len(units)), np.arange(len(units)), indexing="ij")
    frame = pd.DataFrame({"row": rows.ravel(), "col": cols.ravel(), "value": cosine.ravel()})
    return alt.Chart(frame).mark_rect().encode(x="col:O", y="row:O", color="value:Q")


def _best_seconds(build: Callable[[], Any], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        build()
        best = min(best, time.perf_counter() - start)
    return best


def run(repeats: int = 3) -> list[dict[str, Any]]:
    """Measure the default's position heatmap against the naive chart.

    Returns:
        One dict per figure: ``what`` (with its unit), ``ours``,
        ``alternative`` (the naive 512 x 512 rect chart), ``ratio``
        (ours / alternative) and ``budget`` (the most ``ours`` may be).
    """
    from dashboard.checkpoints import load_tables

    position = load_tables("default").position
    ours_bytes = streamlit_payload_bytes(_ours(position))
    naive_bytes = streamlit_payload_bytes(_naive(position))
    ours_seconds = _best_seconds(lambda: streamlit_payload_bytes(_ours(position)), repeats)
    naive_seconds = _best_seconds(lambda: streamlit_payload_bytes(_naive(position)), repeats)
    with alt.data_transformers.disable_max_rows():
        ours_json = len(json.dumps(_ours(position).to_dict()))
        naive_json = len(json.dumps(_naive(position).to_dict()))
    n = position.shape[0]
    return [
        {"what": f"position heatmap of the default, bytes Streamlit sends to the browser ({CELLS_PER_SIDE}x"
                 f"{CELLS_PER_SIDE} image vs {n}x{n} rects)",
         "ours": ours_bytes, "alternative": naive_bytes, "ratio": ours_bytes / naive_bytes, "budget": BYTES_BUDGET},
        {"what": "position heatmap of the default, bytes of the Vega-Lite JSON spec (chart.to_dict, data inline)",
         "ours": ours_json, "alternative": naive_json, "ratio": ours_json / naive_json, "budget": BYTES_BUDGET},
        {"what": "position heatmap of the default, seconds to build (similarity + chart + Streamlit conversion)",
         "ours": ours_seconds, "alternative": naive_seconds, "ratio": ours_seconds / naive_seconds,
         "budget": SECONDS_BUDGET},
    ]


if __name__ == "__main__":
    for figure in run():
        verdict = "ok" if figure["ours"] <= figure["budget"] else "OVER BUDGET"
        print(f"{figure['what']}: ours {figure['ours']:,.4g}, naive {figure['alternative']:,.4g}, "
              f"ratio {figure['ratio']:.4f}, budget {figure['budget']:,} -> {verdict}")
