"""Projection of the default token table (all-MiniLM-L6-v2, 30,522 x 384): PCA and UMAP, cold and cached.

Against what a user would otherwise run on the same table in the same
process: scikit-learn's ``PCA(n_components=2)`` with every other setting at its
default, and umap-learn's ``umap.UMAP(metric="cosine").fit_transform``. Ours
goes through the page's path, :func:`dashboard.maps.cache.cached_projection`:

- cold: an empty cache folder each run, so the projection is computed and stored;
- cached: the map shown again from the disk cache, i.e. load the stored
  projection, build the frame and the figure, and what the map component is sent
  (:func:`dashboard.maps.wire.map_payload`: Arrow points, JSON spec; issue 4's "revisit").

One untimed call of each PCA comes first (imports), UMAP's numba code is
compiled before anything is timed (the app does the same
in the background at start-up), and the runs of ours and of the plain call
alternate so that both see the same background load. Trustworthiness
(scikit-learn, k = 10) of both UMAP layouts is computed on a fixed random
subsample of rows: the full 30,522 x 30,522 distance matrices would need about
15 GB.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np

from benchmarks.harness import Budget, Figure, SuiteResult, median_of, time_runs

PCA_RUNS = 5
UMAP_RUNS = 3  # a fit takes 7-40 s on 2 cores, quiet to shared; three of each keep the suite near five minutes
CACHED_RUNS = 5
TRUST_ROWS = 5_000  # rows of the trustworthiness subsample (seed 0)
TRUST_K = 10

#: Issue 4 wants a PCA map in under a second, and it takes 0.08 s on a quiet machine; but on this shared
#: machine single runs took 0.2-2.5 s, ours and scikit-learn's alike, as the load moved. So the budget is
#: relative to the plain call run alternately with ours: ours also looks for duplicate rows and writes the
#: cache file (1.16-1.39x the plain call measured); 2x absorbs noise, while falling back to a full SVD of
#: the table (about 12 s here, 15-50x) would fail.
PCA_RATIO = 2.0
#: Issue 4: a map seen before is back in under a second (the stored projection, not a new fit).
CACHED_SECONDS = 1.0
#: Issue 4 promises ours is no slower than the plain call ``umap.UMAP(metric="cosine")``, within 10% for
#: noise on a shared machine (the calls alternate, but one fit still moved by 30% between runs here). That
#: call is unseeded: umap-learn runs on every core and no two runs give the same map. The page's fast mode
#: (reproducible off, ``seed=None``) is the same call, so it is held to that. The page's default is seeded
#: (issue 4: "the same table and parameters give the same picture"), and umap-learn then runs on one thread
#: ("set random_state to None to get faster results at the expense of reproducibility", lmcinnes/umap#298),
#: so the default is held to the same call seeded.
UMAP_RATIO = 1.1
#: The seeded default against the unseeded plain call: the price of reproducibility. On 2 quiet cores it is
#: 1.6-1.8x (12.8 s against 7.4 s here on 2026-11-30); under load the two were even (0.83). 2x is that
#: price plus noise: a slowdown of our own on top of it would fail.
UMAP_UNSEEDED_RATIO = 2.0
#: Speed must not be bought with quality: our layout keeps at least 98% of the plain layout's
#: trustworthiness (measured 0.99-1.0 of it; a broken init or a dropped row would cost far more).
TRUST_RATIO = 0.98


def _plain_umap(table: np.ndarray, **kwargs) -> np.ndarray:
    import umap

    return umap.UMAP(metric="cosine", **kwargs).fit_transform(table)


def _plain_pca(table: np.ndarray, **kwargs) -> np.ndarray:
    from sklearn.decomposition import PCA

    return PCA(**kwargs).fit_transform(table)


def _show_map(tables, rows, settings, cache: Path) -> int:
    """What the Token map page does for a map seen before; returns the bytes of the map it sends."""
    from dashboard.maps.frame import token_map_frame
    from dashboard.maps.chart import token_map_figure
    from dashboard.maps.wire import map_payload
    from dashboard.maps.cache import cached_projection

    projection = cached_projection(rows.table, tables.content_hash, "token", settings, directory=cache)
    frame = token_map_frame(projection, labels=rows.labels, raw=rows.raw, categories=rows.categories,
                            norms=rows.norms, highlighted=np.zeros(len(rows.labels), bool))
    payload = map_payload(token_map_figure(frame, axis_titles=["1", "2"]), "revisit")
    return len(payload.points) + len(json.dumps(payload.spec))  # the component's arguments


def _alternate(*calls, runs: int) -> tuple[list[list[float]], list[object]]:
    """Time ``calls`` in turn, ``runs`` rounds; returns each call's seconds and its first result."""
    times, results = [[] for _ in calls], [None] * len(calls)
    for i in range(runs):
        for j, call in enumerate(calls):
            start = time.perf_counter()
            out = call()
            times[j].append(time.perf_counter() - start)
            results[j] = out if i == 0 else results[j]
    return times, results


