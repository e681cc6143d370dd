"""benchmarks/bench_class_load.py: the class load test's JSON becomes budgeted figures."""

from benchmarks import bench_class_load

RESULT = {"first_page_p95_s": 4.0, "page_p95_s": 2.5, "errors": 0, "heavy_done": 28, "heavy_queued": 2,
          "peak_rss_mb": 2000, "pages_timed": 300, "server_cores": [0], "client_cores": [1],
          "server_core_share": 0.6, "load_average_at_start": [1, 1, 1], "load_average_at_end": [2, 2, 2],
          "by_page": {"open": {"n": 30, "p50_s": 2.0, "p95_s": 4.0}}}


def _run(monkeypatch, **changes):
    monkeypatch.setattr(bench_class_load, "run_class", lambda *args, **kwargs: {**RESULT, **changes})
    return bench_class_load.run()


def test_a_class_within_its_budgets_meets_every_figure(monkeypatch):
    result = _run(monkeypatch)
    assert len(result.figures) == 5 and all(figure.met for figure in result.figures)


def test_a_lost_umap_or_no_page_timed_misses(monkeypatch):
    lost = _run(monkeypatch, heavy_queued=1)
    assert [figure.met for figure in lost.figures] == [True, True, True, False, True]
    untimed = _run(monkeypatch, page_p95_s=None)
    assert not untimed.figures[1].met
