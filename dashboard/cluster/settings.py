"""Settings of the heavy-work cluster, read once from the environment.

=============================  =====================================================================================
``EXPLORER_DASK_SCHEDULER``    ``tcp://HOST:8786``: submit to that running scheduler (its workers run this project's
                               code, see docs/deploy.md); unset: a local cluster of this machine's worker processes.
``EXPLORER_DASK_WORKERS``      worker processes of the local cluster (default 1): each computes one map at a time;
                               ``0``: one worker thread in the server's own process (no isolation: the test suite's
                               setting, where fake projections replace the real ones).
``EXPLORER_DASK_MEMORY``       memory each local worker may use (``2GiB``, ``1.5GB``; default ``auto``: the machine's
                               memory shared out); a worker past it is restarted by Dask's nanny, not the server.
``EXPLORER_LIVE_FIT_ROWS``     most rows a UMAP or t-SNE asked for from a page may fit (unset: no cap).
``EXPLORER_WARM_UMAP``         ``0``: a new worker does not compile umap-learn's numba code before its first map.
=============================  =====================================================================================
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping

from dashboard.checkpoints.uploads import read_positive_setting
from dashboard.errors import ClusterSettingError, LiveFitLimitError
from dashboard.i18n import msg

SCHEDULER_ENV = "EXPLORER_DASK_SCHEDULER"
WORKERS_ENV = "EXPLORER_DASK_WORKERS"
MEMORY_ENV = "EXPLORER_DASK_MEMORY"
LIVE_FIT_ENV = "EXPLORER_LIVE_FIT_ROWS"
WARM_ENV = "EXPLORER_WARM_UMAP"
#: The cap docs/deploy.md and compose.yaml suggest for a class server (rows); the example in a bad setting's message.
CLASS_LIVE_FIT_ROWS = 200_000


@dataclass(frozen=True)
class ClusterSettings:
    """Where heavy work runs and how much of it a page may ask for.

    Attributes:
        scheduler: address of a running Dask scheduler (``tcp://host:8786``), or ``None`` for a local cluster.
        workers: worker processes of the local cluster (one thread each: numba and openTSNE use their own); 0: one
            worker thread in this process.
        memory: each local worker's memory limit as Dask reads it (``"2GiB"``, ``"auto"``).
        live_fit_rows: most rows a page's UMAP or t-SNE may fit; ``None``: no cap.
        warm: whether a new worker compiles umap-learn's numba code before its first map.
    """

    scheduler: str | None = None
    workers: int = 1
    memory: str = "auto"
    live_fit_rows: int | None = None
    warm: bool = True

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> "ClusterSettings":
        """The settings the environment gives (see the module's table).

        Raises:
            ClusterSettingError: a worker count that is not a positive whole number, or a scheduler address
                without ``tcp://``, ``tls://`` or ``inproc://``.
            LiveFitLimitError: ``EXPLORER_LIVE_FIT_ROWS`` set to something that is not a positive number.
        """
        scheduler = environ.get(SCHEDULER_ENV, "").strip() or None
        if scheduler is not None and "://" not in scheduler:
            raise ClusterSettingError(msg("err.cluster.scheduler", env=SCHEDULER_ENV, text=scheduler))
        workers = environ.get(WORKERS_ENV, "").strip() or "1"
        if not workers.isdigit():
            raise ClusterSettingError(msg("err.cluster.workers", env=WORKERS_ENV, text=workers))
        rows = None
        if environ.get(LIVE_FIT_ENV, "").strip():
            rows = int(read_positive_setting(environ, LIVE_FIT_ENV, CLASS_LIVE_FIT_ROWS, LiveFitLimitError))
        return cls(scheduler, int(workers), environ.get(MEMORY_ENV, "").strip() or "auto", rows,
                   environ.get(WARM_ENV, "1").strip() != "0")

    def check_live_fit(self, n_rows: int, method_name: str) -> None:
        """Refuse a page's fit of ``n_rows`` rows above :attr:`live_fit_rows`.

        Raises:
            LiveFitLimitError: ``n_rows`` is over the cap; the message says what to do instead (PCA, a map
                computed beforehand with ``python -m dashboard precompute``, or a machine of one's own).
        """
        if self.live_fit_rows is not None and n_rows > self.live_fit_rows:
            raise LiveFitLimitError(msg("err.map_data.live_fit_rows", method=method_name, rows=n_rows,
                                        limit=self.live_fit_rows, env=LIVE_FIT_ENV))
