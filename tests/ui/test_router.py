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


def test_streamlit_run_serves_the_app_object_whose_lifespan_readies_the_server():
    # `streamlit run app.py` looks for an st.App in the file (by its source) and then imports the file as `app`.
    from streamlit.web.server.app_discovery import discover_asgi_app

    found = discover_asgi_app(ROOT / "app.py")
    assert found.is_asgi_app and found.import_string == "app:app"
    code = ("import runpy, sys; app = runpy.run_path('app.py', run_name='app')['app']; "
            "from dashboard.ui.server_start import ready_server; "
            "print(app._user_lifespan is ready_server, 'torch' in sys.modules, 'dashboard.ui.sidebar' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "False", "False"]  # the pages' imports wait for the lifespan
