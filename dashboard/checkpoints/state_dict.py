"""Reader for bare state dicts: one ``.pt``/``.pth``/``.bin``/``.ckpt``/``.safetensors`` file, no config.

The architecture comes from key names (:data:`~dashboard.checkpoints.keymaps.FINGERPRINTS`), sizes from the
tensors, safetensors or torch pickle from the first bytes. Quirks handled:

- wrapper prefixes (``module.`` from DDP, ``_orig_mod.`` from ``torch.compile``, stacked) stripped and reported;
- a state dict nested in a training checkpoint (``{"state_dict": ...}``, ``{"model": ...}``) is found;
- keys under an outer module (Lightning's ``model.transformer.wte.weight``) are read relative to the base;
- tied heads: one storage under two names, or an alias ``safetensors.torch.save_model`` recorded -> ``tied-shared``;
  absent from an LM's keys -> ``tied-implied``;
- nanoGPT's ``GPT`` is told from Hugging Face GPT-2 by ``c_attn``: nn.Linear ``(3 d_model, d_model)``, not
  Conv1D ``(d_model, 3 d_model)``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

from dashboard.checkpoints.file_kinds import STATE_DICT_SUFFIXES, looks_like_safetensors
from dashboard.checkpoints.hf_folder import tables_from_store
from dashboard.checkpoints.keymaps import (
    FINGERPRINTS,
    KEY_MAPS,
    LM_HEAD_SIGNS,
    NANOGPT,
    STATE_DICT_CONTAINERS,
    TASK_HEAD_PATTERNS,
    KeyMap,
)
from dashboard.checkpoints.tensor_store import SafetensorsStore, TensorStore
from dashboard.checkpoints.torch_pickle import load_torch_file
from dashboard.checkpoints.torch_store import TorchStore, tensor_mapping
from dashboard.checkpoints.vocab_files import vocabulary_beside
from dashboard.checkpoints.wrappers import strip_prefix, strip_wrapper_prefixes
from dashboard.errors import UnsupportedFormatError
from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables


def is_state_dict_file(path: Path) -> bool:
    """True for a file with a state-dict suffix (``.pt``, ``.pth``, ``.bin``, ``.ckpt``, ``.safetensors``).

    Raises:
        OSError: the file system refuses to look (permission denied).
    """
    return path.is_file() and path.suffix.lower() in STATE_DICT_SUFFIXES


def unwrap_checkpoint(obj: Any, origin: str) -> tuple[Any, tuple[str, ...]]:
    """The state dict inside a training checkpoint dict, or ``obj`` itself, and a note naming the key it sat under.

    A dict whose own tensors are all scalars (nanoGPT's ``best_val_loss``) is a training checkpoint.
    """
    import torch

    if not isinstance(obj, Mapping) or any(isinstance(v, torch.Tensor) and v.dim() > 0 for v in obj.values()):
        return obj, ()
    for key in STATE_DICT_CONTAINERS:
        inner = obj.get(key)
        if isinstance(inner, Mapping) and any(isinstance(v, torch.Tensor) for v in inner.values()):
            return inner, (msg("note.ckpt.nested_state_dict", tensor=key, origin=origin),)
    return obj, ()


def open_state_dict(path: Path) -> tuple[TensorStore, str, tuple[str, ...]]:
    """The file's tensors as a store, its format label and notes.

    Raises:
        UnsafeCheckpointError: a torch file asks for objects safe loading refuses.
        CheckpointReadError: truncated, corrupt, or not a dict of tensors.
    """
    if looks_like_safetensors(path) or path.suffix.lower() == ".safetensors":
        return SafetensorsStore.from_file(path), "safetensors-state-dict", ()
    obj, notes = unwrap_checkpoint(load_torch_file(path), path.name)
    return TorchStore(tensor_mapping(obj, path.name)), "torch-state-dict", notes


def recognise_architecture(keys: list[str], origin: str) -> str:
    """Canonical architecture whose fingerprint the key names match.

    Raises:
        UnsupportedFormatError: no fingerprint matches; the message lists a few keys.
    """
    for architecture, patterns in FINGERPRINTS:
        if all(any(re.search(p, k) for k in keys) for p in patterns):
            return architecture
    shown = ", ".join(repr(k) for k in sorted(keys)[:6])
    raise UnsupportedFormatError(msg("err.ckpt.unknown_architecture", origin=origin, shown=shown,
                                     supported=", ".join(a for a, _ in FINGERPRINTS)))


def _is_nanogpt(store: TensorStore) -> bool:
    # nanoGPT's c_attn is an nn.Linear (3 d_model, d_model); GPT-2's Conv1D is (d_model, 3 d_model).
    shapes = [store.shape(k) for k in store.keys() if k.endswith("attn.c_attn.weight")]
    return bool(shapes) and len(shapes[0]) == 2 and shapes[0][0] == 3 * shapes[0][1]


def locate_base_model(store: TensorStore, key_map: KeyMap) -> tuple[str, str]:
    """``(root, base)``: the outer prefix to strip and the base-model prefix found; the token key nearest the root wins.

    ``model.transformer.wte.weight`` with GPT-2's map gives root ``model.`` and base ``transformer.``.
    """
    candidates = sorted((k for k in store.keys() if k == key_map.token or k.endswith("." + key_map.token)), key=len)
    prefix = candidates[0][: -len(key_map.token)] if candidates else ""
    base = max((p for p in key_map.prefixes if p and prefix.endswith(p)), key=len, default="")
    return prefix[: len(prefix) - len(base)], base


def _head_expected(keys: list[str], key_map: KeyMap, base: str) -> bool:
    if key_map.head is not None and key_map.head in keys:
        return True
    sign = LM_HEAD_SIGNS.get(key_map.architecture)
    if sign is not None:
        return any(re.search(sign, k) for k in keys)
    # An LM class nests its base model under a prefix; so does a classifier, but then its head keys are present.
    return bool(base) and not any(re.search(p, k) for p in TASK_HEAD_PATTERNS for k in keys)


def read_state_dict(path: Path, source: str | None = None) -> EmbeddingTables:
    """Read the embedding tables (and a head) of a bare state dict file.

    Raises:
        UnsafeCheckpointError, CheckpointReadError, UnsupportedFormatError, MissingTensorError,
        ShapeMismatchError, InvalidTableError.
    """
    store, format_label, notes = open_state_dict(path)
    store, wrapper_notes = strip_wrapper_prefixes(store)
    notes += wrapper_notes
    architecture = recognise_architecture(store.keys(), path.name)
    key_map = KEY_MAPS[architecture]
    if architecture == "gpt2" and _is_nanogpt(store):
        key_map = NANOGPT
    root, base = locate_base_model(store, key_map)
    if root:
        store = strip_prefix(store, root)
        notes += (msg("note.ckpt.outer_module", root=root),)
    notes += (msg("note.ckpt.architecture_from_keys", architecture=key_map.architecture),)
    keys = store.keys()
    token_key = base + key_map.token
    token_shape = store.shape(token_key) if token_key in keys else ()
    vocabulary, vocabulary_notes = vocabulary_beside(path, token_shape[0] if token_shape else None)
    notes += vocabulary_notes
    return tables_from_store(
        store, key_map,
        source=source or str(path),
        format=format_label,
        settings={},
        expects_head=key_map is NANOGPT or _head_expected(keys, key_map, base),
        vocabulary=vocabulary,
        model_path=None,
        notes=notes,
        missing_hint=msg("err.ckpt.state_dict_hint", architecture=key_map.architecture),
    )
