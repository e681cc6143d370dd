"""The local workers' preload: Ctrl-C is left to the nanny that closes the worker."""

import signal
from types import SimpleNamespace

import pytest

from dashboard.cluster import worker_setup


@pytest.fixture
def sigint_kept():
    before = signal.getsignal(signal.SIGINT)
    yield
    signal.signal(signal.SIGINT, before)


def test_a_worker_under_a_nanny_ignores_ctrl_c(sigint_kept):
    # Dask calls a click preload's callback with the worker and the parsed options
    worker_setup.dask_setup.callback(SimpleNamespace(nanny="tcp://127.0.0.1:40000"), nice=0, warm=False)
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def test_a_worker_without_a_nanny_keeps_ctrl_c(sigint_kept):
    before = signal.getsignal(signal.SIGINT)
    worker_setup.dask_setup.callback(SimpleNamespace(nanny=None), nice=0, warm=False)
    assert signal.getsignal(signal.SIGINT) is before
