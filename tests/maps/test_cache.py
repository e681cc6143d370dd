"""The on-disk projection cache: round trip, no recomputation, keys, damaged files."""

from pathlib import Path

import numpy as np
import pytest

from dashboard import disk_cache
from dashboard.errors import QueryError
from dashboard.maps import cache as projection_cache
from dashboard.maps.cache import cache_path, cached_projection, projection_key
from dashboard.maps.projection import Projection, ProjectionSettings, project_table
from dashboard.settings import CACHE_MB_ENV, DEFAULT_CACHE_MB
from tests.map_fixtures import random_table

PCA2 = ProjectionSettings("pca", 2)


class CountingProjector:
    def __init__(self):
        self.calls = 0

    def __call__(self, table, settings, progress=None):
        self.calls += 1
        return project_table(table, settings, progress)


def test_second_call_reads_from_disk_without_recomputing(tmp_path):
    table = random_table(40, 6)
    projector = CountingProjector()
    first = cached_projection(table, "hash", "token", PCA2, directory=tmp_path, compute=projector)
    second = cached_projection(table, "hash", "token", PCA2, directory=tmp_path, compute=projector)
    assert projector.calls == 1
    np.testing.assert_array_equal(first.coords, second.coords)
    np.testing.assert_array_equal(first.explained_variance, second.explained_variance)
    assert second.parameters == first.parameters and second.versions == first.versions


def test_round_trip_keeps_nan_rows_and_notes_and_loads_without_pickle(tmp_path):
    coords = np.array([[0.0, 1.0], [np.nan, np.nan]], np.float32)
    projection = Projection(coords=coords, method="umap", parameters={"n_neighbors": 15}, versions={"numpy": "x"},
                            notes=("1 row is all zero",))
    projection.save(tmp_path / "p.npz")
    with np.load(tmp_path / "p.npz", allow_pickle=False) as data:  # would raise on any pickled object
        assert set(data.files) == {"coords", "explained_variance", "meta"}
    loaded = Projection.load(tmp_path / "p.npz")
    np.testing.assert_array_equal(loaded.coords, coords)
    assert loaded.notes == projection.notes and loaded.n_placed == 1


def test_key_changes_with_table_which_table_and_parameters_but_not_with_pca_seed():
    base = projection_key("a", "token", PCA2)
    assert projection_key("b", "token", PCA2) != base
    assert projection_key("a", "position", PCA2) != base
    assert projection_key("a", "token", ProjectionSettings("pca", 3)) != base
    assert projection_key("a", "token", ProjectionSettings("pca", 2, seed=5)) == base  # PCA does not use it
    umap = ProjectionSettings("umap", 2)
    assert projection_key("a", "token", umap) != projection_key("a", "token", ProjectionSettings("umap", 2, seed=1))
    assert projection_key("a", "token", umap) != projection_key("a", "token", ProjectionSettings("umap", 2, seed=None))


def test_a_damaged_or_mismatched_file_is_recomputed_and_replaced(tmp_path):
    table = random_table(30, 5)
    path = cache_path("hash", "token", PCA2, tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a zip file")
    projector = CountingProjector()
    cached_projection(table, "hash", "token", PCA2, directory=tmp_path, compute=projector)
    assert projector.calls == 1 and Projection.load(path).n_rows == 30
    cached_projection(random_table(31, 5), "hash", "token", PCA2, directory=tmp_path, compute=projector)
    assert projector.calls == 2  # same key, other row count: never trusted


def test_directory_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "elsewhere"))
    cached_projection(random_table(20, 4), "hash", "token", PCA2)
    assert len(list((tmp_path / "elsewhere").glob("token-pca2d-*.npz"))) == 1


def _fixed_versions(method, backend="cpu"):
    """Library versions frozen, so that a key's digest can be written down."""
    umap = {"umap-learn": "0.5.7", "pynndescent": "0.5.13", "numba": "0.60.0"} if method == "umap" else {}
    return {"numpy": "2.0.0", "scikit-learn": "1.5.0", **umap}


def test_cpu_keys_are_exactly_those_of_before_backends_existed(monkeypatch):
    """Caches and precomputed maps written before the backend setting keep being found: the digests below were
    computed by the code of commit eefe667, before ProjectionSettings had a backend."""
    import dashboard.maps.cache as projection_cache

    monkeypatch.setattr(projection_cache, "library_versions", _fixed_versions)
    expected = {
        ProjectionSettings("pca", 2): "token-pca2d-a1b782e32d20dd4fc72a83e1f8ec661e",
        ProjectionSettings("umap", 3, seed=None): "token-umap3d-b4d9604ec11d36cfb23ead8b69d5fba2",
        ProjectionSettings("umap", 2, seed=7, n_neighbors=30, min_dist=0.5):
            "token-umap2d-752232e02643cf3a3bf8102d50af58c0",
        ProjectionSettings("tsne", 2): "token-tsne2d-648e9e96f5d4b978df3b91cc31e9f8a7",
    }
    for settings, key in expected.items():
        assert projection_key("abc123", "token", settings) == key
        assert projection_key("abc123", "token", ProjectionSettings(**{**settings.__dict__, "backend": "cpu"})) == key


