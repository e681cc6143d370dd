"""The Token map's UMAP and t-SNE maps, asked of the Dask cluster (:mod:`dashboard.cluster`) and waited for.

One :class:`distributed.Client` per server process. A session submits a map not on disk (identical requests share
one task) and holds its future (:class:`MapRequest`) while the page shows PCA; once it lets go (other settings, a
closed tab, cancel), Dask drops a queued task nobody holds, and a running one finishes into the cache.
:func:`map_status` says where a map stands: queued (place in line, rough wait), running (stage, progress, worker).
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Any

import streamlit as st
from distributed import Client, Future

from dashboard.analysis.table_rows import TableRows
from dashboard.cluster.client import connect
from dashboard.errors import ExplorerError, HeavyWorkError, LiveFitLimitError
from dashboard.i18n import Text, msg, render
from dashboard.maps.cache import cache_path, load_cached
from dashboard.maps.projection import METHODS, Projection, ProjectionSettings, import_in_background
from dashboard.maps.tasks import map_key, progress_topic, share_table, submit_map
from dashboard.settings import current_settings, usable
from dashboard.ui import state
from dashboard.wall.runner import decode


_LOG = logging.getLogger(__name__)

#: Seconds an unreachable cluster is not asked again: each try may hold a page for ``CONNECT_TIMEOUT_S``.
RETRY_AFTER_S = 60.0
#: The last failure to connect while remembered: (its cluster settings, ``time.monotonic()`` then, the error).
_last_failure: list[tuple[object, float, ExplorerError]] = []


@st.cache_resource(show_spinner=False)
def _connected() -> list[Client]:
    # In a list: a Client is awaitable, which st.cache_resource refuses to keep.
    return [connect(usable(current_settings().cluster))]


def cluster_client() -> Client:
    """The server's one Dask client: a local cluster, or the scheduler ``EXPLORER_DASK_SCHEDULER`` names.

    A failure is logged in English, remembered for :data:`RETRY_AFTER_S` seconds and raised again at once meanwhile.

    Raises:
        ClusterSettingError: an ``EXPLORER_DASK_*`` setting is unusable.
        HeavyWorkError: the scheduler given does not answer, or the local cluster does not start.
    """
    settings = current_settings().cluster
    if _last_failure and _last_failure[0][0] == settings and time.monotonic() - _last_failure[0][1] < RETRY_AFTER_S:
        raise _last_failure[0][2]
    try:
        client = _connected()[0]
    except ExplorerError as error:
        _last_failure[:] = [(settings, time.monotonic(), error)]
        _LOG.warning("heavy work: %s", render(error, "en"))  # for whoever runs the server; the page says it too
        raise
    _last_failure.clear()
    return client


@st.cache_resource(show_spinner=False)
def start_heavy_work() -> threading.Thread:
    """Start the cluster on a daemon thread, once per server process (the router calls it).

    The first page is not held by the start; scikit-learn's PCA is imported beside it for the first PCA map.
    """
    # pandas in full before those threads import it: Altair's to_dict finds pandas in sys.modules without importing
    # it, so a page building a chart meanwhile would meet a half-imported module (AttributeError: 'Timestamp').
    import pandas  # noqa: F401
    import_in_background("sklearn.decomposition")

    thread = threading.Thread(target=start_cluster, name="start-cluster", daemon=True)
    thread.start()
    return thread


def start_cluster() -> None:
    """Start the cluster's client now; a failure is logged by :func:`cluster_client` and shown by a page needing it."""
    try:
        cluster_client()
    except ExplorerError:
        pass


@dataclass
class MapRequest:
    """A session's request for a map: the Dask future it holds, and when it asked.

    ``key``: the task key (:func:`~dashboard.maps.tasks.map_key`); ``method``: ``umap`` or ``tsne``; ``rows``: the
    table's; ``future``: ``None`` once cancelled; ``submitted``: ``time.time()`` when it asked.
    """

    key: str
    method: str
    rows: int
    future: Future | None
    submitted: float

    @property
    def method_name(self) -> str:
        """``UMAP`` or ``t-SNE``, as every language writes it."""
        return METHODS.get(self.method, self.method)

    def status(self) -> MapStatus:
        """Where it stands now (one call to the scheduler)."""
        if self.future is None:
            return MapStatus("finished")
        return map_status(cluster_client(), self.future, self.submitted)


def keep_request(request: MapRequest | None) -> None:
    """Hold ``request`` as this session's one map request, releasing the one held before at once.

    :meth:`distributed.Future.release` lets go now, not when Python collects the future (which Streamlit's copies of
    the state would put off); Dask drops a queued task nobody holds.
    """
    before = held_request()
    if before is not None and before.future is not None and (request is None or request.future is not before.future):
        before.future.release()
    st.session_state[state.UMAP_WAITING] = request


def held_request() -> MapRequest | None:
    """This session's map request, if any."""
    return st.session_state.get(state.UMAP_WAITING)


def cancel_request() -> None:
    """Stop waiting for the held request (the cancel button's callback).

    Its future is let go but its key kept, so the same settings do not ask again until the reader does.
    """
    request = held_request()
    if request is not None:
        keep_request(MapRequest(request.key, request.method, request.rows, None, request.submitted))


