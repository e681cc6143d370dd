"""PCA and UMAP of a 256,000 x 2,304 table on a GPU with RAPIDS cuML, against the CPU path in the same run.

Issue 18, part 6: where a GPU machine is lent, the figures for 256,000 rows
(time, trustworthiness) go in docs/benchmarks.md. The table is Gemma-shaped,
rows around 64 random centres as ``bench_vocab_tables`` builds them, held in
memory (no checkpoint: the read is that suite's business). Each side runs once
(a CPU UMAP of this table takes many minutes), unseeded on both sides (umap-learn
then uses every core; seeded it would run on one), after a small fit on each side
has compiled or initialised its code (numba; the CUDA context). Trustworthiness
is :func:`dashboard.maps.manifest.compare_with_cpu`'s: the same 5,000
rows, seed 0, k = 10, cosine. Where cuML or a GPU is not usable the suite
measures nothing and says why.
"""

from __future__ import annotations

import time

import numpy as np

from benchmarks.harness import Budget, Figure, SuiteResult

ROWS, WIDTH, CENTRES = 256_000, 2_304, 64
#: The trustworthiness a cuML map may lose against the CPU map of the same settings (issue 18, part 6).
TRUST_TOLERANCE = 0.01


def clustered_table(rows: int = ROWS, width: int = WIDTH, centres: int = CENTRES) -> np.ndarray:
    """``(rows, width)`` float32 around ``centres`` random centres (centre scale 0.05, noise 0.02), seed 0."""
    generator = np.random.default_rng(0)
    middle = generator.standard_normal((centres, width)).astype(np.float32) * 0.05
    table = np.empty((rows, width), np.float32)
    for start in range(0, rows, 8192):
        stop = min(start + 8192, rows)
        table[start:stop] = middle[generator.integers(0, centres, stop - start)]
        table[start:stop] += generator.standard_normal((stop - start, width)).astype(np.float32) * 0.02
    return table


def _timed(work):
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def run(rows: int = ROWS, width: int = WIDTH) -> SuiteResult:
    """Time cuML's and the CPU's PCA and UMAP of one table; compare their UMAP maps' trustworthiness."""
    from dashboard.maps.manifest import compare_with_cpu
    from dashboard.maps.backends import cuml_status
    from dashboard.maps.pca import pca_solver
    from dashboard.maps.projection import ProjectionSettings, project_table
    from dashboard.maps.umap_fit import warm_umap

    status = cuml_status()
    if not status.available:
        return SuiteResult([], [f"Not run: {status.reason}."])
    table = clustered_table(rows, width)
    shape = f"{rows:,} x {width:,}"
    warm = table[:5_000]
    for backend in ("cpu", "cuml"):
        project_table(warm, ProjectionSettings("pca", 2, backend=backend))
        project_table(warm, ProjectionSettings("umap", 2, None, backend=backend))
    warm_umap()
    pca_gpu, pca_gpu_s = _timed(lambda: project_table(table, ProjectionSettings("pca", 2, backend="cuml")))
    pca_cpu, pca_cpu_s = _timed(lambda: project_table(table, ProjectionSettings("pca", 2)))
    umap_settings = ProjectionSettings("umap", 2, None, backend="cuml")
    umap_gpu, umap_gpu_s = _timed(lambda: project_table(table, umap_settings))
    umap_cpu, umap_cpu_s = _timed(lambda: project_table(table, ProjectionSettings("umap", 2, None)))
    check = compare_with_cpu(table, umap_gpu, umap_settings, cpu_projection=umap_cpu)
    pca_check = compare_with_cpu(table, pca_gpu, ProjectionSettings("pca", 2, backend="cuml"),
                                 cpu_projection=pca_cpu)
    lib = f"cuML {umap_gpu.versions.get('cuml', '?')}"
    figures = [
        Figure(f"PCA to 2D of a {shape} table on the GPU ({lib}), against the CPU path (scikit-learn, "
               f"svd_solver={pca_solver(rows, width)['svd_solver']}), 1 run each",
               "s", pca_gpu_s, pca_cpu_s, "the CPU path", Budget(1.0, on="ratio"), 1),
        Figure(f"UMAP to 2D (unseeded, cosine) of a {shape} table on the GPU ({lib}), against umap-learn on every "
               "core, 1 run each", "s", umap_gpu_s, umap_cpu_s, "the CPU path", Budget(1.0, on="ratio"), 1),
        Figure(f"trustworthiness of the GPU UMAP map (5,000 rows, seed 0, k = {check.n_neighbors}), against the CPU "
               "map's on the same rows", "", check.score, check.cpu_score, "the CPU map",
               Budget(check.cpu_score - TRUST_TOLERANCE, higher_is_better=True), 1),
    ]
    notes = [f"PCA trustworthiness on the same sample: GPU {pca_check.score:.4f}, CPU {pca_check.cpu_score:.4f}.",
             f"Rows placed: GPU UMAP {umap_gpu.n_placed:,}, CPU UMAP {umap_cpu.n_placed:,} of {rows:,}."]
    return SuiteResult(figures, notes)
