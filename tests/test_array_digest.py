"""Table digests: small tables keep the one-pass key, large ones are digested in chunks on several threads."""

import hashlib

import numpy as np
import pytest

from dashboard import array_digest
from dashboard.array_digest import update_with_array
from dashboard.tables import EmbeddingTables, Tying, Vocabulary


def make_tables(vocab_size: int, d_model: int, seed: int = 0) -> EmbeddingTables:
    rng = np.random.default_rng(seed)
    return EmbeddingTables(token=rng.standard_normal((vocab_size, d_model)), position=rng.standard_normal((7, d_model)),
                           vocabulary=Vocabulary.placeholder(vocab_size), tying=Tying("no-head", "test"), source="test",
                           format="npy", architecture="unknown", source_dtype="float64", position_kind="learned")


def _digest(array: np.ndarray) -> str:
    digest = hashlib.blake2b(digest_size=16)
    update_with_array(digest, array)
    return digest.hexdigest()


@pytest.fixture
def small_chunks(monkeypatch):
    """Chunked digests from 4 KiB on, in chunks of 1 KiB: the large-table path on a small array."""
    monkeypatch.setattr(array_digest, "PARALLEL_MIN_BYTES", 4096)
    monkeypatch.setattr(array_digest, "CHUNK_BYTES", 1024)


def test_a_table_under_the_threshold_keeps_its_one_pass_key():
    tables = make_tables(vocab_size=50, d_model=8)
    expected = hashlib.blake2b(digest_size=16)
    for table in (tables.token, tables.position):
        expected.update(str(table.shape).encode())
        expected.update(table.tobytes())
    assert tables.content_hash == expected.hexdigest()


def test_a_large_array_is_digested_as_the_sha256_of_its_chunks_in_order(small_chunks):
    array = np.random.default_rng(0).standard_normal((100, 30)).astype(np.float32)  # 12,000 bytes: 12 chunks
    data = array.tobytes()
    expected = hashlib.blake2b(digest_size=16)
    expected.update(array_digest._CHUNKED_TAG)
    for start in range(0, len(data), 1024):
        expected.update(hashlib.sha256(data[start:start + 1024]).digest())
    assert _digest(array) == expected.hexdigest()


def test_a_large_array_s_digest_does_not_depend_on_the_threads(small_chunks, monkeypatch):
    array = np.random.default_rng(1).standard_normal((100, 30)).astype(np.float32)
    many = _digest(array)
    monkeypatch.setattr(array_digest, "MAX_THREADS", 1)
    assert _digest(array) == many


def test_a_system_without_cpu_affinity_digests_on_every_core(small_chunks, monkeypatch):
    """macOS and Windows have no ``os.sched_getaffinity``: the digest is the same, on ``os.cpu_count()`` threads."""
    array = np.random.default_rng(4).standard_normal((100, 30)).astype(np.float32)
    expected = _digest(array)
    monkeypatch.delattr(array_digest.os, "sched_getaffinity")
    assert array_digest._usable_cores() == (array_digest.os.cpu_count() or 1)
    assert _digest(array) == expected


@pytest.mark.parametrize("where", [0, 1500, 11_999])
def test_one_changed_byte_anywhere_in_a_large_array_changes_its_digest(small_chunks, where):
    array = np.random.default_rng(2).standard_normal((100, 30)).astype(np.float32)
    changed = array.copy()
    changed.view(np.uint8).reshape(-1)[where] ^= 1
    assert _digest(changed) != _digest(array)


def test_a_large_array_and_a_small_one_of_the_same_bytes_never_share_a_key(small_chunks, monkeypatch):
    array = np.random.default_rng(3).standard_normal((100, 30)).astype(np.float32)
    chunked = _digest(array)
    monkeypatch.setattr(array_digest, "PARALLEL_MIN_BYTES", 10**9)
    assert _digest(array) != chunked


def test_large_token_tables_get_chunked_keys_that_follow_their_content(small_chunks):
    first, same = make_tables(vocab_size=200, d_model=16), make_tables(vocab_size=200, d_model=16)
    other = make_tables(vocab_size=200, d_model=16, seed=1)
    assert first.content_hash == same.content_hash != other.content_hash
