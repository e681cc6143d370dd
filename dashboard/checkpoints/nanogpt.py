"""Reader for nanoGPT training checkpoints (``out/ckpt.pt``).

Source: karpathy/nanoGPT ``train.py`` saves ``{'model', 'optimizer', 'model_args', 'iter_num', 'best_val_loss',
'config'}`` with ``torch.save``; ``data/*/prepare.py`` writes ``meta.pkl`` (``{'vocab_size', 'itos', 'stoi'}``).
Quirks handled:

- loaded ``weights_only=True`` and memory-mapped: the optimizer state is never read;
- ``_orig_mod.`` (``torch.compile``) and ``module.`` (DDP) prefixes stripped and reported;
- ``lm_head.weight`` and ``transformer.wte.weight`` are one storage (tied by assignment) -> ``tied-shared``;
- GPT-2's vocabulary padded from 50,257 to 50,304 rows: the 47 extra rows are unused, not labelled;
- ``meta.pkl`` beside the checkpoint gives characters or words (plain-data unpickler only); without it rows are
  ``#id`` and a note says what to put beside the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from dashboard.checkpoints.file_kinds import TORCH_SUFFIXES
from dashboard.checkpoints.hf_folder import tables_from_store
from dashboard.checkpoints.keymaps import NANOGPT, NANOGPT_PADDED_VOCAB, canonical_settings
from dashboard.checkpoints.metadata import Metadata
from dashboard.checkpoints.plain_pickle import load_plain_pickle
from dashboard.checkpoints.token_text import readable_tokens
from dashboard.checkpoints.torch_pickle import is_torch_zip, load_torch_file
from dashboard.checkpoints.torch_store import TorchStore, tensor_mapping
from dashboard.checkpoints.vocab_files import vocabulary_beside
from dashboard.checkpoints.wrappers import strip_wrapper_prefixes
from dashboard.errors import CheckpointReadError, ExplorerError, MetadataError, ShapeMismatchError
from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables, Vocabulary

#: Keys every nanoGPT checkpoint dict has.
_REQUIRED = ("model", "model_args")
#: Training settings worth showing, copied from ``config`` when present.
_CONFIG_KEYS = ("dataset", "batch_size", "learning_rate", "max_iters")
#: Rows of GPT-2's vocabulary as nanoGPT stores it: 50,257 tokens, or padded to 50,304 for speed.
_GPT2_ROWS = (50257, *NANOGPT_PADDED_VOCAB)


def is_nanogpt_checkpoint(path: Path) -> bool:
    """True for a ``torch.save`` zip whose top-level dict has ``model`` and ``model_args`` (only the pickle is read).

    A file that cannot be loaded safely is left to the bare state-dict reader, which says why.
    """
    if not (path.is_file() and path.suffix.lower() in TORCH_SUFFIXES and is_torch_zip(path)):
        return False
    try:
        obj = load_torch_file(path)
    except ExplorerError:
        return False
    return isinstance(obj, Mapping) and all(k in obj for k in _REQUIRED)


def read_meta_vocabulary(path: Path) -> Vocabulary:
    """The vocabulary of a nanoGPT ``meta.pkl`` (``itos``: id -> character, or id -> word).

    Scheme ``characters`` as ``prepare.py`` writes, or ``plain`` (words) when most tokens are longer than one character.

    Raises:
        UnsafeCheckpointError: the pickle asks for anything but plain data.
        MetadataError: a field of the wrong type, or ``itos`` ids that are not 0..n-1.
        CheckpointReadError: no ``itos`` mapping.
    """
    meta = Metadata(load_plain_pickle(path), "meta.pkl", path.name)
    itos = meta.get("itos")
    if not itos:
        raise CheckpointReadError(msg("err.ckpt.meta_no_itos", name=path.name))
    if set(itos) != set(range(len(itos))):
        raise MetadataError(msg("err.ckpt.meta_itos_gaps", name=path.name, last=len(itos) - 1))
    raw = tuple(itos[i] for i in range(len(itos)))
    scheme = "plain" if is_word_vocabulary(raw) else "characters"
    return Vocabulary(raw, readable_tokens(raw, scheme), frozenset(), scheme)


def is_word_vocabulary(raw: tuple[str, ...]) -> bool:
    """Whether most tokens are longer than one character (words, not nanoGPT's characters)."""
    return sum(len(token) > 1 for token in raw) * 2 > len(raw)


def _no_tokenizer_advice(path: Path, rows: int | None) -> str:
    """What to put beside ``ckpt.pt`` so that its rows get token strings instead of ``#id``."""
    if rows in _GPT2_ROWS:
        return msg("note.ckpt.nanogpt_gpt2_no_tokenizer", name=path.name, rows=rows)
    return msg("note.ckpt.nanogpt_no_tokenizer", name=path.name)


def _check_model_args(settings: dict[str, Any], store: TorchStore, source: str) -> None:
    position_key = "transformer.wpe.weight"
    declared = settings.get("n_positions")
    if declared is not None and position_key in store.keys() and store.shape(position_key)[0] != declared:
        raise ShapeMismatchError(msg("err.ckpt.nanogpt_block_size", source=source, declared=declared,
                                     rows=store.shape(position_key)[0]))


def read_nanogpt(path: Path, source: str | None = None) -> EmbeddingTables:
    """Read the embedding tables of a nanoGPT ``ckpt.pt``.

    Raises:
        UnsafeCheckpointError: the checkpoint or ``meta.pkl`` asks for objects safe loading refuses.
        CheckpointReadError: damaged file, or ``model`` of the wrong type.
        MetadataError: ``model_args`` not a dict, or one of its fields of the wrong type.
        ShapeMismatchError: ``model_args`` contradict the tensors, or ``meta.pkl`` has more characters than rows.
    """
    source = source or str(path)
    checkpoint = load_torch_file(path)
    if not isinstance(checkpoint, Mapping) or "model" not in checkpoint:
        raise CheckpointReadError(msg("err.ckpt.nanogpt_no_model", name=path.name))
    model_args = Metadata(checkpoint.get("model_args"), "model_args", msg("err.ckpt.origin.model_args", name=path.name))
    store, notes = strip_wrapper_prefixes(TorchStore(tensor_mapping(checkpoint["model"],
                                                                    msg("err.ckpt.origin.model", name=path.name))))
    settings = canonical_settings(model_args)
    _check_model_args(settings, store, source)
    vocabulary = None
    if (path.parent / "meta.pkl").is_file():
        vocabulary = read_meta_vocabulary(path.parent / "meta.pkl")
        notes += (msg("note.ckpt.meta_words" if vocabulary.scheme == "plain" else "note.ckpt.meta_characters",
                      name=path.name),)
    rows = settings.get("vocab_size")
    if vocabulary is None:
        token_key = "transformer.wte.weight"
        token_shape = store.shape(token_key) if token_key in store.keys() else ()
        vocabulary, vocabulary_notes = vocabulary_beside(path, token_shape[0] if token_shape else rows)
        notes += vocabulary_notes
    if vocabulary is None:
        notes += (_no_tokenizer_advice(path, rows),)
    if vocabulary is None and rows in NANOGPT_PADDED_VOCAB:
        tokens = NANOGPT_PADDED_VOCAB[rows]
        vocabulary = Vocabulary.placeholder(tokens)
        notes += (msg("note.ckpt.nanogpt_padded", rows=rows, tokens=tokens, last=rows - 1),)
    iteration = checkpoint.get("iter_num")
    config = checkpoint.get("config") if isinstance(checkpoint.get("config"), Mapping) else {}
    extra = {k: config[k] for k in _CONFIG_KEYS if isinstance(config.get(k), (str, int, float))}
    training = {str(k): v for k, v in config.items() if isinstance(v, (str, int, float, bool))}
    if training:
        extra["training_config"] = training
    if isinstance(iteration, int):
        extra["iter_num"] = iteration
        notes += (msg("note.ckpt.nanogpt_iteration", iteration=iteration),)
    loss = checkpoint.get("best_val_loss")
    if loss is not None:
        try:
            extra["best_val_loss"] = float(loss)
        except (TypeError, ValueError, RuntimeError, OverflowError):  # 10**400 has no float
            pass  # a loss of another type is informative only; never fail the load for it
    return tables_from_store(
        store, NANOGPT,
        source=source,
        format="nanogpt",
        settings={**settings, **extra},
        expects_head=True,
        vocabulary=vocabulary,
        model_path=str(path),  # the sentence-reorder demo rebuilds the model from this file
        notes=notes,
        settings_source="model_args",
    )
