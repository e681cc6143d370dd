"""The router (``app.py``) in a Dask worker: a spawned process runs its parent's main script as ``__mp_main__``."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_spawned_worker_running_app_py_imports_no_ui_and_starts_nothing():
    # What multiprocessing's spawn does in each new worker of the server's local cluster (spawn._fixup_main_from_path).
    # Unguarded, each worker imported Streamlit and the pages' kit and started a cluster and models of its own.
    code = ("import runpy, sys, threading; runpy.run_path('app.py', run_name='__mp_main__'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('streamlit', 'dashboard', 'distributed')), "
            "threading.active_count())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["[]", "1"]