def test_cpu_key_is_the_digest_of_the_same_document_with_the_real_versions():
    import hashlib
    import json

    from dashboard.maps.projection import library_versions

    settings = ProjectionSettings("umap", 2, seed=3)
    document = {"table": "h", "which": "token", "method": "umap", "parameters": settings.parameters(),
                "versions": library_versions("umap")}
    digest = hashlib.blake2b(json.dumps(document, sort_keys=True).encode(), digest_size=16).hexdigest()
    assert projection_key("h", "token", settings) == f"token-umap2d-{digest}"


def test_a_loaded_file_without_a_backend_is_a_cpu_map_and_a_cuml_map_keeps_its_backend(tmp_path):
    coords = np.zeros((3, 2), np.float32)
    Projection(coords=coords, method="pca", parameters={}, versions={}).save(tmp_path / "cpu.npz")
    assert Projection.load(tmp_path / "cpu.npz").backend == "cpu"
    Projection(coords=coords, method="umap", parameters={}, versions={"cuml": "25.10.00"},
               backend="cuml").save(tmp_path / "gpu.npz")
    loaded = Projection.load(tmp_path / "gpu.npz")
    assert loaded.backend == "cuml" and "cuml 25.10.00" in loaded.describe()


def _in_threads(*calls):
    """Run each call on a thread of its own; their results (or what they raised) in order."""
    import threading

    results: list = [None] * len(calls)

    def run(i, call):
        try:
            results[i] = call()
        except BaseException as error:  # noqa: BLE001 - returned for the test to look at
            results[i] = error

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


@pytest.fixture
def waiting(monkeypatch):
    """An event set when a caller starts waiting for a projection another thread computes."""
    import threading
    from concurrent.futures import Future

    event = threading.Event()

    class SaysWhenWaitedFor(Future):
        def result(self, timeout=None):
            event.set()
            return super().result(timeout)

    monkeypatch.setattr(projection_cache, "Future", SaysWhenWaitedFor)
    return event


def _second_caller(table, tmp_path, started, compute):
    """Ask for the projection once the first caller is computing it."""
    def call():
        assert started.wait(30)
        return cached_projection(table, "hash", "token", PCA2, directory=tmp_path, compute=compute)
    return call


def test_a_projection_asked_for_while_it_is_computed_waits_for_it_instead_of_computing_it_again(tmp_path, waiting):
    """A prefetched map and the page that opens meanwhile: one computation, the same map for both."""
    import threading

    table, started, calls = random_table(60, 8), threading.Event(), []

    def slow(table, settings, progress=None):
        calls.append(threading.current_thread().name)
        started.set()
        assert waiting.wait(30)  # returns only once the second caller waits for it
        return project_table(table, settings, progress)

    one, two = _in_threads(
        lambda: cached_projection(table, "hash", "token", PCA2, directory=tmp_path, compute=slow),
        _second_caller(table, tmp_path, started, slow))
    assert len(calls) == 1
    assert isinstance(one, Projection) and two is one


@pytest.mark.parametrize("error, recomputed", [(RuntimeError("stopped"), True),
                                               (QueryError("too few rows"), False)])
def test_a_failure_of_the_computation_waited_for_is_recomputed_unless_the_input_is_bad(tmp_path, waiting, error,
                                                                                        recomputed):
    """A stop or crash there is no reason to fail here; bad input (an ExplorerError) fails the same way here."""
    import threading

    table, started, calls = random_table(60, 8), threading.Event(), []

    def fails(table, settings, progress=None):
        calls.append("fails")
        started.set()
        assert waiting.wait(30)
        raise error

    def works(table, settings, progress=None):
        calls.append("works")
        return project_table(table, settings, progress)

    one, two = _in_threads(
        lambda: cached_projection(table, "hash", "token", PCA2, directory=tmp_path, compute=fails),
        _second_caller(table, tmp_path, started, works))
    assert one is error
    if recomputed:
        assert calls == ["fails", "works"] and isinstance(two, Projection)
        assert cache_path("hash", "token", PCA2, tmp_path).is_file()
    else:
        assert calls == ["fails"] and two is error


