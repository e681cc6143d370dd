"""Where a submitted map stands: queued (place in line, rough wait), running (stage, progress, worker), finished.

The scheduler knows the line (:func:`_line`); the task reports its own stage and progress
(:mod:`dashboard.maps.tasks`). Reference: https://distributed.dask.org/en/stable/scheduling-state.html
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from distributed import Client, Future

from dashboard.maps.tasks import progress_topic
from dashboard.wall.runner import decode

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
