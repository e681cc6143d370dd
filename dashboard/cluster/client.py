"""The Dask client heavy work is submitted through: a local cluster of worker processes, or a running scheduler.

Local workers have one thread each, a nanny restarting them past their memory limit, and nice :data:`NICE`.
``worker-saturation`` 1.0 keeps queued tasks on the scheduler (so :mod:`dashboard.maps.view_requests` can tell their place);
``allowed-failures`` 0 fails a task that killed its worker rather than retrying it. See https://distributed.dask.org.
"""

from __future__ import annotations

import dataclasses
import logging

import dask
from distributed import Client, LocalCluster

from dashboard.errors import ClusterSettingError, HeavyWorkError
from dashboard.i18n import msg
from dashboard.settings import ClusterSettings, current_settings, usable

#: Niceness of local workers (the server's is 0): Linux CFS gives the server about 3x a worker's share of a core.
NICE = 5
#: Seconds to wait for a scheduler given by address to answer.
CONNECT_TIMEOUT_S = 10
#: Scheduler configuration of the local cluster (see the module's docstring).
LOCAL_SCHEDULER_CONFIG = {"distributed.scheduler.worker-saturation": 1.0,
                          "distributed.scheduler.allowed-failures": 0}


def start_local_cluster(settings: ClusterSettings, *, quiet: bool = False) -> LocalCluster:
    """A cluster of ``settings.workers`` one-thread worker processes; ``0``: one worker thread in this process.

    ``quiet``: its workers log critical errors only (a command line reports each failed task itself, in one line;
    Dask's default logs a failed task's traceback too).
    """
    processes = settings.workers > 0
    with dask.config.set(LOCAL_SCHEDULER_CONFIG):
        return LocalCluster(n_workers=max(settings.workers, 1), threads_per_worker=1, processes=processes,
                            memory_limit=settings.memory, dashboard_address=None,
                            silence_logs=logging.CRITICAL if quiet else logging.WARN,
                            # the scheduler's HTTP routes (health, metrics) on loopback, any free port: not 8787
                            # on every interface of a class server
                            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                            preload=["dashboard.cluster.worker_setup"] if processes else [],
                            preload_argv=[["--nice", str(NICE)] + ([] if settings.warm else ["--no-warm"])]
                            if processes else [])


def command_line_settings(workers: int | None, scheduler: str | None) -> ClusterSettings:
    """The deployment's cluster settings with ``--workers`` / ``--scheduler`` applied and no numba warm-up.

    Raises:
        ClusterSettingError: an ``EXPLORER_DASK_*`` setting is unusable, or a ``--scheduler`` without ``://``.
        LiveFitLimitError: ``EXPLORER_LIVE_FIT_ROWS`` is not a positive number.
    """
    settings = usable(current_settings().cluster)
    if scheduler is not None and "://" not in scheduler:
        raise ClusterSettingError(msg("err.cluster.scheduler", env="--scheduler", text=scheduler))
    return dataclasses.replace(settings, scheduler=scheduler or settings.scheduler,
                               workers=settings.workers if workers is None else workers, warm=False)


def connect(settings: ClusterSettings, *, quiet: bool = False) -> Client:
    """A client of the scheduler ``settings.scheduler`` names, or of a new local cluster (``quiet``: see
    :func:`start_local_cluster`) when it names none.

    Raises:
        HeavyWorkError: the scheduler given by address does not answer within :data:`CONNECT_TIMEOUT_S` s, or the
            local cluster does not start (Dask raises ``RuntimeError`` when a nanny or worker fails to start).
    """
    if settings.scheduler is None:
        try:
            return Client(start_local_cluster(settings, quiet=quiet), set_as_default=False)
        except (RuntimeError, OSError, TimeoutError) as error:
            raise HeavyWorkError(msg("err.cluster.local_start", error=f"{type(error).__name__}: {error}")) from error
    try:
        return Client(settings.scheduler, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
    except (OSError, TimeoutError) as error:
        raise HeavyWorkError(msg("err.cluster.unreachable", address=settings.scheduler,
                                 error=f"{type(error).__name__}: {error}")) from error
