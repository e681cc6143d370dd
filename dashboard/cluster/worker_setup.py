"""Dask worker preload: lower priority, leave Ctrl-C to the nanny, compile umap-learn's numba code at start.

A remote worker runs it with ``dask worker --preload dashboard.cluster.worker_setup`` (docs/deploy.md).
"""

from __future__ import annotations

import os
import signal
import threading

import click


@click.command()
@click.option("--nice", default=5, help="niceness added to the worker's (0: none)")
@click.option("--warm/--no-warm", default=True, help="compile umap-learn's numba code at the worker's start")
def dask_setup(worker, nice: int, warm: bool) -> None:
    """Dask's preload hook: runs in the worker process before it takes tasks."""
    if worker.nanny and threading.current_thread() is threading.main_thread():
        # Ctrl-C reaches the whole process group; the nanny closes this worker, which would otherwise print a traceback.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        os.nice(nice)
    if warm:
        from dashboard.maps.umap_fit import warm_umap

        threading.Thread(target=warm_umap, name="warm-umap", daemon=True).start()
