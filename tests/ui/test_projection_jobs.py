"""The background projection queue: one job at a time, a queued job says what it waits for, and a queued
job nobody waits for any more is dropped, a running UMAP stopped."""

import threading
import time

from dashboard.ui.projection_jobs import JobBoard, JobDroppedError


def test_a_job_queued_behind_another_says_it_waits_for_that_one_to_finish():
    board, release = JobBoard(), threading.Event()
    first = board.submit("first", lambda progress: release.wait(30))
    second = board.submit("second", lambda progress: "done")
    try:
        # Someone who switches settings mid-run (as the seeded map's hint invites) must see why nothing moves.
        assert "asked for before this UMAP" in second.stage and "finish" in second.stage
        assert board.submit("second", lambda progress: "again") is second
    finally:
        release.set()
    assert first.future.result(30) and second.future.result(30) == "done"


def test_a_queued_job_nobody_waits_for_any_more_never_starts():
    board, release = JobBoard(), threading.Event()
    first = board.submit("first", lambda progress: release.wait(30), waiter="a")
    started = threading.Event()
    second = board.submit("second", lambda progress: started.set(), waiter="a")
    try:
        board.release("second", "a")
        assert second.future.cancelled() and board.get("second") is None
    finally:
        release.set()
    first.future.result(30)
    time.sleep(0.1)
    assert not started.is_set()


def test_a_running_job_nobody_waits_for_finishes_and_asking_again_finds_it():
    board, release = JobBoard(), threading.Event()
    job = board.submit("map", lambda progress: (progress(0.5, "optimising"), release.wait(30))[1] and "done",
                       waiter="a")
    while job.fraction == 0.0:
        time.sleep(0.01)
    board.release("map", "a")  # a UMAP job whose fit is not in the child cannot be stopped: it finishes, is cached
    assert board.get("map") is job and not job.future.cancelled()
    release.set()
    assert board.submit("map", lambda progress: "again", waiter="a") is job and job.future.result(30) == "done"


def test_a_job_another_session_waits_for_keeps_running_and_a_finished_one_is_kept():
    board, release = JobBoard(), threading.Event()
    job = board.submit("map", lambda progress: release.wait(30) and "done", waiter="a")
    assert board.submit("map", lambda progress: "other", waiter="b") is job
    board.release("map", "a")
    assert not job.future.cancelled() and board.get("map") is job
    release.set()
    assert job.future.result(30) == "done"
    board.release("map", "b")
    assert board.get("map") is job and job.future.result() == "done"


def test_a_queued_job_whose_sessions_all_closed_is_dropped_when_its_turn_comes():
    # A browser that closes never releases its job; the board asks the server which sessions it still knows.
    open_sessions = {"a", "b"}
    board, release = JobBoard(known=lambda session: session in open_sessions), threading.Event()
    first = board.submit("first", lambda progress: release.wait(30), waiter="a")
    started = threading.Event()
    orphan = board.submit("orphan", lambda progress: started.set(), waiter="b")
    shared = board.submit("shared", lambda progress: "done", waiter="a")
    board.submit("shared", lambda progress: "other", waiter="b")
    open_sessions.discard("b")  # b's tab closed while its maps were queued behind a's
    release.set()
    first.future.result(30)
    assert shared.future.result(30) == "done" and shared.waiting == {"a"}  # a still wants it
    assert isinstance(orphan.future.exception(30), JobDroppedError) and not started.is_set()
    assert board.get("orphan") is None  # asking again starts a new job
    again = board.submit("orphan", lambda progress: "now", waiter="a")
    assert again is not orphan and again.future.result(30) == "now"


def test_the_live_fit_cap_is_off_unset_and_a_bad_value_is_an_error_not_no_cap():
    import pytest

    from dashboard.errors import LiveFitLimitError
    from dashboard.i18n import render
    from dashboard.ui.projection_jobs import LIVE_FIT_ENV, check_live_fit, live_fit_rows

    assert live_fit_rows({}) is None and live_fit_rows({LIVE_FIT_ENV: " "}) is None
    check_live_fit(1_600_000, "umap", {})  # a machine of one's own: no cap, as before
    assert live_fit_rows({LIVE_FIT_ENV: "200000"}) == 200_000
    check_live_fit(200_000, "umap", {LIVE_FIT_ENV: "200000"})  # the cap itself is allowed
    with pytest.raises(LiveFitLimitError) as refused:
        check_live_fit(200_001, "tsne", {LIVE_FIT_ENV: "200000"})
    assert "t-SNE" in render(refused.value) and "200,001" in render(refused.value)
    for typo in ("20O000", "0", "-5"):  # a typo on a class server must not lift the cap silently
        with pytest.raises(LiveFitLimitError) as bad:
            live_fit_rows({LIVE_FIT_ENV: typo})
        assert LIVE_FIT_ENV in render(bad.value)