def trustworthiness_of(table: np.ndarray, layout: np.ndarray, rows: np.ndarray) -> float:
    """scikit-learn's trustworthiness (k = :data:`TRUST_K`, cosine in the table) on ``rows``, in [0, 1]."""
    from sklearn.manifold import trustworthiness

    return float(trustworthiness(table[rows], layout[rows], n_neighbors=TRUST_K, metric="cosine"))


def run() -> SuiteResult:
    """Measure PCA and UMAP maps of the default token table, cold and cached, against the plain calls."""
    from dashboard.maps.projection import ProjectionSettings
    from dashboard.maps.umap_fit import warm_umap
    from dashboard.analysis.table_rows import table_rows
    from dashboard.checkpoints import load_tables
    from dashboard.maps.cache import cached_projection

    tables = load_tables("default")
    rows = table_rows(tables)
    table = rows.table
    scratch = Path(tempfile.mkdtemp(prefix="bench-token-map-"))
    try:
        def fresh_cache() -> Path:
            return Path(tempfile.mkdtemp(dir=scratch))

        def cold(settings):
            return lambda: cached_projection(table, tables.content_hash, "token", settings, directory=fresh_cache())

        pca, umap_settings = ProjectionSettings("pca", 2), ProjectionSettings("umap", 2, seed=0)
        fast_settings = ProjectionSettings("umap", 2, seed=None)
        cold(pca)(), _plain_pca(table, n_components=2)  # untimed: imports and first-call set-up
        (ours_pca, plain_pca), _ = _alternate(cold(pca), lambda: _plain_pca(table, n_components=2), runs=PCA_RUNS)
        every_default = time_runs(lambda: _plain_pca(table), PCA_RUNS)

        warm_umap()
        _plain_umap(np.random.default_rng(0).standard_normal((4500, 8)).astype(np.float32))  # its own paths
        (ours_umap, ours_fast, plain_umap, seeded_umap), (ours_layout, fast_layout, plain_layout, _) = _alternate(
            cold(umap_settings), cold(fast_settings), lambda: _plain_umap(table),
            lambda: _plain_umap(table, random_state=0), runs=UMAP_RUNS)

        cache = fresh_cache()
        for settings in (pca, umap_settings):
            _show_map(tables, rows, settings, cache)  # stores it: the next calls are revisits
        cached_pca = time_runs(lambda: _show_map(tables, rows, pca, cache), CACHED_RUNS)
        cached_umap = time_runs(lambda: _show_map(tables, rows, umap_settings, cache), CACHED_RUNS)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    sample = np.sort(np.random.default_rng(0).choice(len(table), TRUST_ROWS, replace=False))
    ours_coords = ours_layout.coords
    placed = sample[np.isfinite(ours_coords[sample]).all(axis=1)]
    trust_ours = trustworthiness_of(table, ours_coords, placed)
    trust_fast = trustworthiness_of(table, fast_layout.coords, placed)
    trust_plain = trustworthiness_of(table, plain_layout, placed)
    trust_pca = trustworthiness_of(table, _plain_pca(table, n_components=2), placed)

    n, d = table.shape
    plain_u = 'umap.UMAP(metric="cosine").fit_transform'
    seeded_u = 'umap.UMAP(metric="cosine", random_state=0).fit_transform'
    plain_p = "PCA(n_components=2).fit_transform"
    figures = [
        Figure(f"PCA map of the default token table, 2D, cold (computed and stored), median of {PCA_RUNS}", "s",
               median_of(ours_pca), median_of(plain_pca), plain_p, Budget(PCA_RATIO, on="ratio"), PCA_RUNS),
        Figure(f"PCA map shown again from the disk cache (load + frame + chart + Streamlit conversion), median of "
               f"{CACHED_RUNS}", "s", median_of(cached_pca), median_of(plain_pca), plain_p,
               Budget(CACHED_SECONDS), CACHED_RUNS),
        Figure(f"UMAP map of the default token table, 2D, cold (computed and stored), fast mode (unseeded, "
               f"every core), median of {UMAP_RUNS}", "s", median_of(ours_fast), median_of(plain_umap),
               plain_u + " (unseeded: every core, a new map each run)", Budget(UMAP_RATIO, on="ratio"), UMAP_RUNS),
        Figure(f"UMAP map of the default token table, 2D, cold, reproducible (seeded, the default), against the "
               f"same plain call seeded, median of {UMAP_RUNS}", "s", median_of(ours_umap), median_of(seeded_umap),
               seeded_u + " (one thread, the same map each run)", Budget(UMAP_RATIO, on="ratio"), UMAP_RUNS),
        Figure(f"UMAP map of the default token table, 2D, cold, reproducible (seeded, the default), against the "
               f"unseeded plain call: the price of reproducibility, median of {UMAP_RUNS}", "s",
               median_of(ours_umap), median_of(plain_umap), plain_u + " (unseeded)",
               Budget(UMAP_UNSEEDED_RATIO, on="ratio"), UMAP_RUNS),
        Figure(f"UMAP map shown again from the disk cache (load + frame + chart + Streamlit conversion), median of "
               f"{CACHED_RUNS}", "s", median_of(cached_umap), median_of(plain_umap), plain_u,
               Budget(CACHED_SECONDS), CACHED_RUNS),
        Figure(f"trustworthiness of the UMAP layout, reproducible (k={TRUST_K}, cosine, {len(placed):,} random "
               "rows, seed 0; in [0, 1], 1 = no layout neighbour that is not a neighbour in the table; first run's "
               "layout)", "", trust_ours, trust_plain, f"layout of {plain_u}",
               Budget(TRUST_RATIO, on="ratio", higher_is_better=True), 1),
        Figure("trustworthiness of the UMAP layout, fast mode (as above)", "", trust_fast, trust_plain,
               f"layout of {plain_u}", Budget(TRUST_RATIO, on="ratio", higher_is_better=True), 1),
    ]
    notes = [
        f"Table: the bundled default's token table, {n:,} x {d} float32; maps use every row.",
        f"Ours: `cached_projection` as the Token map page calls it: PCA with `svd_solver=\"covariance_eigh\"`; UMAP "
        "with `metric=\"cosine\", init=\"pca\", random_state=0` on distinct non-zero rows "
        f"({json.dumps(umap_settings.parameters())}); the fast mode is the same with `random_state=None`. The plain UMAP "
        "call is unseeded, so umap-learn optimises on both cores and each run gives another map; seeded (ours by "
        "default, and the second plain call) it uses one thread (lmcinnes/umap#298). umap-learn cannot give both a "
        "repeatable map and the parallel speed, so the page offers both: reproducible (the default) and fast "
        "(\"reproducible map (seeded)\" off, or `project --unseeded`).",
        f"The plain PCA keeps scikit-learn's default solver (`auto`, which picks `covariance_eigh` for this shape). "
        f"`PCA()` with every default, keeping all {d} components: median {median_of(every_default):.2f} s over "
        f"{PCA_RUNS} runs.",
        f"Per-run seconds: PCA ours {_secs(ours_pca)}, plain {_secs(plain_pca)}; UMAP ours {_secs(ours_umap)}, "
        f"fast {_secs(ours_fast)}, plain {_secs(plain_umap)}, plain seeded {_secs(seeded_umap)}; cached PCA {_secs(cached_pca)}, cached UMAP {_secs(cached_umap)}.",
        f"UMAP runs: {UMAP_RUNS} of each, in turn ours, ours fast, plain, plain seeded, after compiling umap's numba code on a "
        "4,500-row throwaway table (the app does this in the background when it starts).",
        f"Trustworthiness (`sklearn.manifold.trustworthiness`, n_neighbors={TRUST_K}, metric=\"cosine\" in the "
        f"table) on {len(placed):,} rows drawn at random (seed 0) rather than all {n:,}: the full computation holds "
        f"two {n:,} x {n:,} matrices (about 15 GB). Ours {trust_ours:.4f}, ours fast {trust_fast:.4f}, plain UMAP {trust_plain:.4f}; for "
        f"scale, the 2D PCA map scores {trust_pca:.4f} on the same rows.",
    ]
    return SuiteResult(figures, notes)


def _secs(values: list[float]) -> str:
    return ", ".join(f"{v:.3g}" for v in values)


if __name__ == "__main__":
    from benchmarks.report import render_summary

    result = run()
    print(render_summary(result.figures))
    print("\n".join(result.notes))