def get_map(rows: TableRows, content_hash: str, settings: ProjectionSettings) -> Projection | MapRequest:
    """The UMAP or t-SNE map (``settings.method``) from disk, else this session's request for it.

    The first call submits it to the cluster; later calls (reruns, other sessions) find the same task.

    Raises:
        LiveFitLimitError: the map is not on disk and the table has more rows than ``EXPLORER_LIVE_FIT_ROWS`` allows
            a page to fit; nothing was submitted.
        ExplorerError: the task failed on bad input, a worker was lost (:class:`HeavyWorkError`), or the cluster
            cannot be reached.
    """
    found = load_cached(cache_path(content_hash, rows.name, settings), len(rows.table))
    if found is not None:
        keep_request(None)
        return found
    try:
        usable(current_settings().cluster).check_live_fit(len(rows.table), METHODS[settings.method])
    except LiveFitLimitError:
        keep_request(None)
        raise
    request = held_request()
    ref = share_table(rows.table, content_hash, rows.name)
    if request is None or request.key != map_key(ref, settings):
        future = submit_map(cluster_client(), ref, settings)
        request = MapRequest(future.key, settings.method, len(rows.table), future, time.time())
        keep_request(request)
    if request.future is None or not request.future.done():
        return request
    failure = _failure(request) if request.future.exception() is not None else None
    result = None if failure else request.future.result()
    keep_request(None)  # done: the next visit reads the file
    if failure:
        raise failure
    found = load_cached(cache_path(content_hash, rows.name, settings), len(rows.table))
    return found if found is not None else Projection.load(result.file)  # a remote cluster's own cache folder


def _failure(request: MapRequest) -> ExplorerError:
    """The error to show for a failed task: its own :class:`ExplorerError`, else what happened in words."""
    error = request.future.exception()
    if isinstance(error, ExplorerError):
        return error
    name = type(error).__name__
    if name == "KilledWorker":
        return HeavyWorkError(msg("err.cluster.worker_lost", method=request.method_name, error=name))
    return HeavyWorkError(msg("err.map_data.umap_failed", method=request.method_name, error=f"{name}: {error}"))


def progress_text(request: MapRequest, status: MapStatus) -> Text:
    """The progress line of a request: its place in line and wait, or its stage and seconds."""
    if status.state == "running":
        return msg("map_queue.running", method=request.method_name, rows=request.rows,
                   stage=status.stage or msg("map_queue.starting"), elapsed=status.elapsed_s)
    wait = msg("map_queue.about", seconds=status.wait_s) if status.wait_s else ""
    return msg("map_queue.waiting", method=request.method_name, rows=request.rows, place=status.place or 1,
               wait=wait, elapsed=status.elapsed_s)


#: Scheduler task states of a task that has not started on a worker.
WAITING_STATES = ("released", "waiting", "queued", "no-worker")


@dataclass(frozen=True)
class MapStatus:
    """A map request's state for the progress line.

    ``state``: ``waiting``, ``running`` or ``finished`` (done: result, error or cancelled); ``place``: 1-based among
    tasks not started, ``None`` unless waiting; ``wait_s``: rough seconds until it starts (``None`` without an
    average); ``fraction``: share of the fit done, in [0, 1]; ``stage``: what the worker does now (a catalogue message
    or a word); ``elapsed_s``: seconds since it started on its worker, else since it was submitted.
    """

    state: str
    place: int | None = None
    wait_s: float | None = None
    fraction: float = 0.0
    stage: Any = None
    elapsed_s: float = 0.0


def _line(dask_scheduler, key: str) -> dict:
    """On the scheduler: ``key``'s state, its place in line and the rough seconds until it starts.

    Ahead are the unfinished tasks of higher priority, less as many as the workers have threads (running); the wait
    sums their prefixes' average durations per worker thread, ``None`` while any has no average.
    """
    task = dask_scheduler.tasks.get(key)
    if task is None or task.priority is None:
        return {"state": "forgotten"}
    unfinished = WAITING_STATES + ("processing",)
    ahead = [other for other in dask_scheduler.tasks.values()
             if other.state in unfinished and other.priority is not None and other.priority < task.priority]
    threads = max(1, sum(worker.nthreads for worker in dask_scheduler.workers.values()))
    running = sum(1 for other in dask_scheduler.tasks.values() if other.state == "processing")
    waiting_ahead = sorted(ahead, key=lambda other: other.priority)[min(running, threads):]
    averages = [other.prefix.duration_average for other in waiting_ahead]
    wait = sum(averages) / threads if all(seconds and seconds > 0 for seconds in averages) else None
    return {"state": task.state, "place": len(waiting_ahead) + 1, "wait": wait}


def map_status(client: Client, future: Future, submitted: float) -> MapStatus:
    """Where ``future``'s task stands (``submitted``: ``time.time()`` when this session asked for it).

    One scheduler call for the line, one for the task's events; neither raises for a task the scheduler forgot.
    """
    if future.done():
        return MapStatus("finished", elapsed_s=time.time() - submitted)
    line = client.run_on_scheduler(_line, key=future.key)
    events = [event for _, event in client.get_events(progress_topic(str(future.key)))]
    started = next((event for event in reversed(events) if "started" in event), None)
    if started is None:
        return MapStatus("waiting", place=line.get("place"), wait_s=line.get("wait"),
                         elapsed_s=time.time() - submitted)
    latest = events[-1]
    return MapStatus("running", fraction=float(latest.get("fraction", 0.0)), stage=decode(latest.get("stage")),
                     elapsed_s=time.time() - float(started["started"]))
