"""A large token table's first Token map, computed in the background once a page has read the table."""

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


def test_a_map_asked_for_again_while_queued_or_running_is_one_computation(small_threshold, monkeypatch):
    release, calls = threading.Event(), []
    real = map_prefetch.cached_projection

    def held(*args, **kwargs):
        calls.append(args[1])
        assert release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(map_prefetch, "cached_projection", held)
    tables = tables_of(random_table(300, 8))
    first = map_prefetch.prefetch_token_pca(tables)
    again = map_prefetch.prefetch_token_pca(tables)
    release.set()
    assert again is first and first.result(timeout=60) is not None
    assert calls == [tables.content_hash]


def test_the_router_prefetches_the_map_of_the_table_a_page_read(small_threshold, tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    at = open_app_page("pages/overview.py", model=folder)
    assert not at.exception
    from dashboard.checkpoints import load_tables

    path = page_map_path(load_tables(str(folder)))
    deadline = time.monotonic() + 60
    while not path.is_file() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert path.is_file()
