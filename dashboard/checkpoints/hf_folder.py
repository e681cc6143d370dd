"""Reader for Hugging Face model folders (``config.json`` + weights).

Source: ``transformers`` ``save_pretrained``: ``config.json`` (``model_type`` names the architecture) and
``model.safetensors`` or shards listed by ``model.safetensors.index.json``; older folders hold ``pytorch_model.bin``
(or its index), read with ``weights_only=True`` and mmap. Quirks handled (see :mod:`~dashboard.checkpoints.keymaps`):

- base-model prefixes (``transformer.``, ``bert.``, ``model.``) present or not;
- tied heads: saved once -> ``tied-implied``; a second name over one storage -> ``tied-shared``; an equal copy ->
  ``tie_word_embeddings`` decides (:mod:`~dashboard.checkpoints.tying`);
- OPT's 2 leading position rows dropped; buffers (``position_ids``, GPT-2's ``attn.bias``) not counted as parameters.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

from dashboard.checkpoints.keymaps import (KEY_MAPS, TIE_DEFAULTS, KeyMap, canonical_settings, find_key,
                                           head_expected)
from dashboard.checkpoints.metadata import read_config, read_metadata_file
from dashboard.checkpoints.tensor_store import SafetensorsStore, TensorStore, count_parameters, read_table, require
from dashboard.checkpoints.torch_store import TorchStore
from dashboard.checkpoints.tying import decide_tying
from dashboard.checkpoints.vocab_files import read_vocabulary
from dashboard.errors import CheckpointReadError, ExplorerError, ShapeMismatchError, UnsupportedFormatError
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables, Vocabulary, check_table_shape

#: Weight files of a folder, in the order they are looked for -> (how to open them, format label).
WEIGHT_FILES = {
    "model.safetensors.index.json": (SafetensorsStore.from_index, "hf-safetensors"),
    "model.safetensors": (SafetensorsStore.from_file, "hf-safetensors"),
    "pytorch_model.bin.index.json": (TorchStore.from_index, "hf-pytorch"),
    "pytorch_model.bin": (TorchStore.from_file, "hf-pytorch"),
}


#: A shard's name as ``save_pretrained`` writes it: ``model-00001-of-00004.safetensors``,
#: ``pytorch_model-00002-of-00003.bin`` (``transformers.utils.hub``: ``{stem}-{k:05d}-of-{n:05d}{suffix}``).
_SHARD_NAME = re.compile(r"^(?P<stem>.+)-(?P<k>\d{5})-of-(?P<n>\d{5})\.(?P<suffix>safetensors|bin)$")


def shard_position(name: str) -> tuple[int, int, str] | None:
    """``(k, n, index)`` for a file ``save_pretrained`` named shard ``k`` of ``n >= 2``, else ``None``.

    ``index`` is the index file that lists such shards (``model.safetensors.index.json``).
    """
    match = _SHARD_NAME.match(name)
    if match is None or int(match["n"]) < 2:
        return None
    return int(match["k"]), int(match["n"]), f"{match['stem']}.{match['suffix']}.index.json"


def refuse_lone_shard(path: Path, given_name: str | None = None) -> None:
    """Refuse a file named as a shard but read on its own: it holds only some of a model's tensors.

    Args:
        path: the file about to be read (not placed in a folder by :func:`folder_weights_of`).
        given_name: the name the user gave, when it differs from ``path.name`` (a link to a hash-named blob).

    Raises:
        UnsupportedFormatError: a shard ``k`` of ``n``; the message says what is missing and lists the shards present.
        MetadataError: the index beside it cannot be parsed.
    """
    shard = shard_position(path.name)
    if shard is None:
        linked = shard_position(given_name) if given_name else None
        if linked is not None:
            raise UnsupportedFormatError(msg("err.ckpt.linked_shard", name=given_name, k=linked[0], n=linked[1],
                                             index=linked[2]))
        return
    k, n, index = shard
    if (path.parent / index).is_file():
        weight_map = read_metadata_file(path.parent / index, "index.json").get("weight_map")
        if isinstance(weight_map, dict) and path.name in weight_map.values():
            raise UnsupportedFormatError(msg("err.ckpt.shard_not_in_folder", name=path.name, k=k, n=n, index=index,
                                             looked=", ".join(w for w in WEIGHT_FILES if w.endswith(".index.json"))))
    present = sorted(p.name for p in path.parent.iterdir()
                     if (sibling := shard_position(p.name)) is not None and sibling[1:] == (n, index))
    raise UnsupportedFormatError(msg("err.ckpt.lone_shard", name=path.name, k=k, n=n, index=index,
                                     present=", ".join(present)))


def refuse_folder_of_shards(folder: Path, files: list[Path]) -> None:
    """Refuse ``folder`` (no ``config.json``) when its readable checkpoint ``files`` are all shards of one checkpoint.

    The message says what is missing; otherwise the user would pick one file, a shard then refused too.

    Raises:
        UnsupportedFormatError: every file is a shard ``k`` of the same ``n``.
    """
    positions = [shard_position(path.name) for path in files]
    if len(files) < 2 or None in positions or len({position[1:] for position in positions}) != 1:
        return
    _, n, index = positions[0]
    present = ", ".join(path.name for path in files)
    key = "err.ckpt.shards_without_config" if (folder / index).is_file() else "err.ckpt.shards_without_config_or_index"
    raise UnsupportedFormatError(msg(key, folder=folder, n=n, index=index, present=present))


def is_hf_folder(path: Path) -> bool:
    """True for a folder holding a ``config.json`` file.

    Raises:
        OSError: the file system refuses to look (permission denied).
    """
    return path.is_dir() and (path / "config.json").is_file()


def folder_weights_of(path: Path) -> str | None:
    """The :data:`WEIGHT_FILES` key under which an existing weights file belongs to its folder, or ``None``.

    It belongs when ``config.json`` lies beside it and it is the folder's ``model.safetensors`` /
    ``pytorch_model.bin``, or a shard one of the folder's indexes names (the index is returned); an unparseable index
    claims no file.

    Raises:
        OSError: the file system refuses to look (permission denied).
    """
    folder = path.parent
    if not (folder / "config.json").is_file():
        return None
    if path.name in WEIGHT_FILES and not path.name.endswith(".index.json"):
        return path.name
    for index in (name for name in WEIGHT_FILES if name.endswith(".index.json")):
        if not (folder / index).is_file():
            continue
        try:
            weight_map = read_metadata_file(folder / index, "index.json").get("weight_map")
        except ExplorerError:
            continue
        # Names only: a missing shard is reported by the folder's reader.
        if isinstance(weight_map, dict) and path.name in weight_map.values():
            return index
    return None


def open_weights(folder: Path, weights: str | None = None) -> tuple[TensorStore, str]:
    """The folder's tensor store and a format label.

    Args:
        weights: the :data:`WEIGHT_FILES` key to open; ``None`` for the first one present.

    Raises:
        UnsupportedFormatError: no known weight file (for a folder of shards only: their index is missing).
    """
    for name, (opener, label) in WEIGHT_FILES.items():
        if (folder / name).is_file() and weights in (None, name):
            return opener(folder / name), label
    names = sorted(p.name for p in folder.iterdir())
    shards = [name for name in names if shard_position(name)]
    if shards:  # the index was not copied: shards alone do not say what they make
        index = shard_position(shards[0])[2]
        raise UnsupportedFormatError(msg("err.ckpt.hf_shards_without_index", folder=folder, index=index,
                                         present=", ".join(shards)))
    present = ", ".join(names) or msg("err.ckpt.nothing")
    raise UnsupportedFormatError(msg("err.ckpt.hf_no_weights", folder=folder, looked=", ".join(WEIGHT_FILES),
                                     present=present))


def key_map_for(config: Mapping[str, Any], folder: Path) -> KeyMap:
    """Where the tables of the config's ``model_type`` are (:data:`~dashboard.checkpoints.keymaps.KEY_MAPS`).

    Raises:
        UnsupportedFormatError: ``model_type`` is absent or unknown.
    """
    model_type = config.get("model_type")
    if model_type not in KEY_MAPS:
        raise UnsupportedFormatError(msg("err.ckpt.hf_model_type", model_type=model_type,
                                         config=folder / "config.json", supported=", ".join(sorted(KEY_MAPS))))
    return KEY_MAPS[model_type]


def tables_from_store(
    store: TensorStore,
    key_map: KeyMap,
    *,
    source: str,
    format: str,
    settings: dict[str, Any],
    expects_head: bool,
    vocabulary: Vocabulary | None,
    model_path: str | None,
    notes: tuple[str, ...] = (),
    settings_source: str = "config.json",
    missing_hint: str | None = None,
    tie_flag: tuple[bool, str] | None = None,
) -> EmbeddingTables:
    """Build :class:`EmbeddingTables` from any tensor store and a key map (Hugging Face names, GGUF, nanoGPT).

    Args:
        settings: canonical settings, from ``settings_source`` (named in messages).
        expects_head: the model class has an output head.
        missing_hint: advice when a table is absent (default: ``settings_source`` may be another model's).
        tie_flag: ``(tie_word_embeddings, its source)`` when the settings lack it but the config class implies it
            (:func:`tie_flag_of`).

    Raises:
        MissingTensorError: the token table (or a declared position table) is absent.
        ShapeMismatchError: the settings' ``vocab_size`` / ``d_model`` disagree with the tensors.
        CheckpointReadError: a setting that should be a whole number is not.
    """
    keys = store.keys()
    hint = missing_hint or msg("err.ckpt.hf_layout_hint", architecture=key_map.architecture,
                               settings_source=settings_source)
    token_key = find_key(keys, key_map.token, key_map.prefixes)
    if token_key is None:  # a tied table saved once under another of its names (T5's encoder.embed_tokens)
        token_key = next((found for alias in key_map.token_aliases
                          if (found := find_key(keys, alias, key_map.prefixes)) is not None), None)
        if token_key is not None:
            notes += (msg("note.ckpt.token_alias", tensor=token_key, name=key_map.token,
                          architecture=key_map.architecture),)
    if token_key is None:
        token_key = require(store, key_map.token, key_map.prefixes, msg("err.ckpt.what.token"), hint=hint)
    token = read_table(store, token_key)
    check_table_shape("token", token.shape)
    position = position_key = None
    if key_map.position is not None:
        position_key = require(store, key_map.position, key_map.prefixes, msg("err.ckpt.what.position"),
                               hint=hint)
        position = read_table(store, position_key)[key_map.position_offset:]
    if key_map.position_offset:
        notes += (msg("note.ckpt.position_offset", offset=key_map.position_offset, tensor=position_key,
                      architecture=key_map.architecture),)
    type_key = find_key(keys, key_map.token_type, key_map.prefixes)
    token_type = read_table(store, type_key) if type_key else None
    head_key = find_key(keys, key_map.head, ("",))
    shared = head_key is not None and store.shares_storage(head_key, token_key)
    head = read_table(store, head_key) if head_key and not shared else None
    _check_settings(settings, token, source, settings_source)
    config_tied, tie_source = tie_flag or (settings.get("tie_word_embeddings"), settings_source)
    tying = decide_tying(token, head, head_key=head_key or key_map.head, token_key=token_key,
                         shares_storage=shared, head_expected=expects_head,
                         config_tied=config_tied, config_source=tie_source)
    total = count_parameters(store)
    if tying.verdict == "tied-equal-copy":
        total -= head.size  # one matrix used twice, stored twice: count it once
    position_kind = key_map.position_kind if position is not None or key_map.position_kind != "learned" else "none"
    return EmbeddingTables(
        token=token,
        vocabulary=vocabulary or Vocabulary.placeholder(token.shape[0]),
        tying=tying,
        source=source,
        format=format,
        architecture=key_map.architecture,
        source_dtype=store.dtype(token_key),
        position=position,
        position_kind=position_kind,
        position_note=_POSITION_NOTES[position_kind],
        token_type=token_type,
        output_head=None if tying.verdict in ("tied-implied", "tied-shared", "no-head") else head,
        total_parameters=total,
        hyperparameters={**settings, "causal": key_map.causal,
                         **({"position_offset": key_map.position_offset} if key_map.position_offset else {})},
        model_path=model_path,
        notes=notes,
    )


_POSITION_NOTES = {kind: msg(f"note.ckpt.position.{kind}")
                   for kind in ("learned", "sinusoidal", "rotary", "relative", "none")}


def _check_settings(settings: dict[str, Any], token, source: str, settings_source: str) -> None:
    for name, axis in (("vocab_size", 0), ("d_model", 1)):
        declared = settings.get(name)
        if declared is not None and not isinstance(declared, int):
            raise CheckpointReadError(msg("err.ckpt.setting_not_int", settings_source=settings_source,
                                          source=source, name=name, declared=declared))
        if name == "d_model" and declared not in (None, token.shape[1]) and settings.get("token_width") == token.shape[1]:
            raise ShapeMismatchError(msg("err.ckpt.projected_token_table", source=source, width=token.shape[1],
                                         d_model=declared, settings_source=settings_source))
        if declared is not None and declared != token.shape[axis]:
            raise ShapeMismatchError(msg("err.ckpt.setting_mismatch", settings_source=settings_source,
                                         source=source, name=name, declared=declared, actual=token.shape[axis]))


def read_hf_folder(folder: Path, source: str | None = None, *, weights: str | None = None,
                   notes: tuple[str, ...] = ()) -> EmbeddingTables:
    """Read the embedding tables of a Hugging Face model folder (never the whole model).

    Args:
        source: the name to report (a bundled name); defaults to the path.
        weights: the :data:`WEIGHT_FILES` key to read (see :func:`folder_weights_of`); ``None``: the first present.
        notes: notes to report before the reader's own.

    Raises:
        CheckpointReadError, UnsupportedFormatError, MissingTensorError, ShapeMismatchError.
    """
    config = read_config(folder)
    key_map = key_map_for(config, folder)
    store, format_label = open_weights(folder, weights)
    return tables_from_store(
        store, key_map,
        source=source or str(folder),
        format=format_label,
        settings=canonical_settings(config),
        expects_head=head_expected(config),
        vocabulary=read_vocabulary(folder),
        model_path=str(folder),
        notes=notes,
        tie_flag=tie_flag_of(config),
    )


def tie_flag_of(config: Mapping[str, Any]) -> tuple[bool, Text] | None:
    """``(tie_word_embeddings, its source)`` from the config class's default when ``config`` omits the flag.

    ``None`` when the flag is set or the class has no default (:data:`~dashboard.checkpoints.keymaps.TIE_DEFAULTS`).
    """
    if config.get("tie_word_embeddings") is not None or config.get("model_type") not in TIE_DEFAULTS:
        return None
    config_class, tied = TIE_DEFAULTS[config["model_type"]]
    return tied, msg("tying.class_default", config_class=config_class)
