import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Tests never touch a model hub: everything is local or built in tmp_path.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")

# Compiling umap-learn in the background of every AppTest costs 30 s of CPU per process.
os.environ.setdefault("EXPLORER_WARM_UMAP", "0")
# Pages' heavy work runs on one Dask worker thread in the test process, where a test's fake projection applies.
os.environ.setdefault("EXPLORER_DASK_WORKERS", "0")


@pytest.fixture(scope="session", autouse=True)
def _component_manifests_scanned_once():
    """AppTest scans every installed package for Streamlit component manifests at the first run of each instance
    (``streamlit/testing/v1/app_test.py``, ``discover_and_register_components``), a tenth of a second to half a
    second each, hundreds of times a suite; the installed packages do not change during a run, so scan once."""
    from streamlit.components.v2 import manifest_scanner

    found = manifest_scanner.scan_component_manifests()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(manifest_scanner, "scan_component_manifests", lambda max_workers=None: list(found))
        yield


@pytest.fixture(scope="session", autouse=True)
def _apptest_runs_past_the_cpython_ast_race():
    """Every AppTest run is made once more when CPython 3.11's AST-builder race failed it
    (:func:`tests.pages.app_test.rerun_past_cpython_ast_race`)."""
    from streamlit.testing.v1 import AppTest

    from tests.pages.app_test import rerun_past_cpython_ast_race

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(AppTest, "_run", rerun_past_cpython_ast_race(AppTest._run))
        yield


#: Folders of the cache that hold a bundled checkpoint's prepared forms (:func:`dashboard.disk_cache.kept_path`:
#: SmolLM2's dequantised model, 24 s to make and 0.4 s to read; its converted tokenizer, 9 s). Named by the
#: file's path, size and time, they are the same for every test, so all tests share them.
PREPARED_KINDS = ("models", "tokenizers")


@pytest.fixture(scope="session")
def _shared_prepared(tmp_path_factory):
    """The folder every test's cache links its :data:`PREPARED_KINDS` to: one per run, shared by pytest-xdist's
    workers (written atomically, so two workers making the same one is safe)."""
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "prepared"
    for kind in PREPARED_KINDS:
        (shared / kind).mkdir(parents=True, exist_ok=True)
    return shared


@pytest.fixture(autouse=True)
def _private_projection_cache(tmp_path_factory, monkeypatch, _shared_prepared):
    """Each test gets its own on-disk cache, so no test sees another's maps; the bundled checkpoints' prepared
    forms are shared (:data:`PREPARED_KINDS`)."""
    cache = tmp_path_factory.mktemp("projections")
    for kind in PREPARED_KINDS:
        (cache / kind).symlink_to(_shared_prepared / kind, target_is_directory=True)
    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(cache))


#: Folders whose every test is slow (`make test-fast` leaves them out; `make test` runs them), and why.
SLOW_FOLDERS = {
    "e2e": "a real `streamlit run` server driven by Chromium",
    "cluster": "a real Dask scheduler and worker processes",
    "real": "the bundled checkpoints, read whole",
    "pages": "every page run through Streamlit's AppTest, a few seconds each",
    "cli": "the command line, in a fresh `python -m dashboard` process or building models in this one",
    "forward": "transformers models built and run",
}
#: Single files that start real processes, and why.
SLOW_FILES = {
    "tests/scripts/test_healthcheck.py": "real `streamlit run` servers",
}
#: Fixtures that read every bundled checkpoint.
SLOW_FIXTURES = {"bundled"}


def is_slow(item: pytest.Item) -> bool:
    """The slow marker's rule (pyproject.toml says it in words): marked by hand (a real UMAP or t-SNE fit), in a
    slow folder or file, using a slow fixture, marked `real`, or running the app in AppTest outside tests/pages."""
    path = item.path.relative_to(ROOT)
    module = getattr(item, "module", None)
    return (item.get_closest_marker("slow") is not None or item.get_closest_marker("real") is not None
            or path.parts[1] in SLOW_FOLDERS or path.as_posix() in SLOW_FILES
            or bool(SLOW_FIXTURES & set(getattr(item, "fixturenames", ())))
            or any(hasattr(module, name) for name in ("AppTest", "open_app_page")))


def pytest_collection_modifyitems(items):
    for item in items:
        if is_slow(item) and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.slow)
