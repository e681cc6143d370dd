"""The server's one Dask client: a scheduler that does not answer is asked again only after a while."""

import pytest

from dashboard.errors import HeavyWorkError
from dashboard.i18n import msg
from dashboard.maps import view_requests as map_requests


@pytest.fixture
def dead_scheduler(monkeypatch):
    """A scheduler address whose every connection fails (as after CONNECT_TIMEOUT_S), counting the tries."""
    monkeypatch.setenv("EXPLORER_DASK_SCHEDULER", "tcp://127.0.0.1:9")
    monkeypatch.setattr(map_requests, "_last_failure", [])
    map_requests._connected.clear()
    tries = []

    def refuse(settings):
        tries.append(settings.scheduler)
        raise HeavyWorkError(msg("err.cluster.unreachable", address=settings.scheduler, error="OSError: timed out"))

    monkeypatch.setattr(map_requests, "connect", refuse)
    yield tries
    map_requests._connected.clear()


def test_a_scheduler_that_did_not_answer_is_not_asked_again_by_every_visit(dead_scheduler, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(map_requests.time, "monotonic", lambda: now[0])
    for _ in range(3):
        with pytest.raises(HeavyWorkError, match="did not answer"):
            map_requests.cluster_client()
    assert dead_scheduler == ["tcp://127.0.0.1:9"]
    now[0] += map_requests.RETRY_AFTER_S
    with pytest.raises(HeavyWorkError):
        map_requests.cluster_client()
    assert len(dead_scheduler) == 2


def test_other_settings_are_tried_at_once(dead_scheduler, monkeypatch):
    with pytest.raises(HeavyWorkError):
        map_requests.cluster_client()
    monkeypatch.setenv("EXPLORER_DASK_SCHEDULER", "tcp://127.0.0.1:10")
    with pytest.raises(HeavyWorkError):
        map_requests.cluster_client()
    assert dead_scheduler == ["tcp://127.0.0.1:9", "tcp://127.0.0.1:10"]


def test_each_real_try_is_logged_for_whoever_runs_the_server_and_a_remembered_one_is_not(dead_scheduler, caplog):
    for _ in range(2):
        with pytest.raises(HeavyWorkError):
            map_requests.cluster_client()
    assert caplog.text.count("heavy work: the Dask scheduler at tcp://127.0.0.1:9 did not answer") == 1
