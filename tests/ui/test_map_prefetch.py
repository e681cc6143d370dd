"""A large token table's first Token map, computed in the background from the moment the table is read."""

import threading
import time

import numpy as np
import pytest

from dashboard.analysis.projection import Projection, project_table
from dashboard.projection_cache import cache_path, cached_projection
from dashboard.ui import map_prefetch
from dashboard.ui.map_data import page_pca_settings
from tests import factories
from tests.map_fixtures import random_table, tables_of
from tests.pages.app_test import open_app_page


@pytest.fixture
def small_threshold(monkeypatch):
    """Tables of 1,000 values and more count as large, so that tests can use small ones."""
    monkeypatch.setattr(map_prefetch, "PREFETCH_MIN_VALUES", 1_000)


def page_map_path(tables):
    """Where the Token map's first map (2D PCA of the token table) of ``tables`` is cached."""
    return cache_path(tables.content_hash, "token", page_pca_settings(map_prefetch.PREFETCH_DIMS))


def test_a_large_tables_first_map_is_computed_and_stored_where_the_token_map_reads_it(small_threshold):
    tables = tables_of(random_table(300, 8))
    future = map_prefetch.prefetch_token_pca(tables)
    prefetched = future.result(timeout=60)
    assert isinstance(prefetched, Projection) and page_map_path(tables).is_file()

    computed = []

    def counting(table, settings, progress=None):
        computed.append(settings)
        return project_table(table, settings, progress)

    shown = cached_projection(tables.token, tables.content_hash, "token", page_pca_settings(2), compute=counting)
    assert computed == []  # the page reads the prefetched map
    np.testing.assert_array_equal(shown.coords, prefetched.coords)
    assert map_prefetch.prefetch_token_pca(tables) is None  # on disk: not asked for again


def test_small_tables_nothing_read_and_a_server_that_turned_it_off_prefetch_nothing(monkeypatch):
    assert map_prefetch.prefetch_token_pca(None) is None
    tables = tables_of(random_table(300, 8))  # 2,400 values
    assert map_prefetch.prefetch_token_pca(tables) is None
    monkeypatch.setattr(map_prefetch, "PREFETCH_MIN_VALUES", 1_000)
    monkeypatch.setenv(map_prefetch.PREFETCH_ENV, "0")
    assert map_prefetch.prefetch_token_pca(tables) is None
    assert not page_map_path(tables).exists()
    monkeypatch.setenv(map_prefetch.PREFETCH_ENV, "1")
    assert map_prefetch.prefetch_token_pca(tables).result(timeout=60) is not None


@pytest.fixture
def held_worker(small_threshold, monkeypatch):
    """The worker's computations wait for ``release``; ``calls`` lists the content hash of each one started."""
    release, calls = threading.Event(), []
    real = map_prefetch.cached_projection

    def held(*args, **kwargs):
        calls.append(args[1])
        assert release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(map_prefetch, "cached_projection", held)
    yield release, calls
    release.set()


def test_a_map_asked_for_again_while_queued_or_running_is_one_computation(held_worker):
    release, calls = held_worker
    tables = tables_of(random_table(300, 8))
    first = map_prefetch.prefetch_token_pca(tables)
    again = map_prefetch.prefetch_token_pca(tables)
    release.set()
    assert again is first and first.result(timeout=60) is not None
    assert calls == [tables.content_hash]


def test_a_map_that_cannot_be_stored_is_computed_once_per_process(small_threshold, monkeypatch, tmp_path):
    """An unwritable cache directory must not make every page's run start the same PCA again."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(blocker / "projections"))  # cannot be made
    calls = []
    real = map_prefetch.cached_projection
    monkeypatch.setattr(map_prefetch, "cached_projection", lambda *a, **k: calls.append(1) or real(*a, **k))
    tables = tables_of(random_table(300, 8))
    assert map_prefetch.prefetch_token_pca(tables).result(timeout=60) is not None
    for _ in range(3):
        assert map_prefetch.prefetch_token_pca(tables) is None
    assert calls == [1] and not page_map_path(tables).exists()


def test_a_map_not_started_yet_is_dropped_for_the_next_tables(held_worker):
    """A reader who moved on to another checkpoint wants that one's map; the one between is not computed."""
    release, calls = held_worker
    first, between, last = (tables_of(random_table(300, 8, seed)) for seed in (1, 2, 3))
    running = map_prefetch.prefetch_token_pca(first)
    deadline = time.monotonic() + 30
    while not calls and time.monotonic() < deadline:  # the worker has taken the first
        time.sleep(0.01)
    dropped = map_prefetch.prefetch_token_pca(between)
    wanted = map_prefetch.prefetch_token_pca(last)
    release.set()
    assert wanted.result(timeout=60) is not None and running.result(timeout=60) is not None
    assert dropped.cancelled()
    assert calls == [first.content_hash, last.content_hash]
    assert map_prefetch.prefetch_token_pca(between) is not None  # asked for again, it is computed


def test_the_token_map_opened_after_the_overview_reads_the_map_prefetched_when_the_link_s_checkpoint_was_read(
        small_threshold, tmp_path, monkeypatch):
    from dashboard.analysis import pca_solvers
    from dashboard.checkpoints import load_tables

    folder = factories.gpt2_folder(tmp_path / "gpt2")
    at = open_app_page("pages/overview.py", model=folder)
    assert not at.exception
    path = page_map_path(load_tables(str(folder)))
    deadline = time.monotonic() + 60
    while not path.is_file() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert path.is_file()
    fits = []
    real = pca_solvers.fit_pca
    monkeypatch.setattr(pca_solvers, "fit_pca", lambda table, dims: fits.append(table.shape) or real(table, dims))
    at = open_app_page("pages/token_map.py", model=folder)
    assert not at.exception
    assert fits == []  # the page read the prefetched map: the same key


def test_a_prefetch_that_fails_anywhere_returns_none_and_leaves_nothing_queued(small_threshold, monkeypatch):
    """The prefetch runs in every page's ``active_tables``: whatever fails in it must not reach the page."""
    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    tables = tables_of(random_table(300, 8, 5))
    with monkeypatch.context() as patched:
        patched.setattr(map_prefetch, "cache_path", refused)
        assert map_prefetch.prefetch_token_pca(tables) is None
    with monkeypatch.context() as patched:
        patched.setattr(map_prefetch, "_start_worker", refused)
        assert map_prefetch.prefetch_token_pca(tables) is None
    assert map_prefetch.prefetch_token_pca(tables).result(timeout=60) is not None  # nothing was left queued
