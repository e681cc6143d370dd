"""The benchmark harness on fake measurements: medians, budgets, the table, the exit status. No timing here."""

from __future__ import annotations

import pytest

from benchmarks import __main__ as bench_main
from benchmarks.harness import (
    COLUMNS,
    Budget,
    Figure,
    Machine,
    SuiteResult,
    format_number,
    markdown_table,
    median_of,
    missed,
    time_runs,
)
from benchmarks.report import by_hand_section, render_report

MACHINE = Machine(cpu="Test CPU @ 2.0GHz", cores=2, ram_gib=23.4, python="3.11.2", torch="2.13.0",
                  load_average=(3.5, 2.0, 1.0))


def figure(ours: float, alternative: float | None = 10.0, budget: Budget = Budget(5.0), what: str = "a thing",
           unit: str = "s") -> Figure:
    return Figure(what=what, unit=unit, ours=ours, alternative=alternative, alternative_label="plain call",
                  budget=budget, runs=3)


def test_median_of_odd_and_even_counts_and_ignores_order():
    assert median_of([3.0, 1.0, 100.0]) == 3.0
    assert median_of([4.0, 1.0, 2.0, 3.0]) == 2.5
    assert median_of([7.0]) == 7.0


def test_median_of_nothing_is_an_error():
    with pytest.raises(ValueError):
        median_of([])


def test_time_runs_calls_before_untimed_each_run_and_counts_runs():
    calls = []
    seconds = time_runs(lambda: calls.append("work"), runs=3, before=lambda: calls.append("before"))
    assert calls == ["before", "work"] * 3
    assert len(seconds) == 3 and all(s >= 0 for s in seconds)
    with pytest.raises(ValueError):
        time_runs(lambda: None, runs=0)


@pytest.mark.parametrize("budget, ours, alternative, met", [
    (Budget(5.0), 5.0, 10.0, True),                     # a maximum is inclusive
    (Budget(5.0), 5.01, 10.0, False),
    (Budget(0.9, higher_is_better=True), 0.95, None, True),  # a quality score: the bound is a minimum
    (Budget(0.9, higher_is_better=True), 0.85, None, False),
    (Budget(1.0, on="ratio"), 9.0, 10.0, True),          # ratio 0.9
    (Budget(1.0, on="ratio"), 11.0, 10.0, False),        # ratio 1.1, though ours is under any absolute bound
    (Budget(1.0, on="ratio"), 1.0, None, False),         # no alternative: a ratio budget cannot be met
    (Budget(0.98, on="ratio", higher_is_better=True), 0.97, 0.98, True),
])
def test_budget_checks_the_right_quantity_in_the_right_direction(budget, ours, alternative, met):
    assert figure(ours, alternative, budget).met is met


def test_budget_rejects_an_unknown_target():
    with pytest.raises(ValueError):
        Budget(1.0, on="alternative")


def test_ratio_is_ours_over_alternative_and_absent_without_one():
    assert figure(2.0, 8.0).ratio == 0.25
    assert figure(2.0, None).ratio is None
    assert figure(2.0, 0.0).ratio is None


def test_missed_lists_only_figures_over_budget():
    good, bad = figure(1.0, what="good"), figure(9.0, what="bad")
    assert missed([good, bad]) == [bad]


@pytest.mark.parametrize("value, text", [(0, "0"), (0.012345, "0.0123"), (12.345, "12.3"), (1234567.0, "1,234,567"),
                                         (999.4, "999")])
def test_format_number(value, text):
    assert format_number(value) == text


def _rows(table: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip("|").split(" | ")] for line in table.splitlines()]


def test_markdown_table_has_the_issue_columns_and_one_row_per_figure():
    figures = [figure(2.0, 8.0, what="UMAP, median of 2"), figure(0.93, None, Budget(0.9, higher_is_better=True),
                                                                    what="trustworthiness", unit="")]
    rows = _rows(markdown_table(figures, machine="Test CPU, 2 cores", date="2026-01-02"))
    assert rows[0] == list(COLUMNS)
    assert len(rows) == 2 + len(figures)
    first, second = rows[2], rows[3]
    assert first == ["UMAP, median of 2", "2 s", "8 s (plain call)", "0.25", "<= 5 s", "Test CPU, 2 cores",
                     "2026-01-02"]
    assert second[1:5] == ["0.93", "—", "—", ">= 0.9"]


def test_markdown_table_marks_a_missed_budget_and_escapes_pipes():
    rows = _rows(markdown_table([figure(7.0, what="a | b")], machine="m", date="d"))
    assert rows[2][0] == "a \\| b"
    assert rows[2][4] == "<= 5 s **MISSED**"