def test_a_waiter_interrupted_itself_stops_waiting(tmp_path, monkeypatch):
    """Ctrl-C (or any error raised in the waiting thread) reaches the waiter; it does not compute instead."""
    import threading
    from concurrent.futures import Future

    started, release, calls = threading.Event(), threading.Event(), []

    class Interrupted(Future):
        def result(self, timeout=None):
            if threading.current_thread().name == "waiter":
                raise KeyboardInterrupt
            return super().result(timeout)

    monkeypatch.setattr(projection_cache, "Future", Interrupted)
    table = random_table(60, 8)

    def held(table, settings, progress=None):
        calls.append("held")
        started.set()
        assert release.wait(30)
        return project_table(table, settings, progress)

    results: list = []

    def waiter():
        assert started.wait(30)
        try:
            cached_projection(table, "hash", "token", PCA2, directory=tmp_path, compute=held)
        except BaseException as error:  # noqa: BLE001 - looked at below
            results.append(error)
        finally:
            release.set()

    thread = threading.Thread(target=waiter, name="waiter", daemon=True)
    thread.start()
    cached_projection(table, "hash", "token", PCA2, directory=tmp_path, compute=held)
    thread.join(30)
    assert calls == ["held"] and isinstance(results[0], KeyboardInterrupt)


def test_the_cache_keeps_within_its_budget_dropping_the_least_recently_used_maps(tmp_path, monkeypatch):
    """A class's uploads wrote one map each into a shared cache that nothing ever emptied (audit)."""
    monkeypatch.setenv(CACHE_MB_ENV, "1")  # 1 MB; each map below is 0.4 MB of coordinates
    tables = {name: random_table(50_000, 4, seed=seed) for seed, name in enumerate("abc")}
    project = lambda table, settings, progress=None: Projection(  # noqa: E731 - cheap stand-in coordinates
        coords=table[:, :2].copy(), method="pca", parameters={}, versions={})
    paths = {name: cache_path(name, "token", PCA2, tmp_path) for name in tables}
    for name in "ab":
        cached_projection(tables[name], name, "token", PCA2, directory=tmp_path, compute=project)
    older = paths["a"].stat().st_mtime - 60
    for path in paths.values():
        if path.exists():
            projection_cache.os.utime(path, (older, older))
    assert projection_cache.load_cached(paths["a"], 50_000) is not None  # a read makes "a" the most recent
    cached_projection(tables["c"], "c", "token", PCA2, directory=tmp_path, compute=project)
    assert paths["a"].exists() and paths["c"].exists() and not paths["b"].exists()
    assert sum(p.stat().st_size for p in tmp_path.glob("*.npz")) <= disk_cache.budget_bytes()


def test_a_write_a_crash_left_half_done_is_deleted_once_stale_and_a_fresh_one_is_kept(tmp_path):
    stale, fresh = tmp_path / "a.tmp", tmp_path / "b.tmp"
    stale.write_bytes(b"x" * 100)
    fresh.write_bytes(b"x")
    old = disk_cache.time.time() - disk_cache.STALE_TMP_S - 60
    projection_cache.os.utime(stale, (old, old))
    disk_cache.prune(tmp_path)
    assert not stale.exists() and fresh.exists()

def test_tables_shared_with_the_map_workers_count_against_the_budget(tmp_path, monkeypatch):
    """Every page's map request writes its table for the Dask workers (cluster.maps.share_table): a class's
    uploads would fill the disk if only the maps were pruned."""
    from dashboard.maps.tasks import share_table

    monkeypatch.setenv(CACHE_MB_ENV, "1")  # 1 MB; each table below is 0.8 MB
    old = share_table(random_table(50_000, 4, seed=0), "old", "token", tmp_path)
    past = Path(old.array).stat().st_mtime - 60
    projection_cache.os.utime(old.array, (past, past))
    new = share_table(random_table(50_000, 4, seed=1), "new", "token", tmp_path)
    deleted = disk_cache.prune(tmp_path, keep=None)
    assert deleted == [Path(old.array)] and Path(new.array).is_file()



@pytest.mark.parametrize("setting, megabytes", [(None, DEFAULT_CACHE_MB), ("", 2_000),
                                                ("500", 500), ("0", 2_000), ("-3", 2_000), ("1e3", 2_000)])
def test_the_budget_comes_from_the_environment_and_a_bad_value_is_the_default(monkeypatch, setting, megabytes):
    if setting is None:
        monkeypatch.delenv(CACHE_MB_ENV, raising=False)
    else:
        monkeypatch.setenv(CACHE_MB_ENV, setting)
    assert disk_cache.budget_bytes() == megabytes * 1_000_000
