"""Bundled checkpoints read, and whole models built, once per test process and shared by the tests that use them.

Building SmolLM2-135M from its GGUF file takes about half a minute here
(transformers dequantizes every tensor), and several modules and pages run it.
Sharing is what the app does too (``st.cache_resource``, whose two entries the
tests' many models would evict): a test that changes a row restores it and
asserts that it did (``PerturbationResult.restored``).
"""

from __future__ import annotations

from functools import lru_cache

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.bundled import find_bundled
from dashboard.checkpoints.tokenizer import CheckpointTokenizer, load_tokenizer
from dashboard.errors import SourceNotFoundError
from dashboard.forward.loading import ForwardModel, load_forward_model
from dashboard.tables import EmbeddingTables


@lru_cache(maxsize=None)
def shared_tables(name: str) -> EmbeddingTables:
    """``load_tables(name)`` of a bundled checkpoint, read once (SmolLM2's GGUF file takes 6-10 s); do not change it."""
    return load_tables(name)


@lru_cache(maxsize=None)
def shared_tokenizer(name: str) -> CheckpointTokenizer:
    """``load_tokenizer`` of :func:`shared_tables` ``(name)``, built once (SmolLM2's is converted from its GGUF)."""
    return load_tokenizer(shared_tables(name))


@lru_cache(maxsize=None)
def _built(model_path: str) -> ForwardModel:
    return load_forward_model(shared_tables(model_path))


def shared_forward_model(name: str) -> ForwardModel:
    """The forward model of bundled checkpoint ``name`` (``default`` too), built on first use."""
    return _built(str(find_bundled(name).path))


def bundled_or_fresh_forward_model(tables: EmbeddingTables) -> ForwardModel:
    """:func:`load_forward_model`, shared for a bundled checkpoint's own files (read-only), fresh for anything else."""
    bundled = find_bundled(tables.name)
    try:
        own_files = bundled is not None and str(bundled.path) == str(tables.model_path)
    except SourceNotFoundError:  # its package is not installed: then these tables came from elsewhere
        own_files = False
    return _built(str(tables.model_path)) if own_files else load_forward_model(tables)
