"""Build a checkpoint's whole model with ``transformers`` for a forward pass.

:data:`BUILDERS` handles a Hugging Face folder, a GGUF file (dequantised by ``gguf``; needs ``accelerate``) and a
nanoGPT ``ckpt.pt`` (mapped onto GPT-2). Models are float32, eval mode, eager attention (so weights can be returned).
Anyone can write a config, so :func:`check_model_size` first bounds layers by the stored parameters and
:data:`MAX_LAYERS`, builds the model on PyTorch's meta device (https://pytorch.org/docs/stable/meta.html) and
compares its float32 size.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple

import torch

from dashboard.checkpoints.keymaps import KEY_MAPS
from dashboard.checkpoints.metadata import read_config
from dashboard import forward  # its nanoGPT builder, and the torch file reader with it, load on first use
from dashboard.errors import ExplorerError, ForwardUnavailableError
from dashboard.forward.positions import check_removable
from dashboard.i18n import Text, join_messages, msg
from dashboard.tables import EmbeddingTables
from dashboard.wall.models import export_model
from dashboard.wall.tables import is_trusted

#: Suffixes of torch pickles that may hold a nanoGPT checkpoint.
TORCH_SUFFIXES = (".pt", ".pth", ".ckpt")
#: PyTorch's intra-op threads in :func:`forward_pass`: a short prompt gains little from more, and on a busy server
#: the threads wait for each other at every operation (docs/benchmarks.md, "Measured by hand").
FORWARD_THREADS = 1


@dataclass(frozen=True, eq=False)
class ForwardModel:
    """A whole model, ready for forward passes with and without positions.

    Attributes:
        module: the ``transformers`` model, float32, eval mode, eager attention.
        architecture: canonical name from the model's config (``bert``, ``gpt2``, ``llama`` ...), a key of ``KEY_MAPS``.
        position_kind: ``learned`` or ``rotary``: what removing positions means.
        causal: True when attention is masked to earlier positions.
        has_lm_head: True when the model predicts the next token.
        describe: one line: class and checkpoint it was built from.
        lock: held for a whole forward pass: sessions share the model, and a position-removing hook must not
            reach a concurrent pass.
    """

    module: torch.nn.Module
    architecture: str
    position_kind: str
    causal: bool
    has_lm_head: bool
    describe: str
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)


@contextmanager
def forward_pass(model: ForwardModel) -> Iterator[None]:
    """Hold ``model``'s lock with gradients off and :data:`FORWARD_THREADS` threads (restored after; OpenMP keeps
    the count per thread, so it is set in the thread that runs the pass)."""
    with model.lock, torch.no_grad():
        threads = torch.get_num_threads()
        torch.set_num_threads(FORWARD_THREADS)
        try:
            yield
        finally:
            torch.set_num_threads(threads)


def _missing_weights(info: dict, module: torch.nn.Module) -> list[str]:
    missing = set(info.get("missing_keys") or ())
    if getattr(module.config, "tie_word_embeddings", False):
        missing -= {"lm_head.weight"}
    return sorted(missing)


def _hf_auto_class(config) -> type:
    key_map = KEY_MAPS.get(config.model_type)
    if key_map is None:
        raise ForwardUnavailableError(msg("err.forward.model_type", model_type=config.model_type,
                                          supported=", ".join(sorted(KEY_MAPS))))
    from transformers import AutoModel, AutoModelForCausalLM

    return AutoModelForCausalLM if key_map.causal else AutoModel


def _configure_hf_folder(path: Path) -> tuple[Any, Callable[[Any], torch.nn.Module]]:
    from transformers import AutoConfig

    read_config(path)  # the fields transformers builds from, checked by our schema first (typed, one line)
    config = AutoConfig.from_pretrained(str(path), local_files_only=True)
    auto = _hf_auto_class(config)
    return config, lambda c: auto.from_config(c, attn_implementation="eager")


def _build_hf_folder(path: Path, config: Any) -> torch.nn.Module:
    auto = _hf_auto_class(config)
    module, info = auto.from_pretrained(str(path), config=config, local_files_only=True, attn_implementation="eager",
                                        dtype=torch.float32, output_loading_info=True)
    missing = _missing_weights(info, module)
    if missing:
        raise ForwardUnavailableError(msg("err.forward.missing_weights", path=path, count=len(missing),
                                          model_type=config.model_type, first=", ".join(missing[:3])))
    return module


def _configure_gguf(path: Path) -> tuple[Any, Callable[[Any], torch.nn.Module]]:
    from transformers import AutoConfig, AutoModelForCausalLM

    config = AutoConfig.from_pretrained(str(path.parent), gguf_file=path.name, local_files_only=True)
    return config, lambda c: AutoModelForCausalLM.from_config(c, attn_implementation="eager")


def _build_gguf(path: Path, config: Any) -> torch.nn.Module:
    from transformers import AutoModelForCausalLM

    # Pass the config already read, or transformers parses the file's metadata (vocabulary, merges) again.
    return AutoModelForCausalLM.from_pretrained(str(path.parent), gguf_file=path.name, config=config,
                                                local_files_only=True, attn_implementation="eager",
                                                dtype=torch.float32)


class Builder(NamedTuple):
    """How to build a runnable model from one kind of file.

    Attributes:
        detect: whether a path is this kind (cheap: names and small files only).
        configure: path -> ``(config, make)``, ``make(config)`` the constructor; builds nothing (size is checked first).
        build: the path and the checked config -> a ``torch.nn.Module`` in eval mode.
        describe: the kind, as error messages name it.
    """

    detect: Callable[[Path], bool]
    configure: Callable[[Path], tuple[Any, Callable[[Any], torch.nn.Module]]]
    build: Callable[[Path, Any], torch.nn.Module]
    describe: str


#: Kind of file -> how to build a model from it, tried in this order.
BUILDERS: dict[str, Builder] = {
    "hf-folder": Builder(lambda p: p.is_dir() and (p / "config.json").is_file(), _configure_hf_folder,
                         _build_hf_folder, msg("err.forward.kind.hf_folder")),
    "gguf": Builder(lambda p: p.is_file() and p.suffix == ".gguf", _configure_gguf, _build_gguf,
                    msg("err.forward.kind.gguf")),
    "nanogpt": Builder(lambda p: p.is_file() and p.suffix in TORCH_SUFFIXES, lambda p: forward.configure_nanogpt(p),
                       lambda p, config: forward.build_nanogpt(p, config), msg("err.forward.kind.nanogpt")),
}


def forward_unavailable_reason(tables: EmbeddingTables) -> Text | None:
    """Why no forward pass can be built, decided without loading anything; ``None`` if one may be."""
    if tables.model_path is None:
        return msg("err.forward.bare_table", name=tables.name, format=tables.format)
    path = Path(tables.model_path)
    if not any(builder.detect(path) for builder in BUILDERS.values()):
        kinds = join_messages(b.describe for b in BUILDERS.values())
        return msg("err.forward.unsupported_file", kinds=kinds, name=path.name)
    return None


def build_module(path: Path, stored: int, d_model: int) -> torch.nn.Module:
    """Build the model of the file or folder ``path`` once its config's size is checked against ``stored``.

    Raises:
        ForwardUnavailableError: no builder detects it, the config is too big for the weights, or ``transformers``
            refused the config or the weights (its reason).
        MetadataError: a config field of the wrong type.
    """
    builder = next((b for b in BUILDERS.values() if b.detect(path)), None)
    if builder is None:
        raise ForwardUnavailableError(msg("err.forward.unsupported_file", name=path.name,
                                          kinds=join_messages(b.describe for b in BUILDERS.values())))
    try:
        config, make = builder.configure(path)
        check_model_size(config, make, int(stored), d_model, path.name)
        return builder.build(path, config)
    except ExplorerError:
        raise
    except (OSError, ValueError, KeyError, RuntimeError, ImportError, TypeError, AttributeError) as error:
        # transformers' own checks of the config and weights (what our schema does not cover) raise these
        raise ForwardUnavailableError(msg("err.forward.transformers_failed", name=path.name,
                                          reason=str(error).splitlines()[0] if str(error) else type(error).__name__)
                                      ) from error


def kept_model_folder(path: Path) -> Path | None:
    """The safetensors folder the bundled GGUF ``path`` is kept in, dequantised; ``None`` for other checkpoints."""
    if not BUILDERS["gguf"].detect(path):
        return None
    from dashboard.disk_cache import kept_path

    return kept_path("models", path)


def _build_kept(path: Path, stored: int, d_model: int) -> torch.nn.Module:
    """A bundled checkpoint's model; a GGUF's comes from a dequantised copy kept at its first build (``precompute
    --prepare``), as dequantising is slow and reading float32 safetensors is fast."""
    kept = kept_model_folder(path)
    if kept is not None and (kept / "config.json").is_file():
        return build_module(kept, stored, d_model)
    module = build_module(path, stored, d_model)
    if kept is not None:
        try:
            _keep(module, kept)
        except OSError:  # a read-only cache: built again next time, served all the same
            pass
    return module


def _build_exported(path: Path, stored: int, d_model: int) -> torch.nn.Module:
    """A stranger's model, built behind the wall into safetensors that this process reads (never the stranger's
    pickle, GGUF or zip); the export is kept in the cache (``exports``, pruned like the maps), so the same files are
    not built again."""
    from dashboard.disk_cache import cache_dir, kept_path, prune

    try:
        kept = kept_path("exports", path)
    except OSError:  # an entry that cannot be read: built, not kept
        kept = None
    if kept is not None and (kept / "config.json").is_file():
        with contextlib.suppress(OSError):
            os.utime(kept)  # used: the newest for prune()
        return build_module(kept, stored, d_model)
    exported, folder = export_model(path, stored, d_model)
    try:
        module = build_module(exported, stored, d_model)
    finally:
        shutil.rmtree(folder, ignore_errors=True)  # the model's tensors are in memory by now
    if kept is not None:
        with contextlib.suppress(OSError):  # a read-only or full cache: built again next time
            _keep(module, kept)
            prune(cache_dir(), keep=kept)
    return module


def save_model_folder(module: torch.nn.Module, folder: Path) -> None:
    """Save ``module`` as a Hugging Face folder: ``config.json`` and ``model.safetensors`` (tied weights once).

    Not ``save_pretrained``: it refuses a model read from GGUF, even once it is float32."""
    from safetensors.torch import save_model

    module.config.save_pretrained(str(folder))
    save_model(module, str(folder / "model.safetensors"), metadata={"format": "pt"})


def _keep(module: torch.nn.Module, kept: Path) -> None:
    """Save into a temporary sibling folder, then rename: a reader never sees half a model."""
    import tempfile

    kept.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(dir=kept.parent, prefix=".keeping-"))
    try:
        save_model_folder(module, scratch)
        for file in scratch.iterdir():
            os.chmod(file, 0o644)  # safetensors writes its file private; a cache is for whoever serves the app
        os.chmod(scratch, 0o755)
        os.replace(scratch, kept)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def load_forward_model(tables: EmbeddingTables) -> ForwardModel:
    """Build the whole model ``tables.model_path`` holds (a stranger's behind the wall, :mod:`dashboard.wall.models`).

    Raises:
        ForwardUnavailableError: bare table, unsupported file or architecture, a config asking for a bigger
            model than the weights hold, missing weights, or positions that cannot be removed.
        MetadataError: a config field of the wrong type.
        ChildLimitError: a stranger's files crashed the building child or exceeded its memory or time cap.
        BusyError: the machine was too busy to build it in time (never cached).
    """
    reason = forward_unavailable_reason(tables)
    if reason:
        raise ForwardUnavailableError(reason)
    path, stored = Path(tables.model_path), int(tables.total_parameters or tables.token.size)
    build = _build_kept if is_trusted(path) else _build_exported
    module = build(path, stored, tables.d_model).to(torch.float32).eval()
    architecture = module.config.model_type
    key_map = KEY_MAPS.get(architecture)
    if key_map is None:
        raise ForwardUnavailableError(msg("err.forward.model_type_built", model_type=architecture))
    check_removable(module, architecture, key_map.position_kind)
    return ForwardModel(
        module=module,
        architecture=architecture,
        position_kind=key_map.position_kind,
        causal=key_map.causal,
        has_lm_head=module.get_output_embeddings() is not None,
        describe=msg("note.forward.model_built", kind=type(module).__name__, name=tables.name),
    )


#: Fewest parameters one block holds, in units of d_model (two norm weights).
MIN_LAYER_WIDTHS = 2
#: Most layers any config may ask for (Llama 3.1 405B has 126): the stored-parameter bound alone counts tensors
#: the model never loads.
MAX_LAYERS = 256
#: Room for what a model adds to its stored weights: buffers (rotary frequencies, position ids), a tied head.
RELATIVE_SLACK = 1.05
SLACK_BYTES = 64 * 2**20
_FLOAT32_BYTES = 4


def count_model_bytes(module: torch.nn.Module) -> int:
    """Bytes of a model built in float32: its parameters (each shared one once) at 4 bytes, plus its buffers."""
    parameters = sum(p.numel() for p in module.parameters())
    buffers = sum(b.numel() * b.element_size() for b in module.buffers())
    return parameters * _FLOAT32_BYTES + buffers


def check_model_size(config: Any, make: Callable[[Any], torch.nn.Module], stored: int, d_model: int,
                     origin: str) -> int:
    """Refuse a config that asks for a bigger model than the checkpoint stores, building nothing real.

    Args:
        make: ``make(config) -> torch.nn.Module``, the model's constructor; called once, on the meta device.
        stored: parameters the checkpoint stores (``EmbeddingTables.total_parameters``, else its token table's).
        origin: the checkpoint's name, for messages.

    Returns:
        The model's size in bytes once built in float32.

    Raises:
        ForwardUnavailableError: more than :data:`MAX_LAYERS` layers, or more layers or bytes than ``stored`` fills.
    """
    layers = getattr(config, "num_hidden_layers", None)
    if isinstance(layers, int) and layers > MAX_LAYERS:
        raise ForwardUnavailableError(msg("err.forward.layers_over_cap", origin=origin, layers=layers,
                                          most=MAX_LAYERS))
    if isinstance(layers, int) and layers * MIN_LAYER_WIDTHS * d_model > stored:
        raise ForwardUnavailableError(msg("err.forward.too_many_layers", origin=origin, layers=layers,
                                          d_model=d_model, stored=stored))
    with torch.device("meta"):
        asked = count_model_bytes(make(config))
    allowed = stored * _FLOAT32_BYTES * RELATIVE_SLACK + SLACK_BYTES
    if asked > allowed:
        raise ForwardUnavailableError(msg("err.forward.too_big", origin=origin, asked_mb=asked / 2**20,
                                          stored=stored, stored_mb=stored * _FLOAT32_BYTES / 2**20))
    return asked
