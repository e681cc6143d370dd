"""Nearest neighbours: one top-10 cosine query, ours against a plain numpy matrix product and argsort.

Two tables:

- 128,000 x 1,024 random float32 (normal, seed 0): a large vocabulary at a
  large width (0.5 GB). Queries are 20 random vectors (seed 1), not rows of
  the table. The alternative is what one writes by hand: unit-normalise the
  rows once, then per query ``np.argsort(-(unit @ q / |q|))[:10]``. Ours is
  :func:`dashboard.analysis.neighbours.top_k_neighbours` on an index from
  :func:`dashboard.analysis.neighbours.build_index` (norms once, then scores
  65,536 rows at a time and keeps each chunk's best). The one-off preparation
  (our index against the normalised copy) is a figure of its own. Both must
  return the same ten rows; the suite fails otherwise.
- the bundled default's token table (30,522 x 384): 20 of its rows as
  queries, against scikit-learn's ``NearestNeighbors(metric="cosine",
  algorithm="brute")`` (issue 4's figure).
"""

from __future__ import annotations

import numpy as np

from benchmarks.harness import Budget, Figure, SuiteResult, median_of, time_runs

ROWS, WIDTH, K = 128_000, 1_024, 10
QUERIES = 20
PREPARE_RUNS = 3

#: One query over 128,000 x 1,024 must not be slower than the hand-written numpy it replaces; 25% is allowed
#: for noise, since the two alternate query by query but share 2 cores with other work.
QUERY_RATIO = 1.25
#: Our index computes two norms per row (plain and centred on the mean row, for the centred metric) where
#: numpy divides once, but keeps no copy of the table: about 2.5x numpy's time measured here. 4x catches a
#: slide into per-row Python loops or a whole-table temporary without failing on that known trade-off.
PREPARE_RATIO = 4.0
#: Issue 4: a neighbour query on the default answers in under 50 ms (5 ms measured on a quiet machine).
DEFAULT_QUERY_MS = 50.0


def _numpy_top_k(unit: np.ndarray, query: np.ndarray) -> np.ndarray:
    scores = unit @ (query / np.linalg.norm(query))
    return np.argsort(-scores, kind="stable")[:K]


def _alternate_ms(ours, theirs, queries: np.ndarray) -> tuple[list[float], list[float], list, list]:
    """Per-query milliseconds of ``ours(q)`` and ``theirs(q)``, alternating, with their answers."""
    import time

    ours_ms, theirs_ms, ours_out, theirs_out = [], [], [], []
    for query in queries:
        start = time.perf_counter()
        ours_out.append(ours(query))
        ours_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        theirs_out.append(theirs(query))
        theirs_ms.append((time.perf_counter() - start) * 1000)
    return ours_ms, theirs_ms, ours_out, theirs_out


def _large_table_figures() -> tuple[list[Figure], list[str]]:
    from dashboard.analysis.neighbours import build_index, top_k_neighbours

    table = np.random.default_rng(0).standard_normal((ROWS, WIDTH), dtype=np.float32)
    queries = np.random.default_rng(1).standard_normal((QUERIES, WIDTH), dtype=np.float32)
    index_s = time_runs(lambda: build_index(table), PREPARE_RUNS)
    unit_s = time_runs(lambda: table / np.linalg.norm(table, axis=1, keepdims=True), PREPARE_RUNS)
    index = build_index(table)
    unit = table / np.linalg.norm(table, axis=1, keepdims=True)
    top_k_neighbours(index, queries[0], k=K), _numpy_top_k(unit, queries[0])  # untimed first call of each
    ours_ms, numpy_ms, ours_out, numpy_out = _alternate_ms(
        lambda q: top_k_neighbours(index, q, k=K, metric="cosine").ids, lambda q: _numpy_top_k(unit, q), queries)
    disagree = [i for i, (a, b) in enumerate(zip(ours_out, numpy_out)) if set(a.tolist()) != set(b.tolist())]
    if disagree:
        raise RuntimeError(f"top-{K} rows differ from numpy's for queries {disagree}")
    shape = f"{ROWS:,} x {WIDTH:,} random float32"
    plain = "unit @ q, argsort"
    figures = [
        Figure(f"one top-{K} cosine query over a {shape} table, median of {QUERIES} queries", "ms",
               median_of(ours_ms), median_of(numpy_ms), plain, Budget(QUERY_RATIO, on="ratio"), QUERIES),
        Figure(f"prepare that table for queries once (our index: row norms; numpy: a unit-normalised copy), "
               f"median of {PREPARE_RUNS}", "s", median_of(index_s), median_of(unit_s), "rows / norms",
               Budget(PREPARE_RATIO, on="ratio"), PREPARE_RUNS),
    ]
    notes = [
        f"{shape} ({table.nbytes / 2**30:.2f} GiB), seed 0; {QUERIES} random query vectors (seed 1). Ours "
        f"returned the same {K} rows as numpy for every query. The numpy side keeps a second, normalised copy "
        f"of the table ({unit.nbytes / 2**30:.2f} GiB); ours keeps two float32 norms per row.",
        f"Per-query ms, ours: {_ms(ours_ms)}; numpy: {_ms(numpy_ms)}.",
    ]
    return figures, notes


def _default_table_figures() -> tuple[list[Figure], list[str]]:
    from sklearn.neighbors import NearestNeighbors

    from dashboard.analysis.neighbours import build_index, top_k_neighbours
    from dashboard.checkpoints import load_tables

    tables = load_tables("default")
    index = build_index(tables.token, n_used=len(tables.vocabulary))
    queries = tables.token[np.random.default_rng(0).choice(len(tables.token), QUERIES, replace=False)]
    reference = NearestNeighbors(n_neighbors=K + 1, metric="cosine", algorithm="brute").fit(tables.token)
    top_k_neighbours(index, queries[0], k=K), reference.kneighbors(queries[:1])  # untimed first call of each
    ours_ms, sklearn_ms, _, _ = _alternate_ms(lambda q: top_k_neighbours(index, q, k=K, metric="cosine"),
                                              lambda q: reference.kneighbors(q[None, :]), queries)
    n, d = tables.token.shape
    figure = Figure(f"one top-{K} cosine query over the default token table ({n:,} x {d}), median of {QUERIES} "
                    "queries (rows of the table)", "ms", median_of(ours_ms), median_of(sklearn_ms),
                    'NearestNeighbors(metric="cosine", algorithm="brute")', Budget(DEFAULT_QUERY_MS), QUERIES)
    return [figure], [f"Default table, per-query ms, ours: {_ms(ours_ms)}; scikit-learn: {_ms(sklearn_ms)}."]


def run() -> SuiteResult:
    """Measure both tables; raises when ours and numpy disagree on a query's neighbours."""
    large, large_notes = _large_table_figures()
    default, default_notes = _default_table_figures()
    return SuiteResult(large + default, large_notes + default_notes)


def _ms(values: list[float]) -> str:
    return ", ".join(f"{v:.3g}" for v in values)


if __name__ == "__main__":
    from benchmarks.report import render_summary

    result = run()
    print(render_summary(result.figures))
    print("\n".join(result.notes))
