"""A server told to stop (SIGTERM, as Docker and systemd do) exits within seconds while a UMAP runs on its Dask
worker, takes its worker processes with it, and leaves nothing in the log a teacher would take for a crash."""

from __future__ import annotations

import signal
import subprocess
import time

import psutil
import pytest

from scripts.local_server import ServerStartError, free_port, run_streamlit

#: Seconds a stopping server may take. An idle server took 3.7 s here (2 shared cores), one with a
#: running UMAP 6 s; before the worker was a daemon thread it waited for the whole job (over 60 s).
STOP_SECONDS = 10


def test_sigterm_stops_the_server_while_a_umap_job_runs(page, tmp_path):
    port = free_port()
    env = {"EXPLORER_WARM_UMAP": "0", "EXPLORER_CACHE_DIR": str(tmp_path / "cache")}  # nothing cached: UMAP runs
    try:
        with run_streamlit(port=port, log_path=tmp_path / "streamlit.log", env=env) as server:
            page.goto(f"{server.url}/token_map?method=umap")
            page.get_by_text("UMAP of all", exact=False).first.wait_for(timeout=120_000)
            time.sleep(2)  # the worker is now inside the job (compiling or fitting), far from done
            children = psutil.Process(server.process.pid).children(recursive=True)
            assert children, "no Dask worker process under the server"
            stopped = time.perf_counter()
            server.process.send_signal(signal.SIGTERM)
            try:
                server.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                pytest.fail("the server still ran 60 s after SIGTERM")
            took = time.perf_counter() - stopped
    except ServerStartError as error:
        pytest.fail(str(error))
    assert took < STOP_SECONDS, f"the server needed {took:.1f} s to stop after SIGTERM"
    gone, alive = psutil.wait_procs(children, timeout=15)
    assert not alive, f"processes left after the server stopped: {[p.cmdline()[:3] for p in alive]}"
    log = (tmp_path / "streamlit.log").read_text(errors="replace")
    assert "terminate called" not in log and "leaked shared_memory" not in log and "Traceback" not in log, log[-3000:]
