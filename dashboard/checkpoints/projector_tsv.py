"""Reader for TensorFlow Embedding Projector exports: ``vectors.tsv`` + optional ``metadata.tsv``.

Source: tensorboard ``plugins/projector/vz_projector/data-provider.ts`` (``parseTensors``, ``parseMetadata``).
Quirks handled: ``vectors.tsv`` has no header; ``metadata.tsv`` has a header row only with several columns (a tab in
the first line), the label column being the first named in :data:`LABEL_COLUMNS`, else the first; blank lines are
skipped in both; labels' ``\\t``, ``\\n``, ``\\r``, ``\\\\`` escapes are undone.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import TextIO

import numpy as np

from dashboard.checkpoints.token_text import guess_scheme, readable_tokens
from dashboard.checkpoints.tying import decide_tying
from dashboard.errors import CheckpointReadError, ShapeMismatchError
from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables, Vocabulary, check_table_shape, check_table_width

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


def _open_text(path: Path) -> TextIO:
    """``path`` opened as UTF-8 text with universal newlines.

    Raises:
        CheckpointReadError: the file cannot be opened.
    """
    try:
        return open(path, encoding="utf-8")
    except OSError as error:
        raise CheckpointReadError(msg("err.ckpt.cannot_read", path=path, error=error)) from error


def _not_utf8(path: Path, error: UnicodeDecodeError) -> CheckpointReadError:
    return CheckpointReadError(msg("err.ckpt.tsv_not_utf8", name=path.name, error=error))


def read_vectors(path: Path) -> np.ndarray:
    """The vectors of a ``vectors.tsv`` as ``(n_points, d_model)`` float32, streamed (peak memory about the result).

    Raises:
        CheckpointReadError: empty, not UTF-8, unreadable, non-numeric, or rows of different lengths.
        InvalidTableError: the first line holds more values than :data:`~dashboard.tables.MAX_D_MODEL`.
    """
    with _open_text(path) as handle:
        try:
            rows = filter(None, map(str.strip, handle))  # trimmed, blank lines dropped; lazily
            first = next(rows, None)
            if first is None:
                raise CheckpointReadError(msg("err.ckpt.tsv_empty", name=path.name))
            # before numpy parses it: an overlong line is never read as a table
            check_table_width("token", first.count("\t") + 1)
            return np.loadtxt(itertools.chain((first,), rows), delimiter="\t", dtype=np.float32, ndmin=2,
                              comments=None)
        except UnicodeDecodeError as error:  # a ValueError too: caught first
            raise _not_utf8(path, error) from error
        except ValueError as error:
            raise CheckpointReadError(msg("err.ckpt.tsv_not_numbers", name=path.name, error=error)) from error
        except OSError as error:
            raise CheckpointReadError(msg("err.ckpt.cannot_read", path=path, error=error)) from error


def read_labels(path: Path, most: int | None = None) -> tuple[tuple[str, ...], int]:
    """Token labels of a ``metadata.tsv`` (streamed, unescaped) and how many it holds, header not counted.

    Args:
        most: keep at most this many labels (the number of vectors); the rest are only counted. ``None``: all.

    Raises:
        CheckpointReadError: the file cannot be read or is not UTF-8.
    """
    labels: list[str] = []
    count = 0
    column: int | None = None  # None: one column, no header
    with _open_text(path) as handle:
        try:
            lines = (line.rstrip("\n") for line in handle)
            lines = (line for line in lines if line.strip())
            first = next(lines, None)
            if first is None:
                return (), 0
            if "\t" in first:
                lowered = [h.strip().lower() for h in first.split("\t")]
                column = next((lowered.index(name) for name in LABEL_COLUMNS if name in lowered), 0)
            else:
                lines = itertools.chain((first,), lines)
            for line in lines:
                count += 1
                if most is not None and count > most:
                    continue
                if column is None:
                    labels.append(unescape_label(line))
                else:
                    cells = line.split("\t")
                    labels.append(unescape_label(cells[column]) if column < len(cells) else "")
        except UnicodeDecodeError as error:
            raise _not_utf8(path, error) from error
        except OSError as error:
            raise CheckpointReadError(msg("err.ckpt.cannot_read", path=path, error=error)) from error
    return tuple(labels), count


def read_projector(path: Path, source: str | None = None) -> EmbeddingTables:
    """Read an Embedding Projector export (``vectors.tsv``, or the folder holding it) as a token table.

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
    check_table_shape("token", token.shape)  # before labels are read or made for its rows
    vocabulary = None
    notes: tuple[str, ...] = ()
    if metadata_path.is_file():
        labels, count = read_labels(metadata_path, most=token.shape[0])
        if count != token.shape[0]:
            raise ShapeMismatchError(msg("err.ckpt.tsv_label_count", metadata=METADATA, labels=count,
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
