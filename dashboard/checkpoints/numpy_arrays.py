"""Reader for NumPy ``.npy`` and ``.npz`` files holding embedding tables.

Source: ``numpy.lib.format`` (magic, a header dict with ``descr``/``fortran_order``/``shape``, raw data); ``.npz`` is
a zip of ``.npy`` members (``np.savez``). Never ``allow_pickle``: object arrays are refused. The token table is a
``.npy``'s one array; in an ``.npz`` the named one, else the lone 2-D float array, else the one whose name matches
:data:`TOKEN_HINTS`. Token strings come from ``vocab_file`` or a ``vocab.txt`` beside the arrays.
"""

from __future__ import annotations

import math
import zipfile
import zlib
from pathlib import Path

import numpy as np

from dashboard.checkpoints.token_text import guess_scheme, readable_tokens
from dashboard.checkpoints.tying import decide_tying
from dashboard.checkpoints.uploads import check_zip_limits, extraction_limit
from dashboard.checkpoints.user_paths import SHOWN_CHARS, inspect_path, shorten
from dashboard.errors import (
    ArchiveLimitError,
    ArrayChoiceError,
    CheckpointReadError,
    QueryError,
    SourceNotFoundError,
    UnsafeCheckpointError,
)
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables, Vocabulary, check_table_shape

SUFFIXES = (".npy", ".npz")
#: Keyword options :func:`read_arrays` takes (and ``load_tables`` passes through).
OPTIONS = ("token_array", "position_array", "vocab_file")
#: Substrings of array names that suggest the token table / the position table.
TOKEN_HINTS = ("token", "tok", "wte", "word", "embed_tokens", "vocab")
POSITION_HINTS = ("position", "pos", "wpe")
#: The vocabulary file read from beside the arrays when none is given.
VOCAB_BESIDE = "vocab.txt"


def is_numpy_file(path: Path) -> bool:
    """True for a file named ``.npy`` or ``.npz`` (case-insensitive); the content is checked when read.

    Raises:
        OSError: the file system refuses to look (permission denied).
    """
    return path.is_file() and path.suffix.lower() in SUFFIXES


def list_arrays(path: Path) -> dict[str, tuple[tuple[int, ...], np.dtype]]:
    """Array name -> (shape, dtype) from the headers alone; a ``.npy``'s array is named after the file's stem.

    Compressed ``.npz`` members are held to the uploads' zip-bomb limits before any is inflated.

    Raises:
        CheckpointReadError: not a readable ``.npy``/``.npz``, or a header declares more data than there is.
        ArchiveLimitError: compressed members over the zip limits; nothing was inflated.
    """
    try:
        if path.suffix.lower() == ".npy":
            with open(path, "rb") as handle:
                return {path.stem: _header(handle, path.stat().st_size, path.name)}
        with zipfile.ZipFile(path) as archive:
            compressed = [m for m in archive.infolist() if m.compress_type != zipfile.ZIP_STORED and not m.is_dir()]
            check_zip_limits(path.name, compressed, extraction_limit(), holds=msg("err.ckpt.holds.npz"),
                             archive_bytes=path.stat().st_size)
            found = {}
            for info in archive.infolist():
                if info.filename.endswith(".npy"):
                    with archive.open(info) as handle:
                        found[info.filename[: -len(".npy")]] = _header(handle, info.file_size, info.filename)
            return found
    except (CheckpointReadError, ArchiveLimitError):
        raise
    except Exception as error:  # numpy's header parser raises ValueError, SyntaxError, tokenize errors ...
        raise CheckpointReadError(msg("err.ckpt.npy_unreadable", name=path.name, error=error)) from error


