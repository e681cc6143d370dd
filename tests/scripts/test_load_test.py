"""scripts/load_test.py: the class's seeded plan, its summary and budgets; one short real class behind ``real``."""

import json
import subprocess
import sys

import pytest

from scripts import load_test
from scripts.class_session import Outcome
from scripts.load_test import BUDGETS, READ_S, SIDEBAR_PAGES, judge, percentile, plan_class, summarise

ROOT = load_test.ROOT
REQUIRED = ("first_page_p95_s", "page_p95_s", "errors", "heavy_done", "heavy_queued", "peak_rss_mb", "budgets_met")


def test_the_plan_is_the_seeds_alone():
    assert plan_class(5, 5, seed=3) == plan_class(5, 5, seed=3)
    assert plan_class(5, 5, seed=3) != plan_class(5, 5, seed=4)


def test_every_student_follows_the_lesson_in_its_order():
    for plan in plan_class(30, 5, seed=0):
        kinds = [step.kind for step in plan.steps]
        assert kinds == ["open", "link", *["nav"] * 6, "upload", "umap"]
        navigated = [step.target for step in plan.steps[2:7]]
        assert sorted(navigated) == sorted(SIDEBAR_PAGES) and navigated[0] != ""  # the Overview is never first
        assert plan.steps[1].target == "/?model=tiny-gpt-pydocs"
        assert "method=umap" in plan.steps[-1].target and "table=position" in plan.steps[-1].target
        assert 0 <= plan.start_s <= 30  # arrivals within the first tenth of 5 minutes


def test_reading_pauses_are_10_to_30_s_and_shrink_for_a_short_class():
    full = [s.pause_s for p in plan_class(30, 5) for s in p.steps[1:]]
    assert READ_S[0] <= min(full) and max(full) <= READ_S[1]
    short = [s.pause_s for p in plan_class(30, 1) for s in p.steps[1:]]  # a fifth of the class: a fifth of each pause
    assert READ_S[0] / 5 <= min(short) and max(short) <= READ_S[1] / 5
    assert all(p.steps[0].pause_s == 0 for p in plan_class(3, 5))


def test_percentile_is_numpys_linear_rule_and_none_when_empty():
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert percentile(list(range(1, 101)), 95) == 95.05
    assert percentile([], 95) is None


def test_summary_splits_first_pages_from_sidebar_pages_and_counts_heavy_work():
    fast = Outcome(timings=[("open", 4.0, 3.0), ("model_link", 2.0, 1.5), ("neighbours", 1.0, 0.5),
                            ("reorder", 2.0, 1.0), ("upload", 9.0, 8.0)], heavy="done", heavy_s=12.0)
    slow = Outcome(timings=[("open", 8.0, 6.0), ("load", 5.0, 4.0)], errors=["positions: TimeoutError after 60 s"],
                   heavy="queued")
    lost = Outcome(heavy="not_asked", skipped=3)
    figures = summarise([fast, slow, lost])
    assert figures["first_page_p50_s"] == 4.0 and figures["first_page_p95_s"] == percentile([4.0, 2.0, 8.0], 95)
    assert figures["page_p95_s"] == percentile([1.0, 2.0, 5.0], 95)  # the upload is not a sidebar page
    assert figures["by_page"]["upload"] == {"n": 1, "p50_s": 9.0, "p95_s": 9.0}
    assert (figures["errors"], figures["heavy_done"], figures["heavy_queued"], figures["heavy_not_asked"]) == (1, 1, 1, 1)
    assert figures["steps_skipped"] == 3 and figures["heavy_done_p50_s"] == 12.0


def test_budgets_fail_on_any_miss_including_a_student_who_never_asked_for_the_map():
    good = {"first_page_p95_s": 4.9, "page_p95_s": 3.0, "errors": 0, "peak_rss_mb": 4000, "heavy_done": 2,
            "heavy_queued": 1}
    assert all(judge(good, sessions=3).values())
    assert not judge(good, sessions=4)["heavy_done_or_queued"]
    for key, limit in BUDGETS.items():
        assert not judge({**good, key: limit + 1}, sessions=3)[key]
    assert not judge({**good, "page_p95_s": None}, sessions=3)["page_p95_s"]  # nothing timed is not a pass


@pytest.mark.real
def test_one_student_for_half_a_minute_prints_one_json_object():
    # About 90 s: the server's start, the teacher's visit (settle cut to 10 s), a half-minute class (CI time).
    done = subprocess.run([sys.executable, "scripts/load_test.py", "--sessions", "1", "--minutes", "0.5",
                           "--settle-s", "10", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=400)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    assert set(REQUIRED) <= set(result)
    assert result["pages_timed"] >= 1 and result["peak_rss_mb"] > 0
    assert result["first_page_p95_s"] is not None
    if result["pinned"]:  # the server's tree on one core, the browser on another
        assert len(result["server_cores"]) == len(result["client_cores"]) == 1
        assert result["server_cores"] != result["client_cores"]


def test_one_student_over_the_protocol_runs_every_page_it_asks_for():
    # No browser: Streamlit's WebSocket protocol. Each page's run is checked to be the page asked for (an error
    # otherwise), so 0 errors means every step reached its page on the server.
    done = subprocess.run([sys.executable, "scripts/load_test.py", "--client", "protocol", "--sessions", "1",
                           "--minutes", "0.5", "--settle-s", "10", "--json"], cwd=ROOT, capture_output=True,
                          text=True, timeout=400)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    assert set(REQUIRED) <= set(result) and result["client"] == "protocol"
    assert result["errors"] == 0, result["error_details"]
    assert result["pages_timed"] >= 3 and "open" in result["by_page"] and "model_link" in result["by_page"]