class _ChildStandIn:
    """A UMAP child whose fit runs until :meth:`stop_fit` names it, as UmapProcess's does."""

    def __init__(self):
        self.in_flight, self.stopped, self.started = None, threading.Event(), threading.Event()

    def fit(self, progress):
        from dashboard.analysis.umap_process import FitCancelledError

        self.in_flight = progress
        self.started.set()
        if self.stopped.wait(30):
            raise FitCancelledError("stopped")
        return "finished: it was never stopped"

    def stop_fit(self, progress):
        if self.in_flight is None or self.in_flight != progress:
            return False
        self.stopped.set()
        return True


def test_a_running_umap_whose_last_session_moves_on_is_stopped_and_the_queue_moves():
    child = _ChildStandIn()
    board = JobBoard(process=child, sweep_s=None)
    big = board.submit("big", child.fit, waiter="a")
    small = board.submit("small", lambda progress: "small map", waiter="b")
    assert child.started.wait(30)
    board.release("big", "a")  # a chose other settings: nobody waits for the 30-minute map any more
    assert isinstance(big.future.exception(30), JobDroppedError) and board.get("big") is None
    assert small.future.result(30) == "small map"  # b's map did not wait for it to finish
    again = board.submit("big", lambda progress: "again", waiter="a")
    assert again is not big and again.future.result(30) == "again"


def test_a_running_umap_whose_sessions_all_closed_is_stopped_by_the_sweep_and_one_still_wanted_is_not():
    child, open_sessions = _ChildStandIn(), {"a", "b"}
    board = JobBoard(known=lambda session: session in open_sessions, process=child, sweep_s=None)
    job = board.submit("map", child.fit, waiter="a")
    board.submit("map", child.fit, waiter="b")
    assert child.started.wait(30)
    open_sessions.discard("a")
    assert board.prune() == [] and not child.stopped.is_set() and job.waiting == {"b"}  # b still waits
    open_sessions.discard("b")  # the last tab closed: a browser that closes never releases its job
    assert board.prune() == ["map"]
    assert isinstance(job.future.exception(30), JobDroppedError) and board.get("map") is None


def test_a_stopped_fit_queues_the_warm_up_again_and_the_next_job_says_it_waits_for_compiling():
    child = _ChildStandIn()
    warmed = []
    child.warm = lambda: warmed.append("warm")
    board = JobBoard(process=child, sweep_s=None)
    board.warm()  # the server warmed up at its start
    big = board.submit("big", child.fit, waiter="a")
    assert child.started.wait(30)
    release_warm = threading.Event()
    child.warm = lambda: (release_warm.wait(30), warmed.append("again"))  # the new child compiles
    board.release("big", "a")
    assert isinstance(big.future.exception(30), JobDroppedError)
    try:
        after = board.submit("after", lambda progress: "map", waiter="b")
        assert "ompil" in after.stage  # the umap_job.compiling message, not a silent wait
    finally:
        release_warm.set()
    assert after.future.result(30) == "map" and warmed == ["warm", "again"]


def test_without_a_warm_up_at_start_a_stopped_fit_queues_none():
    child = _ChildStandIn()
    child.warm = lambda: (_ for _ in ()).throw(AssertionError("no warm-up was asked for"))
    board = JobBoard(process=child, sweep_s=None)
    big = board.submit("big", child.fit, waiter="a")
    assert child.started.wait(30)
    board.release("big", "a")
    assert isinstance(big.future.exception(30), JobDroppedError) and board.warming is None


def test_a_running_tsne_whose_last_session_moves_on_stops_within_ten_iterations_and_the_queue_moves():
    """openTSNE runs in the server process: unstopped, a big table's t-SNE would hold the worker for minutes."""
    from dashboard.analysis.projection import ProjectionSettings, project_table
    from tests.map_fixtures import random_table

    table, reports = random_table(300, 16), []
    settings = ProjectionSettings("tsne", 2, seed=1, perplexity=10.0)

    def fit(progress):
        def counted(fraction, label):
            progress(fraction, label)  # raises once the job was asked to stop
            reports.append(fraction)
        return project_table(table, settings, counted)

    board = JobBoard(sweep_s=None)
    big = board.submit("tsne", fit, waiter="a", method="tsne")
    small = board.submit("small", lambda progress: "small map", waiter="b")
    while len(reports) < 3:  # the affinities, then two reports of iterations
        time.sleep(0.01)
    board.release("tsne", "a")
    assert isinstance(big.future.exception(60), JobDroppedError) and board.get("tsne") is None
    assert len(reports) < 10 and small.future.result(30) == "small map"
