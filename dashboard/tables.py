"""EmbeddingTables: the one contract between reading a checkpoint and analysing it.

Every reader returns an :class:`EmbeddingTables`; every analysis, chart and page takes one. Checkpoint spellings
(``wte``, ``embed_tokens``) never cross it: fields use ``vocab_size``, ``d_model``, ``n_positions``. Arrays are float32,
C-contiguous and read-only whatever was stored (:attr:`EmbeddingTables.source_dtype`). A float32, C-contiguous array is
not copied: the table is a read-only view and its owner stays writeable, so :mod:`dashboard.maps.pca` can lend
scikit-learn a writeable alias; readers hand over arrays nothing else holds.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Mapping

import numpy as np

from dashboard.array_digest import update_with_array
from dashboard.errors import InvalidTableError, ShapeMismatchError
from dashboard.i18n import Text, msg

#: How a model tells positions apart. ``learned``: a trained table added to the token rows (GPT-2, BERT, OPT).
#: ``sinusoidal``: a fixed table. ``rotary``: queries and keys rotated by position inside attention (Llama, GPT-J),
#: so no table. ``relative``: a bias added to attention scores (T5). ``none``: nothing known (a bare table).
POSITION_KINDS = ("learned", "sinusoidal", "rotary", "relative", "none")
#: Most rows a table may have: 16 times the largest vocabularies (word2vec's 3,000,000 fit). Every row gets a
#: label and a place on each page before any analysis, so a tiny file of many short rows must not pass.
MAX_TABLE_ROWS = 4_194_304
#: Most columns (d_model) a table may have: 4 times the widest models (Llama 3 405B: 16,384).
MAX_D_MODEL = 65_536

#: What each position kind is called on a page (as a ``str`` the kind itself, e.g. ``learned``).
POSITION_KIND_LABELS: dict[str, Text] = {kind: msg(f"tables.position_kind.{kind}") for kind in POSITION_KINDS}

#: Weight-tying verdicts, decided from the tensors, never from a flag alone (as a ``str``, the English label).
TYING_LABELS: dict[str, Text] = {
    "tied-shared": msg("tables.tying.tied_shared"),
    "tied-implied": msg("tables.tying.tied_implied"),
    "tied-equal-copy": msg("tables.tying.tied_equal_copy"),
    "untied": msg("tables.tying.untied"),
    "no-head": msg("tables.tying.no_head"),
}

#: Names of the tables in messages (``the token table``); other names are shown as given.
TABLE_NAMES: dict[str, Text] = {
    "token": msg("tables.name.token"),
    "position": msg("tables.name.position"),
    "token-type": msg("tables.name.token_type"),
    "output head": msg("tables.name.output_head"),
}


@dataclass(frozen=True)
class Tying:
    """Whether the output head reuses the token table, and why we think so.

    Attributes:
        verdict: one of the keys of :data:`TYING_LABELS`.
        evidence: one sentence naming the tensors looked at and what was found.
        max_abs_diff: largest ``|head - token|`` when both tables are present with one shape, else ``None``.
        config_note: set when the configuration claims otherwise than the tensors show.
        ambiguous: a separate head equal to the token table and no ``tie_word_embeddings`` flag (verdict
            ``tied-equal-copy``).
        head_missing: ``tie_word_embeddings=false`` but no head stored (verdict ``no-head``; ``transformers`` would
            start it from random values).
    """

    verdict: str
    evidence: str
    max_abs_diff: float | None = None
    config_note: str | None = None
    ambiguous: bool = False
    head_missing: bool = False

    def __post_init__(self) -> None:
        if self.verdict not in TYING_LABELS:
            raise ValueError(f"unknown tying verdict {self.verdict!r}; expected one of {sorted(TYING_LABELS)}")

    @property
    def label(self) -> Text:
        """Human label, e.g. ``tied (head absent, implied)`` (a catalogue message: render it on a page)."""
        return msg("tables.tying.head_missing") if self.head_missing else TYING_LABELS[self.verdict]

    @property
    def is_tied(self) -> bool:
        return self.verdict.startswith("tied")


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """Token strings by id.

    Attributes:
        raw: the token as the tokenizer stores it (``Ġcat``, ``##ing``, ``<0x0A>``), one per 0-based id; a lone
            surrogate, which UTF-8 cannot encode, is kept as its escape (``\\ud800``).
        display: the text the token stands for, whitespace made visible (``␣cat``, ``↵``), same length as ``raw``.
        special_ids: ids of special tokens (``[CLS]``, ``<|endoftext|>``).
        scheme: ``wordpiece``, ``byte-level-bpe``, ``sentencepiece``, ``characters``, ``plain`` or ``none`` (no
            vocabulary known: display strings are ``#id`` placeholders).
    """

    raw: tuple[str, ...]
    display: tuple[str, ...]
    special_ids: frozenset[int] = frozenset()
    scheme: str = "plain"

    def __post_init__(self) -> None:
        if len(self.raw) != len(self.display):
            raise ShapeMismatchError(msg("err.tables.vocabulary_lengths", raw=len(self.raw),
                                         display=len(self.display)))
        # A lone surrogate (from a vocab.json) fits no UTF-8 output: keep it as its escape so every page can show it.
        for name in ("raw", "display"):
            strings = getattr(self, name)
            try:
                "\x00".join(strings).encode("utf-8")
            except UnicodeEncodeError:
                object.__setattr__(self, name, tuple(text.encode("utf-8", "backslashreplace").decode("utf-8")
                                                     for text in strings))

    def __len__(self) -> int:
        return len(self.raw)

    @classmethod
    def placeholder(cls, n_rows: int) -> "Vocabulary":
        """A vocabulary of ``#0, #1, ...`` for tables that came without one."""
        labels = tuple(f"#{i}" for i in range(n_rows))
        return cls(raw=labels, display=labels, scheme="none")


def check_table_shape(name: str, shape: tuple[int, ...], rank: int = 2) -> None:
    """Refuse a table shape no analysis can use, before anything is built for its rows (a ``(2**40, 0)`` table holds no
    bytes but would ask for 2**40 labels).

    Raises:
        InvalidTableError: not ``rank`` axes, an axis of length 0, more than :data:`MAX_TABLE_ROWS` rows or more
            than :data:`MAX_D_MODEL` columns.
    """
    if len(shape) != rank:
        raise InvalidTableError(msg("err.tables.rank", name=TABLE_NAMES.get(name, name), rank=rank,
                                    shape=tuple(shape)))
    if 0 in shape:
        raise InvalidTableError(msg("err.tables.empty", name=TABLE_NAMES.get(name, name), shape=tuple(shape)))
    if shape[0] > MAX_TABLE_ROWS:
        raise InvalidTableError(msg("err.tables.too_many_rows", name=TABLE_NAMES.get(name, name), rows=shape[0],
                                    limit=MAX_TABLE_ROWS, shape=tuple(shape)))
    if rank == 2:
        check_table_width(name, shape[1])


def check_table_width(name: str, columns: int) -> None:
    """Refuse a table of more than :data:`MAX_D_MODEL` columns (a reader may know the width before the rows).

    Raises:
        InvalidTableError: ``columns`` is over :data:`MAX_D_MODEL`.
    """
    if columns > MAX_D_MODEL:
        raise InvalidTableError(msg("err.tables.too_many_columns", name=TABLE_NAMES.get(name, name),
                                    columns=columns, limit=MAX_D_MODEL))


#: Rows whose squares are summed at a time by :func:`row_norms`.
NORM_BLOCK_ROWS = 4096


def row_norms(table: np.ndarray) -> np.ndarray:
    """Euclidean norm of each row of a ``(n_rows, d_model)`` float table as ``(n_rows,)`` float32 >= 0, summed in
    float64 a block of :data:`NORM_BLOCK_ROWS` rows at a time (``np.linalg.norm`` would square the whole table first).
    """
    norms = np.empty(table.shape[0], dtype=np.float32)
    for start in range(0, table.shape[0], NORM_BLOCK_ROWS):
        rows = table[start:start + NORM_BLOCK_ROWS]
        norms[start:start + len(rows)] = np.sqrt(np.einsum("ij,ij->i", rows, rows, dtype=np.float64))
    return norms


def _frozen_float32(name: str, array: np.ndarray | None, rank: int = 2) -> np.ndarray | None:
    if array is None:
        return None
    array = np.ascontiguousarray(np.asarray(array, dtype=np.float32))
    check_table_shape(name, array.shape, rank)
    # Row blocks keep the boolean temporary small on multi-gigabyte tables.
    rows = np.concatenate([np.flatnonzero(~np.isfinite(array[i:i + 4096]).all(axis=1)) + i
                           for i in range(0, array.shape[0], 4096)])
    if rows.size:
        shown = ", ".join(str(r) for r in rows[:5]) + (" ..." if len(rows) > 5 else "")
        raise InvalidTableError(msg("err.tables.not_finite", name=TABLE_NAMES.get(name, name), count=len(rows),
                                    rows=shown))
    # Read-only view; its owner stays writeable so fit_pca can lend scikit-learn an alias (module docstring).
    view = array.view()
    view.setflags(write=False)
    return view


@dataclass(frozen=True, eq=False)
class EmbeddingNorm:
    """A LayerNorm's parameters: ``weight`` (gain) and ``bias``, each ``(d_model,)`` float32; ``eps`` (> 0), added to
    the variance before the square root; ``source``, the tensor names read (for captions)."""

    weight: np.ndarray
    bias: np.ndarray
    eps: float
    source: str


@dataclass(frozen=True, eq=False)
class EmbeddingTables:
    """The embedding tables of one checkpoint, in float32.

    Attributes:
        token: ``(vocab_size, d_model)`` float32; row ``i`` is the vector looked up for token id ``i``.
        vocabulary: strings for the first ``len(vocabulary)`` rows; rows past that are unused padding (nanoGPT pads
            50257 to 50304).
        source: path or bundled name the tables were read from.
        format: container format (``hf-safetensors``, ``gguf``, ...).
        architecture: canonical architecture name (``bert``, ``gpt2``, ``llama`` ...).
        source_dtype: dtype of the stored token table (``float32``, ``bfloat16``, ``Q8_0`` ...).
        position: learned position table ``(n_positions, d_model)`` float32, or ``None``; row ``t`` is added at 0-based
            position ``t``.
        position_kind: one of :data:`POSITION_KINDS`.
        position_note: why there is or is not a table (``rotary: positions rotate queries and keys``).
        token_type: BERT's segment table ``(n_token_types, d_model)`` float32, or ``None``.
        output_head: the unembedding matrix ``(vocab_size, d_model)`` float32 when stored apart from the token table;
            ``None`` when tied-implied or no head.
        total_parameters: parameters of the whole model (each shared tensor once, buffers excluded), or ``None``.
        hyperparameters: canonical model settings the analyses need (``n_layer``, ``n_head``, ``rope_theta``, ...).
        model_path: folder or file a forward pass can be built from, when any.
        notes: what the reader did that a user should know (prefixes stripped, rows trimmed), one sentence each.
    """

    token: np.ndarray
    vocabulary: Vocabulary
    tying: Tying
    source: str
    format: str
    architecture: str
    source_dtype: str
    position: np.ndarray | None = None
    position_kind: str = "none"
    position_note: str = ""
    token_type: np.ndarray | None = None
    output_head: np.ndarray | None = None
    total_parameters: int | None = None
    hyperparameters: Mapping[str, Any] = field(default_factory=dict)
    model_path: str | None = None
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # frozen: normalise arrays once, here
        set_(self, "token", _frozen_float32("token", self.token))
        set_(self, "position", _frozen_float32("position", self.position))
        set_(self, "token_type", _frozen_float32("token-type", self.token_type))
        set_(self, "output_head", _frozen_float32("output head", self.output_head))
        set_(self, "hyperparameters", MappingProxyType(dict(self.hyperparameters)))
        if self.position_kind not in POSITION_KINDS:
            raise ValueError(f"unknown position kind {self.position_kind!r}; expected one of {POSITION_KINDS}")
        if (self.position is not None) != (self.position_kind in ("learned", "sinusoidal")):
            raise ValueError(f"position kind {self.position_kind!r} does not match position table {self.position is not None}")
        for name, table in (("position", self.position), ("token-type", self.token_type), ("output head", self.output_head)):
            if table is not None and table.shape[1] != self.d_model:
                raise ShapeMismatchError(msg("err.tables.width", name=TABLE_NAMES[name], width=table.shape[1],
                                             d_model=self.d_model))
        if len(self.vocabulary) > self.vocab_size:
            raise ShapeMismatchError(msg("err.tables.vocabulary_too_long", tokens=len(self.vocabulary),
                                         rows=self.vocab_size))

    @property
    def vocab_size(self) -> int:
        """Rows of the token table (including unused padding rows)."""
        return int(self.token.shape[0])

    @property
    def d_model(self) -> int:
        return int(self.token.shape[1])

    @property
    def n_positions(self) -> int | None:
        """Rows of the position table, or ``None`` when there is none."""
        return None if self.position is None else int(self.position.shape[0])

    @property
    def unused_rows(self) -> range:
        """Token-table row ids with no token (padding past the vocabulary)."""
        return range(len(self.vocabulary), self.vocab_size)

    @property
    def name(self) -> str:
        """Short name for titles: the bundled name or the file/folder name."""
        return self.source.rstrip("/").rsplit("/", 1)[-1]

    def token_label(self, token_id: int) -> str:
        """Display string of a row, ``<unused #id>`` for padding rows."""
        if token_id < len(self.vocabulary):
            return self.vocabulary.display[token_id]
        return f"<unused #{token_id}>"

    @cached_property
    def token_norms(self) -> np.ndarray:
        """``(vocab_size,)`` float32 L2 norm (>= 0) of every token-table row, padding too; read-only, computed once per
        tables object and so shared by every page and session."""
        norms = row_norms(self.token)
        norms.setflags(write=False)
        return norms

    @cached_property
    def content_hash(self) -> str:
        """Hex digest (blake2b, 16 bytes) of the token and position tables' shapes and bytes
        (:mod:`dashboard.array_digest`): the key of on-disk caches, whatever file or name the tables came from."""
        digest = hashlib.blake2b(digest_size=16)
        for table in (self.token, self.position):
            if table is not None:
                digest.update(str(table.shape).encode())
                update_with_array(digest, table)
        return digest.hexdigest()