def _read_header(handle) -> tuple[tuple[int, ...], bool, np.dtype]:
    """``(shape, fortran_order, dtype)`` of one ``.npy`` stream, read with numpy's own header parser."""
    version = np.lib.format.read_magic(handle)
    if version == (1, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_1_0(handle)
    else:
        shape, fortran, dtype = np.lib.format.read_array_header_2_0(handle)
    return tuple(int(n) for n in shape), bool(fortran), dtype


def _header(handle, available: int, name: str) -> tuple[tuple[int, ...], np.dtype]:
    """Shape and dtype of one ``.npy`` stream, checked against the bytes it really has."""
    shape, _, dtype = _read_header(handle)
    declared = math.prod(shape) * dtype.itemsize
    if dtype.kind != "O" and handle.tell() + declared > available:
        raise CheckpointReadError(msg("err.ckpt.npy_truncated_header", name=name, shape=shape, dtype=dtype,
                                      declared=declared, held=max(available - handle.tell(), 0)))
    return shape, dtype


#: dtype kinds a table may be stored in: booleans, signed and unsigned integers, floats.
_NUMBER_KINDS = "biuf"
#: Values widened to float32 per read (the stored-dtype block is at most 8 bytes times this).
_BLOCK_VALUES = 2**20


def _read_float32(handle, name: str) -> np.ndarray:
    """A ``.npy`` stream's array as float32, read a block at a time (peak: the result plus one block).

    Raises:
        CheckpointReadError: the data ends before the shape is filled, or the dtype is not a number.
    """
    shape, fortran, dtype = _read_header(handle)
    if dtype.kind not in _NUMBER_KINDS or dtype.itemsize == 0:
        # A zero-byte dtype (|V0, |S0) lets a short header declare any shape over no data.
        raise CheckpointReadError(msg("err.ckpt.npy_not_numbers", name=name, dtype=dtype))
    if fortran:
        # Rare layout: numpy's own reader (the stored array is at most the file's size, checked by _header).
        array = np.lib.format.read_array(handle, allow_pickle=False)
        with np.errstate(over="ignore"):
            return np.array(array, dtype=np.float32)
    out = np.empty(shape, dtype=np.float32)
    flat = out.reshape(-1)
    for start in range(0, flat.size, _BLOCK_VALUES):
        count = min(_BLOCK_VALUES, flat.size - start)
        data = handle.read(count * dtype.itemsize)
        if len(data) != count * dtype.itemsize:
            raise CheckpointReadError(msg("err.ckpt.npy_truncated_data", name=name,
                                          held=start * dtype.itemsize + len(data), shape=shape, dtype=dtype,
                                          needed=flat.size * dtype.itemsize))
        with np.errstate(over="ignore", invalid="ignore"):  # values beyond float32 become Inf, reported as bad rows
            flat[start:start + count] = np.frombuffer(data, dtype=dtype)
    return out


def _candidates(arrays: dict[str, tuple[tuple[int, ...], np.dtype]]) -> list[str]:
    return [name for name, (shape, dtype) in arrays.items()
            if len(shape) == 2 and dtype.kind == "f" and min(shape) > 0]


#: Most arrays an error message names; an .npz can hold hundreds (one per layer's tensor).
SHOWN_ARRAYS = 10


def _describe(arrays: dict[str, tuple[tuple[int, ...], np.dtype]]) -> str | Text:
    """``name (shape) dtype`` of the first :data:`SHOWN_ARRAYS` arrays, 2-D float ones first, and how many more."""
    candidates = set(_candidates(arrays))
    shown = sorted(arrays, key=lambda name: name not in candidates)[:SHOWN_ARRAYS]  # stable: file order kept
    # Names are any strings the writer chose: long ones are shown by their start and length.
    listed = ", ".join(f"{name if len(name) <= SHOWN_CHARS else shorten(name)} {arrays[name][0]} {arrays[name][1]}"
                       for name in shown)
    if len(arrays) > len(shown):
        return msg("err.ckpt.arrays_and_more", arrays=listed, more=len(arrays) - len(shown))
    return listed


def choose_arrays(path: Path, arrays: dict[str, tuple[tuple[int, ...], np.dtype]], token_array: str | None,
                  position_array: str | None) -> tuple[str, str | None, tuple[str, ...]]:
    """``(token name, position name or None, notes)`` for a file's arrays.

    Raises:
        QueryError: a named array is not in the file.
        ArrayChoiceError: several candidates and no clear choice; lists them.
    """
    for name in (token_array, position_array):
        if name is not None and name not in arrays:
            raise QueryError(msg("err.ckpt.npy_no_array", name=path.name, array=name, arrays=_describe(arrays)))
    if token_array is not None:
        return token_array, position_array, ()
    candidates = _candidates(arrays)
    if len(candidates) == 1:
        return candidates[0], position_array, ()
    if not candidates:
        raise ArrayChoiceError(msg("err.ckpt.npy_no_candidate", name=path.name,
                                   arrays=_describe(arrays) or msg("err.ckpt.npy_no_arrays")))
    lowered = {name: name.lower() for name in candidates}
    tokens = [n for n in candidates if any(h in lowered[n] for h in TOKEN_HINTS)
              and not any(h in lowered[n] for h in POSITION_HINTS)]
    positions = [n for n in candidates if any(h in lowered[n] for h in POSITION_HINTS)]
    if len(tokens) != 1:
        raise ArrayChoiceError(msg("err.ckpt.npy_ambiguous", name=path.name, arrays=_describe(arrays)))
    token = tokens[0]
    position = position_array
    if position is None and len(positions) == 1 and arrays[positions[0]][0][1] == arrays[token][0][1]:
        position = positions[0]
    if position:
        return token, position, (msg("note.ckpt.npy_chose_both", token=token, position=position),)
    return token, position, (msg("note.ckpt.npy_chose_token", token=token),)


def _load(path: Path, name: str) -> np.ndarray:
    try:
        if path.suffix.lower() == ".npy":
            with open(path, "rb") as handle:
                return _read_float32(handle, name)
        with zipfile.ZipFile(path) as archive, archive.open(f"{name}.npy") as handle:
            return _read_float32(handle, name)
    except ValueError as error:
        if "allow_pickle" in str(error):
            raise UnsafeCheckpointError(msg("err.ckpt.npy_objects", array=name, name=path.name)) from error
        raise CheckpointReadError(msg("err.ckpt.npy_array_unreadable", array=name, name=path.name,
                                      error=error)) from error
    except (OSError, EOFError, KeyError, zipfile.BadZipFile, zlib.error, TypeError, MemoryError, RuntimeError) as error:
        raise CheckpointReadError(msg("err.ckpt.npy_array_corrupt", array=name, name=path.name,
                                      error=error)) from error


def read_token_lines(path: str | Path) -> Vocabulary:
    """A vocabulary file as typed (``~`` expanded), one token a line: line ``i`` (0-based) is id ``i``; scheme guessed.

    Raises:
        SourceNotFoundError: no such file, or a folder.
        UnusablePathError: the path is empty or cannot be looked up.
        CheckpointReadError: not UTF-8 text, empty, or unreadable.
    """
    found = inspect_path(path, "vocabulary file")
    if found is None or not found.is_file():
        key = "err.ckpt.vocab_file_missing" if found is None else "err.ckpt.vocab_file_not_file"
        raise SourceNotFoundError(msg(key, path=shorten(str(path))))
    try:
        lines = found.read_text(encoding="utf-8").split("\n")
    except (UnicodeDecodeError, OSError) as error:
        raise CheckpointReadError(msg("err.ckpt.vocab_file_not_utf8", name=found.name, error=error)) from error
    raw = tuple(line.removesuffix("\r") for line in (lines[:-1] if lines and lines[-1] == "" else lines))
    if not raw:
        raise CheckpointReadError(msg("err.ckpt.vocab_file_empty", name=found.name))
    scheme = guess_scheme(raw)
    return Vocabulary(raw, readable_tokens(raw, scheme), frozenset(), scheme)


def read_arrays(path: Path, source: str | None = None, *, token_array: str | None = None,
                position_array: str | None = None, vocab_file: str | Path | None = None) -> EmbeddingTables:
    """Read token (and position) tables from a ``.npy`` or ``.npz`` file.

    Args:
        token_array: name of the token table in an ``.npz``.
        position_array: name of the position table in an ``.npz``, if any.
        vocab_file: text file with one token a line; default ``vocab.txt`` beside the arrays.

    Raises:
        QueryError, ArrayChoiceError: the arrays to use are unclear or absent.
        UnsafeCheckpointError: an object array (needs pickle) was asked for.
        SourceNotFoundError, UnusablePathError: ``vocab_file`` does not exist or cannot be looked up.
        CheckpointReadError, ShapeMismatchError, InvalidTableError.
    """
    arrays = list_arrays(path)
    token_name, position_name, notes = choose_arrays(path, arrays, token_array, position_array)
    for name in filter(None, (token_name, position_name)):
        if arrays[name][1].hasobject:
            raise UnsafeCheckpointError(msg("err.ckpt.npy_objects", array=name, name=path.name))
    token = _load(path, token_name)
    check_table_shape("token", token.shape)
    position = _load(path, position_name) if position_name else None
    rows = token.shape[0] if token.ndim == 2 else 0
    vocabulary = None
    beside = path.parent / VOCAB_BESIDE
    if vocab_file is not None:
        vocabulary = read_token_lines(vocab_file)  # asked for: one longer than the table is refused below
        notes += (msg("note.ckpt.token_strings_from", name=Path(vocab_file).name),)
    elif beside.is_file():
        # Not asked for: it may belong to another model, so using it is said and a longer one set aside.
        try:
            found = read_token_lines(beside)
        except CheckpointReadError as error:  # empty, not UTF-8, unreadable: set aside like one that does not fit
            notes += (msg("note.ckpt.vocab_beside_unreadable", vocab=VOCAB_BESIDE, error=error),)
        else:
            if len(found) > rows:
                notes += (msg("note.ckpt.vocab_beside_unused", vocab=VOCAB_BESIDE, lines=len(found), rows=rows),)
            else:
                vocabulary = found
                notes += (msg("note.ckpt.vocab_beside", vocab=VOCAB_BESIDE),)
    if vocabulary is not None and len(vocabulary) < rows:  # a longer one is refused by EmbeddingTables
        notes += (msg("note.ckpt.vocab_short", tokens=len(vocabulary), rows=rows, last=rows - 1),)
    return EmbeddingTables(
        token=token,
        vocabulary=vocabulary or Vocabulary.placeholder(token.shape[0] if token.ndim == 2 else 0),
        tying=decide_tying(token, None, head_key=None, token_key=token_name, head_expected=False),
        source=source or str(path),
        format=path.suffix.lower().lstrip("."),
        architecture="unknown",
        source_dtype=str(arrays[token_name][1]),
        position=position,
        position_kind="learned" if position is not None else "none",
        position_note=(msg("note.ckpt.position.array", array=position_name) if position is not None
                       else msg("note.ckpt.position.not_chosen")),
        notes=notes,
    )
