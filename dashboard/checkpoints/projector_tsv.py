"""Reader for TensorFlow Embedding Projector exports: ``vectors.tsv`` + optional ``metadata.tsv``.

Format source: the Projector's loader, tensorboard
``plugins/projector/vz_projector/data-provider.ts`` (``parseTensors``,
``parseMetadata``):

- ``vectors.tsv``: one row per point, values separated by tabs, no header;
  blank lines skipped;
- ``metadata.tsv``: one column -> no header, each line is a label; several
  columns -> the first line is a header row (the Projector decides by the
  first line holding a tab); blank lines skipped; one line per vector.

Quirk handled: a label cannot hold a raw tab or newline (they separate
columns and rows), so exporters write them escaped as ``\\t``, ``\\n``, ``\\r``
and a backslash as ``\\\\``; labels are unescaped before display.

The label column of a multi-column file is the first header named in
:data:`LABEL_COLUMNS`, else the first column.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from dashboard.checkpoints.token_text import guess_scheme, readable_tokens
from dashboard.checkpoints.tying import decide_tying
from dashboard.errors import CheckpointReadError, ShapeMismatchError
from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables, Vocabulary

VECTORS = "vectors.tsv"
METADATA = "metadata.tsv"
#: Header names taken as the token column, in order of preference.
LABEL_COLUMNS = ("token", "label", "word", "name", "text")
_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}
_ESCAPE = re.compile(r"\\([tnr\\])")


def is_projector_export(path: Path) -> bool:
    """A ``.tsv`` file, or a folder holding ``vectors.tsv``."""
    if path.is_dir():
        return (path / VECTORS).is_file()
    return path.is_file() and path.suffix.lower() == ".tsv"


def unescape_label(text: str) -> str:
    """``a\\tb`` -> ``a<TAB>b``; other backslashes are kept as they are."""
    return _ESCAPE.sub(lambda m: _ESCAPES[m.group(1)], text)


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise CheckpointReadError(msg("err.ckpt.tsv_not_utf8", name=path.name, error=error)) from error
    except OSError as error:
        raise CheckpointReadError(msg("err.ckpt.cannot_read", path=path, error=error)) from error


def read_vectors(path: Path) -> np.ndarray:
    """The vectors of a ``vectors.tsv`` as ``(n_points, d_model)`` float32.

    Raises:
        CheckpointReadError: empty, non-numeric, or rows of different lengths.
    """
    lines = [line.strip() for line in _text(path).split("\n")]
    rows = [line for line in lines if line]
    if not rows:
        raise CheckpointReadError(msg("err.ckpt.tsv_empty", name=path.name))
    try:
        table = np.loadtxt(rows, delimiter="\t", dtype=np.float32, ndmin=2, comments=None)
    except ValueError as error:
        raise CheckpointReadError(msg("err.ckpt.tsv_not_numbers", name=path.name, error=error)) from error
    return table


def read_labels(path: Path) -> tuple[str, ...]:
    """Token labels of a ``metadata.tsv`` by the Projector's header rule, unescaped.

    Raises:
        CheckpointReadError: a header row with no data rows.
    """
    lines = [line.rstrip("\r") for line in _text(path).split("\n")]
    lines = [line for line in lines if line.strip()]
    if not lines:
        return ()
    if "\t" not in lines[0]:
        return tuple(unescape_label(line) for line in lines)
    header = lines[0].split("\t")
    lowered = [h.strip().lower() for h in header]
    column = next((lowered.index(name) for name in LABEL_COLUMNS if name in lowered), 0)
    labels = []
    for line in lines[1:]:
        cells = line.split("\t")
        labels.append(unescape_label(cells[column]) if column < len(cells) else "")
    return tuple(labels)


def read_projector(path: Path, source: str | None = None) -> EmbeddingTables:
    """Read an Embedding Projector export as a token table.

    Args:
        path: ``vectors.tsv``, or the folder holding it (and ``metadata.tsv``).

    Raises:
        CheckpointReadError: the files are not Projector TSV.
        ShapeMismatchError: ``metadata.tsv`` and ``vectors.tsv`` have different row counts.
        InvalidTableError: NaN or Inf values.
    """
    vectors_path = path / VECTORS if path.is_dir() else path
    metadata_path = vectors_path.parent / METADATA
    if vectors_path.name == METADATA:
        raise CheckpointReadError(msg("err.ckpt.tsv_labels_file", name=path.name, vectors=VECTORS))
    token = read_vectors(vectors_path)
    vocabulary = None
    notes: tuple[str, ...] = ()
    if metadata_path.is_file():
        labels = read_labels(metadata_path)
        if len(labels) != token.shape[0]:
            raise ShapeMismatchError(msg("err.ckpt.tsv_label_count", metadata=METADATA, labels=len(labels),
                                         name=vectors_path.name, vectors=token.shape[0]))
        scheme = guess_scheme(labels)  # raw tokenizer strings (Ġcat) are shown as text (␣cat)
        vocabulary = Vocabulary(labels, readable_tokens(labels, scheme), frozenset(), scheme)
        notes = (msg("note.ckpt.tsv_labels", metadata=METADATA),)
    return EmbeddingTables(
        token=token,
        vocabulary=vocabulary or Vocabulary.placeholder(token.shape[0]),
        tying=decide_tying(token, None, head_key=None, token_key=vectors_path.name, head_expected=False),
        source=source or str(path),
        format="projector-tsv",
        architecture="unknown",
        source_dtype="float32",
        position_note=msg("note.ckpt.position.projector"),
        notes=notes,
    )
