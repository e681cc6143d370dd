"""Reading checkpoints into :class:`~dashboard.tables.EmbeddingTables`: :func:`load_tables` and :data:`READERS`.

One registry from format name to (detector, reader), each reader in its own module. Imported only where checkpoints
are read (a wall child, the CLI), never by a page, so :mod:`dashboard.checkpoints` itself stays light.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Callable, NamedTuple

from dashboard.checkpoints.file_kinds import is_gguf
from dashboard.checkpoints.gguf_file import read_gguf
from dashboard.checkpoints.hf_folder import (folder_weights_of, is_hf_folder, read_hf_folder, refuse_folder_of_shards,
                                             refuse_lone_shard)
from dashboard.checkpoints.local_archives import is_zip_path, unpack_local_zip
from dashboard.checkpoints.nanogpt import is_nanogpt_checkpoint, read_nanogpt
from dashboard.checkpoints.numpy_arrays import OPTIONS as NUMPY_OPTIONS, is_numpy_file, read_arrays
from dashboard.checkpoints.path_policy import PathPolicy, resolve_source
from dashboard.checkpoints.projector_tsv import is_projector_export, read_projector
from dashboard.checkpoints.runs import HF_CHECKPOINT_NAME, TRAINER_STATE
from dashboard.checkpoints.state_dict import is_state_dict_file, read_state_dict
from dashboard.errors import (
    CheckpointReadError,
    QueryError,
    UnsupportedFormatError,
    UnusablePathError,
)
from dashboard.i18n import Text, join_messages, msg
from dashboard.tables import EmbeddingTables


class Reader(NamedTuple):
    """One container format in :data:`READERS`.

    Attributes:
        detect: ``detect(path) -> bool`` from the name and first bytes; raises only ``OSError`` (permission denied).
        read: ``read(path, name, **options) -> EmbeddingTables``; raises ``ExplorerError`` subclasses on bad files.
        describe: the format and its usual files, for messages (a catalogue message).
        options: keyword options ``read`` accepts, passed through by :func:`load_tables`.
        path_options: those of ``options`` that name a file, admitted by the path policy first.
    """

    detect: Callable[[Path], bool]
    read: Callable[..., EmbeddingTables]
    describe: str
    options: tuple[str, ...] = ()
    path_options: tuple[str, ...] = ()


#: Format name -> reader, tried in order: content sniffing before suffixes, so a GGUF saved as .bin reaches its reader.
READERS: dict[str, Reader] = {
    "hf-folder": Reader(is_hf_folder, read_hf_folder, msg("err.ckpt.format.hf_folder")),
    "gguf": Reader(is_gguf, read_gguf, msg("err.ckpt.format.gguf")),
    "nanogpt": Reader(is_nanogpt_checkpoint, read_nanogpt, msg("err.ckpt.format.nanogpt")),
    "state-dict": Reader(is_state_dict_file, read_state_dict, msg("err.ckpt.format.state_dict")),
    "projector-tsv": Reader(is_projector_export, read_projector, msg("err.ckpt.format.projector")),
    "numpy": Reader(is_numpy_file, read_arrays, msg("err.ckpt.format.numpy"), NUMPY_OPTIONS, ("vocab_file",)),
}


def find_reader(path: Path) -> Reader | None:
    """The first reader of :data:`READERS` whose detector recognises ``path``, or ``None``.

    Raises:
        OSError: only when the file system refuses to look (permission denied).
    """
    return next((reader for reader in READERS.values() if reader.detect(path)), None)


def find_checkpoint(folder: Path, policy: PathPolicy | None = None) -> Path:
    """The checkpoint inside an existing folder that no reader takes as a whole.

    That is its one readable file or checkpoint sub-folder (a zip of a model folder), or a Trainer run's one
    ``checkpoint-N`` sub-folder, whatever sits beside it. ``policy=None`` uses the deployment's.

    Raises:
        UnsupportedFormatError: nothing readable, or several candidates (listed).
        UnusablePathError: the folder's entries cannot be listed (permission denied).
        RefusedPathError: an entry links outside the folders the policy opens.
    """
    return _locate_checkpoint(folder, policy or PathPolicy.from_settings())[0]


#: Most ``checkpoint-N`` folders an error names; a long run saves hundreds.
SHOWN_RUN_CHECKPOINTS = 10


def _locate_checkpoint(folder: Path, policy: PathPolicy) -> tuple[Path, tuple[str, ...]]:
    """:func:`find_checkpoint`, with notes on what was chosen (empty when nothing needs saying)."""
    policy.check_entries(folder)
    if find_reader(folder) is not None:
        return folder, ()
    try:
        entries = sorted(p for p in folder.iterdir() if not p.name.startswith("."))
    except OSError as error:
        raise UnusablePathError(msg("err.ckpt.folder_unlistable", folder=folder,
                                    reason=error.strerror or error)) from error
    files = [p for p in entries if p.is_file() and p.name not in _COMPANION_FILES and find_reader(p) is not None]
    folders = [p for p in entries if p.is_dir()]
    if len(files) == 1:
        return files[0], ()
    # A Trainer's output folder: checkpoint-N sub-folders (N the step), often beside its runs/ logs folder.
    steps = sorted((int(m.group(1)), p) for p in folders if (m := HF_CHECKPOINT_NAME.match(p.name)))
    if not files and len(steps) == 1:
        found, notes = _locate_checkpoint(steps[0][1], policy)
        # Named from the run folder down: an uploaded run lies in a temporary folder that means nothing to its owner.
        return found, (msg("note.ckpt.read_run_checkpoint", checkpoint=f"{folder.name}/{steps[0][1].name}",
                           folder=folder.name), *notes)
    if not files and steps:
        raise UnsupportedFormatError(_several_run_checkpoints(folder, [p for _, p in steps]))
    if not files and len(folders) == 1:
        return _locate_checkpoint(folders[0], policy)
    refuse_folder_of_shards(folder, files)
    found = ", ".join(p.name for p in files) or msg("err.ckpt.no_checkpoint_file")
    formats = join_messages(r.describe for r in READERS.values())
    raise UnsupportedFormatError(msg("err.ckpt.folder_ambiguous", folder=folder, found=found, formats=formats))


def _several_run_checkpoints(folder: Path, checkpoints: list[Path]) -> Text:
    """The error for a run folder of several ``checkpoint-N`` folders (in step order): which, and what to do."""
    listed = ", ".join(p.name for p in checkpoints[:SHOWN_RUN_CHECKPOINTS])
    more = len(checkpoints) - SHOWN_RUN_CHECKPOINTS
    found = msg("err.ckpt.folders_and_more", folders=listed, more=more) if more > 0 else listed
    # The Training page needs every checkpoint's trainer_state.json (its step).
    training = (msg("err.ckpt.run_checkpoints.training") if all((p / TRAINER_STATE).is_file() for p in checkpoints)
                else "")
    return msg("err.ckpt.run_checkpoints", folder=folder, count=len(checkpoints), found=found,
               example=checkpoints[-1], training=training)


#: Files that accompany a checkpoint and are never the checkpoint themselves.
_COMPANION_FILES = {"meta.pkl", "metadata.tsv", "vocab.txt"}


def load_tables(source: str | Path, *, policy: PathPolicy | None = None, **options: Any) -> EmbeddingTables:
    """Read a checkpoint's embedding tables (only embedding tensors, as float32).

    Args:
        source: a bundled name (``default``, ``all-minilm-l6-v2``) or a path: a checkpoint file or folder, a folder
            holding one, a ``config.json`` or weights file with ``config.json`` beside it (read as its folder), or a
            ``.zip`` of a model folder (unpacked first, as an upload is).
        policy: which server paths may be opened; ``None``: the one ``$EXPLORER_LOCAL_PATHS`` sets (``any`` if unset).
        **options: reader options, ``None`` values ignored (the NumPy reader's ``token_array``, ``position_array``,
            ``vocab_file``).

    Raises:
        SourceNotFoundError: the path does not exist.
        UnsupportedFormatError: no reader recognises it, or it is a shard read without its folder.
        UnusablePathError: the source is empty or a path that cannot be looked up.
        RefusedPathError: the policy does not open the path, a path option, or a file linked from its folder.
        CheckpointReadError: the file is empty, the system refused to read it, or a zip cannot be unpacked.
        ArchiveLimitError, UnsafeArchiveError: a zip over the extraction limits, or with an entry escaping its folder.
        QueryError: an option the file's reader does not take.
        ExplorerError: any subclass, from the reader, when the file is bad.
    """
    policy = policy or PathPolicy.from_settings()
    path, name = resolve_source(source, policy)
    try:
        return _read_resolved(path, name, options, policy)
    except OSError as error:
        # What readers leave untyped is the system refusing a file (permission denied, an I/O error).
        where = error.filename or path
        raise CheckpointReadError(msg("err.ckpt.os_read", where=where, reason=error.strerror or error)) from error


def _read_resolved(path: Path, name: str, options: dict[str, Any], policy: PathPolicy) -> EmbeddingTables:
    """:func:`load_tables` once the source is an existing path the policy opens."""
    if path.is_file() and path.stat().st_size == 0:
        raise CheckpointReadError(msg("err.ckpt.empty_file", path=path))
    # Companion files (tokenizer, vocabulary, meta.pkl, shards) are read by name from this folder.
    policy.check_entries(path if path.is_dir() else path.parent)
    folder_options: dict[str, Any] = {}
    found_notes: tuple[str, ...] = ()
    name_given = Path(name).name  # the file's name as the user gave it: admit resolved links in restricted mode
    if path.is_file() and path.name == "config.json":
        path = path.parent  # read the config's folder as a whole, as an upload of it would be
    elif path.is_file() and (weights := folder_weights_of(path)) is not None:
        # config.json says the architecture and sizes, and a shard alone lacks most tensors: read the folder.
        key = "note.ckpt.read_as_folder" if weights == path.name else "note.ckpt.read_as_folder.shard"
        folder_options = {"weights": weights,
                          "notes": (msg(key, folder=path.parent, name=path.name, index=weights),)}
        path = path.parent
    elif is_zip_path(path) and find_reader(path) is None:
        # Admitted above; it unpacks (with the upload checks) into this app's own folder, which opens too.
        path = unpack_local_zip(path)
        policy = dataclasses.replace(policy, trusted=(*policy.trusted, path.resolve()))
    reader = find_reader(path)
    if reader is None and path.is_dir():
        found, found_notes = _locate_checkpoint(path, policy)
        path = policy.admit_real(found, "checkpoint")
        policy.check_entries(path if path.is_dir() else path.parent)
        reader = find_reader(path)
        name_given = found.name  # before admit_real resolved a link
    if path.is_file() and not folder_options:
        refuse_lone_shard(path, name_given)  # a shard no index claims would be read as a whole model
    if reader is None:
        formats = join_messages(r.describe for r in READERS.values())
        raise UnsupportedFormatError(msg("err.ckpt.unknown_format", path=path, formats=formats))
    given = {key: value for key, value in options.items() if value is not None}
    unknown = sorted(set(given) - set(reader.options))
    if unknown:
        takers = join_messages(r.describe for r in READERS.values() if set(unknown) <= set(r.options))
        if not takers:
            raise QueryError(msg("err.ckpt.option_unknown", options=", ".join(unknown), name=path.name,
                                 describe=reader.describe))
        raise QueryError(msg("err.ckpt.option_not_taken", options=", ".join(unknown), takers=takers,
                             name=path.name, describe=reader.describe))
    for key in set(reader.path_options) & set(given):
        admitted = policy.admit(str(given[key]), key.replace("_", " "))
        given[key] = admitted if admitted is not None else given[key]  # the reader says it does not exist
    tables = reader.read(path, name, **given, **folder_options)
    if found_notes:  # which checkpoint of the folder was read comes first: the rest is about that one
        tables = dataclasses.replace(tables, notes=(*found_notes, *tables.notes))
    return tables
