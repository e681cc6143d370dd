"""The background projection queue: one job at a time, and a queued job says what it waits for."""

import threading

from dashboard.ui.projection_jobs import JobBoard


def test_a_job_queued_behind_another_says_it_waits_for_that_one_to_finish():
    board, release = JobBoard(), threading.Event()
    first = board.submit("first", lambda progress: release.wait(30))
    second = board.submit("second", lambda progress: "done")
    try:
        # Someone who switches settings mid-run (as the seeded map's hint invites) must see why nothing moves.
        assert "before it" in second.stage and "finish" in second.stage
        assert board.submit("second", lambda progress: "again") is second
    finally:
        release.set()
    assert first.future.result(30) and second.future.result(30) == "done"
