"""Hold the server's one projection worker busy, so that the jobs a page asks for stay queued."""

import threading
from contextlib import contextmanager

from dashboard.ui.projection_jobs import job_board


@contextmanager
def busy_worker():
    """The page's projection worker runs a job of its own for the block, so the page's jobs stay queued."""
    release = threading.Event()
    blocker = job_board().submit("test-blocker", lambda progress: release.wait(60))
    try:
        yield job_board()
    finally:
        release.set()
        blocker.future.result(60)
        job_board().forget("test-blocker")

