import os

import pytest

# Tests never touch a model hub: everything is local or built in tmp_path.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")

# Compiling umap-learn in the background of every AppTest costs 30 s of CPU per process.
os.environ.setdefault("EXPLORER_WARM_UMAP", "0")
# Pages' heavy work runs on one Dask worker thread in the test process, where a test's fake projection applies.
os.environ.setdefault("EXPLORER_DASK_WORKERS", "0")


@pytest.fixture(autouse=True)
def _private_projection_cache(tmp_path_factory, monkeypatch):
    """Each test gets its own on-disk projection cache, so no test sees another's results."""
    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path_factory.mktemp("projections")))
