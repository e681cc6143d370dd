"""Small tables and a real WordPiece tokenizer for the token map, neighbours and similarity tests."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from dashboard.tables import EmbeddingTables, Tying, Vocabulary
from tests import factories

SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
NAMED = SPECIAL + ["[unused0]", "[unused1]", "cat", "cats", "dog", "dogs", "pet", "kitten", "tuesday", "monday",
                   "king", "queen", "man", "woman", "x", "##yl", "##ophone", "##s", "##ing", "1", "42", "!", ",",
                   "α", "日"]
#: factories.VOCAB tokens: the named ones, then fillers.
WORDS = NAMED + [f"w{i}" for i in range(factories.VOCAB - len(NAMED))]
ID = {word: i for i, word in enumerate(WORDS)}


def write_wordpiece_tokenizer(folder: Path) -> Path:
    """Write a BERT-style ``tokenizer.json`` (lower-casing WordPiece) over :data:`WORDS` into ``folder``."""
    from tokenizers import Tokenizer, decoders, normalizers, pre_tokenizers
    from tokenizers.models import WordPiece

    tokenizer = Tokenizer(WordPiece(vocab=dict(ID), unk_token="[UNK]"))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.decoder = decoders.WordPiece()
    tokenizer.add_special_tokens(SPECIAL)
    tokenizer.save(str(folder / "tokenizer.json"))
    return folder


def bert_with_tokenizer(folder: Path) -> Path:
    """A tiny random BERT folder with :func:`write_wordpiece_tokenizer`'s tokenizer beside it."""
    return write_wordpiece_tokenizer(factories.bert_folder(folder))


def tables_of(token: np.ndarray, words: list[str] | None = None, *, special: frozenset[int] = frozenset(),
              scheme: str = "wordpiece", position: np.ndarray | None = None,
              model_path: Path | None = None) -> EmbeddingTables:
    """EmbeddingTables around an array, with ``words`` (default ``t0, t1, ...``) as the vocabulary."""
    words = words if words is not None else [f"t{i}" for i in range(len(token))]
    vocabulary = Vocabulary(tuple(words), tuple(words), special, scheme)
    return EmbeddingTables(token=token, vocabulary=vocabulary, tying=Tying("no-head", "test table"), source="test",
                           format="test", architecture="test", source_dtype="float32", position=position,
                           position_kind="learned" if position is not None else "none",
                           model_path=None if model_path is None else str(model_path))


def random_table(n_rows: int = 80, d_model: int = 8, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal((n_rows, d_model)).astype(np.float32)
