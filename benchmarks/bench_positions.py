"""Benchmark: the position-similarity heatmap of the bundled default (all-MiniLM-L6-v2, 512 positions).

Compares what the Positions page sends (the matrix block-averaged to 256 x 256
cells, drawn as one palette PNG inside the Vega-Lite chart) and how long it
takes to build against the naive chart: one Altair rect per pair of positions
(512 x 512 = 262,144 rects). "Bytes the browser receives" is measured the way Streamlit ships an
Altair chart: the Vega-Lite spec as JSON plus each dataset as Arrow IPC bytes
(Streamlit's own ``_convert_altair_to_vega_lite_spec``, the function
``st.altair_chart`` calls). Build time covers the similarity computation, the
chart and that conversion, median of ``runs`` runs.

Run: ``python -m benchmarks.bench_positions`` (prints the figures), or as part
of ``make bench``.
"""

from __future__ import annotations

import json
import altair as alt
import numpy as np
import pandas as pd

from benchmarks.harness import Budget, Figure, SuiteResult, median_of, time_runs
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


def run(runs: int = 5) -> SuiteResult:
    """Measure the default's position heatmap against the naive chart, ``runs`` times each for the build time.

    Byte counts are deterministic (the same chart gives the same bytes), so they are taken once.
    """
    from dashboard.checkpoints import load_tables

    position = load_tables("default").position
    ours_bytes = streamlit_payload_bytes(_ours(position))
    naive_bytes = streamlit_payload_bytes(_naive(position))
    ours_seconds = median_of(time_runs(lambda: streamlit_payload_bytes(_ours(position)), runs))
    naive_seconds = median_of(time_runs(lambda: streamlit_payload_bytes(_naive(position)), runs))
    with alt.data_transformers.disable_max_rows():
        ours_json = len(json.dumps(_ours(position).to_dict()))
        naive_json = len(json.dumps(_naive(position).to_dict()))
    n = position.shape[0]
    naive = f"one rect per pair, {n}x{n}"
    figures = [
        Figure(f"position heatmap of the default, bytes Streamlit sends for the chart ({CELLS_PER_SIDE}x"
               f"{CELLS_PER_SIDE} image; deterministic, 1 run)", "bytes", ours_bytes, naive_bytes, naive,
               Budget(BYTES_BUDGET), 1),
        Figure("position heatmap of the default, bytes of the Vega-Lite JSON spec (chart.to_dict, data inline; "
               "deterministic, 1 run)", "bytes", ours_json, naive_json, naive, Budget(BYTES_BUDGET), 1),
        Figure(f"position heatmap of the default, seconds to build (similarity + chart + Streamlit conversion), "
               f"median of {runs}", "s", ours_seconds, naive_seconds, naive, Budget(SECONDS_BUDGET), runs),
    ]
    notes = [f"Default position table {n} x {position.shape[1]}; ours block-averages it to {CELLS_PER_SIDE} x "
             f"{CELLS_PER_SIDE} cells drawn as one palette PNG; the alternative is an Altair `mark_rect` per pair "
             f"of positions ({n * n:,} rows). Bytes are counted the way `st.altair_chart` ships a chart: Streamlit's "
             "own `_convert_altair_to_vega_lite_spec`, spec JSON plus each dataset as Arrow IPC bytes."]
    return SuiteResult(figures, notes)


if __name__ == "__main__":
    from benchmarks.report import render_summary

    print(render_summary(run().figures))
