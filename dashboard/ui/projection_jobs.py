"""UMAP and t-SNE run in a background thread, so the page shows PCA at once and stays usable.

One worker thread per server process runs UMAP and t-SNE jobs one at a time (the
machine has 2 cores; two fits at once would each take twice as long). The
UMAP fits themselves run in one child process at lower priority
(:mod:`dashboard.analysis.umap_process`): in a thread of the server they
would hold its interpreter lock through every numba call and slow every
other session's page (t-SNE runs on the worker: openTSNE's own threads). The first task is
:func:`dashboard.analysis.projection.warm_umap` in that child, which
compiles umap-learn's numba code (about 30 s) when the server starts, before
anyone asks for a map. A job reports the fraction of epochs done; a page polls
it from an ``st.fragment`` and reruns when it finishes. A rerun, a click or
another session asking for the same map finds the same job instead of
starting again, and the finished result lands in the on-disk cache, so it
outlives the job.

A job remembers which sessions wait for it. When the last one moves on
(other settings, or PCA) while the job is still queued, it is dropped, so the
map asked for next does not queue behind maps nobody wants. A session whose
browser closed never moves on, so when a job's turn comes, the sessions the
server no longer knows are struck off its waiters first (Streamlit keeps a
closed tab's session for two minutes, for a reconnect); if none is left, it
is dropped then, unstarted. A running UMAP nobody waits for any more is
stopped too: when its last session moves on, or, every :data:`SWEEP_S`
seconds, when the server no longer knows any of its sessions (a closed tab,
about two minutes after closing). umap-learn has no hook to stop a fit
(raising from its tqdm progress bar would leave tqdm's process-wide lock
held), so the UMAP child process is killed
(:meth:`~dashboard.analysis.umap_process.UmapProcess.stop_fit`) and a new one
compiles umap-learn's numba code again (about a minute on quiet cores, see
docs/deploy.md): at once where the server warms up at its start, else at the
next fit. A running t-SNE (openTSNE, in this process) is asked to stop
(:meth:`ProjectionJob.stop`): its next progress report, at most ten iterations
later, ends the optimisation; an affinity stage already started runs to its end first.

The worker is a daemon thread, not a ``ThreadPoolExecutor``'s: Python joins
an executor's threads at exit, so a server told to stop (SIGTERM from Docker
or systemd) would wait for a running fit, minutes, until it got SIGKILL. A
daemon thread ends with the process; its half-done map was never cached.

Set ``EXPLORER_WARM_UMAP=0`` to skip the warm-up (the test suite does: it
would cost 30 s of CPU per test process).

``EXPLORER_LIVE_FIT_ROWS`` caps the rows one UMAP or t-SNE asked for from a page
may fit (:func:`check_live_fit`), so that one student's 1,600,000-row upload
cannot hold the one worker for half an hour while everyone else's map waits.
Unset, there is no cap (a machine of one's own); ``docs/deploy.md`` recommends
:data:`CLASS_LIVE_FIT_ROWS` for a class. A map already on disk is served
whatever its size: ``python -m dashboard precompute`` is not capped.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import streamlit as st

from dashboard.analysis.projection import METHODS, Projection, ProgressCallback
from dashboard.analysis.umap_process import FitCancelledError, UmapProcess
from dashboard.analysis.umap_timing import STAGES, UmapEstimate
from dashboard.background_import import import_in_background
from dashboard.checkpoints.uploads import read_positive_setting
from dashboard.errors import LiveFitLimitError
from dashboard.i18n import Text, msg
from dashboard.ui.session_files import session_known

WARM_ENV = "EXPLORER_WARM_UMAP"
#: Seconds between two checks for running or queued jobs whose sessions have all closed.
SWEEP_S = 15.0
#: Environment variable: most rows a UMAP or t-SNE computed for a page may fit (unset or blank: no cap).
LIVE_FIT_ENV = "EXPLORER_LIVE_FIT_ROWS"
#: The cap docs/deploy.md and compose.yaml suggest for a class server (rows); the example in a bad setting's message.
CLASS_LIVE_FIT_ROWS = 200_000


def live_fit_rows(environ: Mapping[str, str] = os.environ) -> int | None:
    """Most rows a page's UMAP or t-SNE may fit: ``$EXPLORER_LIVE_FIT_ROWS``, ``None`` (no cap) when unset or blank.

    Raises:
        LiveFitLimitError: the variable is set to something that is not a positive number (a typo on a class
            server must not lift the cap silently).
    """
    if not environ.get(LIVE_FIT_ENV, "").strip():
        return None
    return int(read_positive_setting(environ, LIVE_FIT_ENV, CLASS_LIVE_FIT_ROWS, LiveFitLimitError))


def check_live_fit(n_rows: int, method: str, environ: Mapping[str, str] = os.environ) -> None:
    """Refuse a page's ``method`` fit (``umap`` or ``tsne``) of ``n_rows`` rows above :func:`live_fit_rows`.

    Raises:
        LiveFitLimitError: ``n_rows`` is over the cap (the message says what to do instead: PCA, a map computed
            beforehand with ``python -m dashboard precompute``, or a machine of one's own), or the setting is bad.
    """
    limit = live_fit_rows(environ)
    if limit is not None and n_rows > limit:
        raise LiveFitLimitError(msg("err.map_data.live_fit_rows", method=METHODS.get(method, method), rows=n_rows,
                                    limit=limit, env=LIVE_FIT_ENV))


@dataclass
class ProjectionJob:
    """One background projection and how far it got.

    Attributes:
        key: the cache key of the result it computes.
        method: the projection it computes, ``umap`` or ``tsne`` (a key of
            :data:`~dashboard.analysis.projection.METHODS`): its texts name it.
        future: resolves to the :class:`Projection`, or raises its error.
        fraction: share of the fit done (UMAP's epochs, t-SNE's iterations), in [0, 1].
        stage: what it is doing now, for the progress bar's text (a :class:`~dashboard.i18n.Text`, rendered
            in each reader's language by the page; English as a ``str``); while queued, that it waits.
        started: ``time.monotonic()`` when it was submitted.
        waiting: ids of the sessions that want its result.
        asked: whether any session ever waited for it (a job nobody asked for, such as a test's, is never
            dropped for want of waiters).
        estimate: expected seconds of each UMAP stage (``None``: no measured model).
        running_since: ``time.monotonic()`` when the fit itself started (``None`` while queued).
        stage_since: ``time.monotonic()`` when the current stage's first report came.
        stopping: set by :meth:`stop`; :meth:`report` then raises.
    """

    key: str
    method: str = "umap"
    future: Future = field(default_factory=Future)
    fraction: float = 0.0
    stage: str | None = None
    started: float = field(default_factory=time.monotonic)
    waiting: set[str] = field(default_factory=set)
    asked: bool = False
    estimate: UmapEstimate | None = None
    running_since: float | None = None
    stage_since: float = field(default_factory=time.monotonic)
    stopping: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        if self.stage is None:
            self.stage = msg("umap_job.queued", method=self.method_name)

    @property
    def method_name(self) -> str:
        """The method as the texts name it (``UMAP``, ``t-SNE``), the same in every language."""
        return METHODS.get(self.method, self.method)

    def report(self, fraction: float, stage: str) -> None:
        """Record progress (``fraction`` in [0, 1]) and what is happening.

        Raises:
            FitCancelledError: :meth:`stop` was called; a t-SNE fit reporting here ends
                (:func:`~dashboard.analysis.tsne.project_tsne`).
        """
        if self.stopping.is_set():
            raise FitCancelledError(f"nobody waits for {self.key} any more")
        if getattr(stage, "key", None) != getattr(self.stage, "key", None):
            self.stage_since = time.monotonic()
        self.fraction, self.stage = min(max(fraction, 0.0), 1.0), stage

    def stop(self) -> bool:
        """Ask a fit that reports here to end at its next report (a t-SNE in this process).

        Returns:
            True: the request stands (a UMAP in the child is stopped by
            :meth:`~dashboard.analysis.umap_process.UmapProcess.stop_fit` instead).
        """
        self.stopping.set()
        return True

    @property
    def umap_stage(self) -> str | None:
        """The UMAP stage running now (one of :data:`~dashboard.analysis.umap_timing.STAGES`), else ``None``."""
        name = getattr(self.stage, "key", "").removeprefix("projection.stage.")
        name = "embed" if name == "epoch" else name
        return name if name in STAGES else None

    def live(self) -> tuple[float, Text | None, Text | None]:
        """Progress now: the share of the fit done, this stage's text and the total's, for the progress bar.

        The graph and the fuzzy set report nothing while they run, so their
        share and text come from the seconds elapsed in them against the
        :attr:`estimate`; the embedding's from its epochs. Without an estimate
        the share is the epochs' and the total says there is none.

        Returns:
            (fraction in [0, 1], step text or ``None`` while no stage runs, total text or ``None`` while queued).
        """
        stage, now = self.umap_stage, time.monotonic()
        if stage is None or self.running_since is None:
            return self.fraction, None, None
        elapsed, in_stage = now - self.running_since, now - self.stage_since
        index = STAGES.index(stage) + 1
        if self.estimate is None:
            step = msg("umap_progress.step", index=index, stage=self.stage)
            return self.fraction, step, msg("umap_progress.no_model", elapsed=duration(elapsed))
        expected = self.estimate.seconds[stage]
        if stage == "embed":
            step = msg("umap_progress.step", index=index, stage=self.stage)
        else:
            key = "umap_progress.step_timed" if in_stage <= expected else "umap_progress.step_late"
            step = msg(key, index=index, stage=self.stage, elapsed=duration(in_stage), expected=duration(expected))
        total = msg("umap_progress.total", total=duration(self.estimate.total), cores=self.estimate.cores,
                    factor=self.estimate.factor, elapsed=duration(elapsed))
        return self.estimate.fraction_done(stage, in_stage, self.fraction), step, total

    @property
    def elapsed(self) -> float:
        """Seconds since it was submitted."""
        return time.monotonic() - self.started


def duration(seconds: float) -> Text:
    """``seconds`` as the progress text says it: ``40 s`` below a minute, else ``3.5 min``."""
    if seconds < 60:
        return msg("umap_progress.seconds", seconds=seconds)
    return msg("umap_progress.minutes", minutes=seconds / 60)


class DaemonWorker:
    """One daemon thread running submitted calls in order, each resolving a :class:`Future`.

    Like a one-thread ``ThreadPoolExecutor`` (``submit`` returns a future that
    ``cancel()`` stops while queued), except that interpreter exit does not
    wait for the call that is running.
    """

    def __init__(self, name: str = "projection") -> None:
        self._queue: queue.SimpleQueue[tuple[Future, Callable[[], Any]]] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def submit(self, call: Callable[[], Any]) -> Future:
        """Queue ``call``; the future resolves to its result or raises its error."""
        future: Future = Future()
        self._queue.put((future, call))
        return future

    def _run(self) -> None:
        while True:
            future, call = self._queue.get()
            if not future.set_running_or_notify_cancel():  # cancelled while queued
                continue
            try:
                future.set_result(call())
            except BaseException as error:  # handed to whoever waits on the future
                future.set_exception(error)


class JobDroppedError(RuntimeError):
    """A job was dropped, unstarted or stopped mid-fit: every session that had asked for it was gone."""


class JobBoard:
    """The process's projection jobs, by key, the single worker that runs them, and the UMAP child process.

    Args:
        known: whether the server still knows a session id (default:
            :func:`~dashboard.ui.session_files.session_known`); asked when a job's turn comes and by :meth:`prune`.
        process: where UMAP fits run (default: a new :class:`~dashboard.analysis.umap_process.UmapProcess`);
            tests pass a stand-in with ``stop_fit``.
        sweep_s: seconds between two :meth:`prune` calls of a daemon thread; ``None``: no such thread.

    Attributes:
        process: where the UMAP fits run (:class:`~dashboard.analysis.umap_process.UmapProcess`:
            its own lower-priority process, so a fit does not hold the server's interpreter lock).
    """

    def __init__(self, known: Callable[[str], bool] = session_known, process: UmapProcess | None = None,
                 sweep_s: float | None = SWEEP_S) -> None:
        self._known = known
        self.process = process if process is not None else UmapProcess()
        self._worker = DaemonWorker()
        self._jobs: dict[str, ProjectionJob] = {}
        self._lock = threading.Lock()
        self.warming: Future | None = None
        if sweep_s is not None:
            threading.Thread(target=self._sweep, args=(sweep_s,), name="projection-sweep", daemon=True).start()

    def _sweep(self, every_s: float) -> None:
        pause = threading.Event()  # never set: a pause that is not a bare sleep in a loop of its own
        while True:
            pause.wait(every_s)
            try:
                self.prune()
            except Exception:  # noqa: BLE001 - a failed sweep must not end the sweeping; the next one retries
                continue

    def prune(self) -> list[str]:
        """Strike off every job's sessions the server no longer knows; drop the jobs nobody waits for any more.

        A queued job is cancelled, a running fit stopped (:meth:`_drop`).

        Returns:
            The keys of the jobs dropped.
        """
        dropped = []
        with self._lock:
            for key, job in list(self._jobs.items()):
                if job.future.done() or not job.asked:
                    continue
                job.waiting = {waiter for waiter in job.waiting if self._known(waiter)}
                if not job.waiting and self._drop(key, job):
                    dropped.append(key)
        return dropped

    def _drop(self, key: str, job: ProjectionJob) -> bool:
        """Cancel ``job`` if queued, stop it if it is a running fit; forget it if either worked (lock held).

        A running UMAP's child is killed, and the next one compiles umap-learn's
        code again; where the server warmed up at its start, that warm-up is
        queued again, so a job submitted meanwhile says it waits for compiling.
        A running t-SNE is asked to stop (:meth:`ProjectionJob.stop`): it ends
        at its next progress report and a job queued meanwhile waits for that.

        Returns:
            Whether it was dropped (False: a UMAP job whose fit is not in the child, which will finish).
        """
        cancelled = job.future.cancel()
        running = not cancelled and job.running_since is not None and not job.future.done()
        killed = running and (self.process.stop_fit(job.report) if job.method == "umap" else job.stop())
        if killed and job.method == "umap" and self.warming is not None:  # warm the new child before the next fit
            self.warming = self._worker.submit(self.process.warm)
        stopped = cancelled or killed
        if stopped and self._jobs.get(key) is job:
            del self._jobs[key]
        return stopped

    def warm(self) -> None:
        """Queue the numba warm-up as the worker's first task (once)."""
        with self._lock:
            if self.warming is None:
                self.warming = self._worker.submit(self.process.warm)

    def submit(self, key: str, compute: Callable[[ProgressCallback], Projection],
               waiter: str | None = None, estimate: UmapEstimate | None = None,
               method: str = "umap") -> ProjectionJob:
        """The job computing ``key``: the running or finished one, else a new one.

        Args:
            key: identifies the result (the projection cache key).
            compute: called on the worker with the job's progress callback.
            waiter: the session asking; it is added to the job's waiters (see :meth:`release`).
            estimate: expected stage seconds, for a new job's progress bar.
            method: ``umap`` or ``tsne``, the projection ``compute`` makes (its texts name it).
        """
        with self._lock:
            job = self._jobs.get(key) or self._start(key, compute, estimate, method)
            if waiter is not None:
                job.waiting.add(waiter)
                job.asked = True
            return job

    def _start(self, key: str, compute: Callable[[ProgressCallback], Projection],
               estimate: UmapEstimate | None = None, method: str = "umap") -> ProjectionJob:
        """Queue a new job for ``key`` on the worker (the caller holds the lock)."""
        job = ProjectionJob(key, method=method, estimate=estimate)
        if self.warming is not None and not self.warming.done():  # the warm-up runs first, on the same worker
            job.report(0.0, msg("umap_job.compiling", method=job.method_name))

        def run() -> Projection:
            """The job's turn on the worker: its projection.

            Raises:
                JobDroppedError: every session that asked for it is gone (it never starts, or was stopped).
            """
            with self._lock:  # its turn: strike off the sessions that closed while it was queued
                job.waiting = {waiter for waiter in job.waiting if self._known(waiter)}
                if job.asked and not job.waiting:
                    self._jobs.pop(key, None)
                    raise JobDroppedError(f"nobody waits for {key} any more")
                job.report(0.0, msg("umap_job.starting"))
                job.running_since = time.monotonic()
            try:
                return compute(job.report)  # job.report also names the fit for UmapProcess.stop_fit
            except FitCancelledError as error:
                raise JobDroppedError(f"nobody waits for {key} any more: its fit was stopped") from error

        job.future = self._worker.submit(run)
        self._jobs[key] = job
        return job

    def release(self, key: str, waiter: str) -> None:
        """``waiter`` no longer wants ``key``; a job nobody wants any more is dropped (:meth:`_drop`).

        A queued job never starts; a running UMAP is stopped (its child
        process killed), a running t-SNE asked to stop; asking for the key
        again submits a new job. A finished job is kept: its map is in the disk cache.
        """
        with self._lock:
            job = self._jobs.get(key)
            if job is None:
                return
            job.waiting.discard(waiter)
            if not job.waiting and not job.future.done():
                self._drop(key, job)

    def get(self, key: str) -> ProjectionJob | None:
        with self._lock:
            return self._jobs.get(key)

    def forget(self, key: str) -> None:
        """Drop a finished job, so that asking again computes again (after an unexpected failure)."""
        with self._lock:
            self._jobs.pop(key, None)


@st.cache_resource(show_spinner=False)
def job_board() -> JobBoard:
    """The one :class:`JobBoard` of this server process."""
    return JobBoard()


@st.cache_resource(show_spinner=False)
def start_pca_import() -> threading.Thread:
    """Import scikit-learn's PCA on a daemon thread, once per server process (called by the router).

    Otherwise every new server's first PCA map waits for the import: 0.8 s of the script run that drew the
    256,000 x 2,304 map (py-spy, 2026-12-04). UMAP and t-SNE are imported where they run.
    """
    return import_in_background("sklearn.decomposition")


def start_umap_warmup() -> None:
    """Compile umap-learn in the background, once per process (called by the router)."""
    if os.environ.get(WARM_ENV, "1") != "0":
        job_board().warm()