def test_report_names_machine_load_runs_and_failures():
    results = {"fast": SuiteResult([figure(1.0), figure(9.0, what="slow one")], ["measured on a fake table"])}
    text = render_report(results, MACHINE, "2026-01-02", {"broken": "RuntimeError: no browser"}, seconds=90.0)
    assert "Test CPU @ 2.0GHz, 2 cores, 23.4 GiB RAM, Python 3.11.2, torch 2.13.0" in text
    assert "3.5, 2.0, 1.0" in text and "other processes were running" in text
    assert "Budgets missed: 1 of 2." in text
    assert "`broken`: RuntimeError: no browser" in text
    assert "- measured on a fake table" in text
    assert text.count("| 2026-01-02 |") == 3  # the two figures and the run's line in "Machine and load"


def _fake_suites(monkeypatch, tmp_path, results: dict[str, object]):
    """Point the runner at fake suite modules whose run() returns (or raises) what is given."""
    import sys
    import types

    suites = {}
    for name, outcome in results.items():
        module = types.ModuleType(f"fake_suite_{name}")

        def run(outcome=outcome):
            if isinstance(outcome, Exception):
                raise outcome
            return outcome
        module.run = run
        monkeypatch.setitem(sys.modules, module.__name__, module)
        suites[name] = module.__name__
    monkeypatch.setattr(bench_main, "SUITES", suites)
    monkeypatch.setattr(bench_main, "DOC", tmp_path / "benchmarks.md")


def test_main_exits_zero_and_writes_the_doc_when_every_budget_is_met(monkeypatch, tmp_path):
    _fake_suites(monkeypatch, tmp_path, {"a": SuiteResult([figure(1.0)], ["note"])})
    assert bench_main.main([]) == 0
    assert "Every budget met (1 figures)." in (tmp_path / "benchmarks.md").read_text()


def test_main_exits_one_on_a_missed_budget(monkeypatch, tmp_path):
    _fake_suites(monkeypatch, tmp_path, {"a": SuiteResult([figure(1.0), figure(6.0)], [])})
    assert bench_main.main([]) == 1


def test_main_exits_one_when_a_suite_fails_and_keeps_the_others(monkeypatch, tmp_path):
    _fake_suites(monkeypatch, tmp_path, {"a": RuntimeError("no browser"), "b": SuiteResult([figure(1.0)], [])})
    assert bench_main.main([]) == 1
    text = (tmp_path / "benchmarks.md").read_text()
    assert "`a`: RuntimeError: no browser" in text and "| a thing |" in text


def test_main_with_only_writes_nothing_unless_told(monkeypatch, tmp_path):
    _fake_suites(monkeypatch, tmp_path, {"a": SuiteResult([figure(1.0)], []), "b": SuiteResult([figure(1.0)], [])})
    assert bench_main.main(["--only", "a"]) == 0
    assert not (tmp_path / "benchmarks.md").exists()
    out = tmp_path / "partial.md"
    assert bench_main.main(["--only", "b", "--out", str(out)]) == 0
    assert out.exists()


def test_main_rejects_an_unknown_suite(monkeypatch, tmp_path):
    _fake_suites(monkeypatch, tmp_path, {"a": SuiteResult([], [])})
    with pytest.raises(SystemExit) as exit_info:
        bench_main.main(["--only", "nope"])
    assert exit_info.value.code == 2


def test_report_gives_its_run_one_line_and_keeps_the_by_hand_section():
    page = "# Benchmarks\n\n## Figures\n\nold\n\n## Measured by hand\n\n- 2026-01-01, abc1234: 3 s\n"
    kept = by_hand_section(page)
    assert kept == "## Measured by hand\n\n- 2026-01-01, abc1234: 3 s\n"
    assert by_hand_section("# Benchmarks\n\n## Figures\n") == ""
    results = {"fast": SuiteResult([figure(1.0)], [])}
    text = render_report(results, MACHINE, "2026-01-02", {}, seconds=90.0, commit="def5678",
                         command="python -m benchmarks --only fast", by_hand=kept)
    runs = [line for line in text.splitlines() if line.startswith("| 2026-01-02 | def5678 |")]
    assert len(runs) == 1
    assert "`python -m benchmarks --only fast`" in runs[0] and "1.5 min" in runs[0] and "`fast`" in runs[0]
    assert text.rstrip().endswith("- 2026-01-01, abc1234: 3 s")


def test_main_keeps_the_by_hand_section_of_the_page_it_rewrites(monkeypatch, tmp_path):
    _fake_suites(monkeypatch, tmp_path, {"a": SuiteResult([figure(1.0)], ["note"])})
    (tmp_path / "benchmarks.md").write_text("# old\n\n## Measured by hand\n\n- kept line\n")
    assert bench_main.main([]) == 0
    text = (tmp_path / "benchmarks.md").read_text()
    assert "- kept line" in text and "# old" not in text
