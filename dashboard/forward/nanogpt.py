"""Map nanoGPT checkpoints (karpathy/nanoGPT ``model.py``) onto ``transformers``' GPT-2, for a forward pass.

nanoGPT's ``nn.Linear`` weights are ``(out, in)`` where GPT-2's ``Conv1D`` are ``(in, out)`` (:data:`TRANSPOSED`);
``bias=False`` models get zero biases; the MLP uses exact GELU (``gelu``, not ``gelu_new``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

import torch

from dashboard.checkpoints.metadata import Metadata
from dashboard.checkpoints.torch_pickle import load_torch_file
from dashboard.checkpoints.torch_store import tensor_mapping
from dashboard.errors import CheckpointReadError, ForwardUnavailableError
from dashboard.i18n import msg

#: nanoGPT Linear weights stored transposed relative to GPT-2's Conv1D.
TRANSPOSED = ("attn.c_attn.weight", "attn.c_proj.weight", "mlp.c_fc.weight", "mlp.c_proj.weight")
#: Wrapper prefixes left by torch.compile and DistributedDataParallel.
WRAPPER_PREFIXES = ("_orig_mod.", "module.")
#: model_args keys a GPT-2 config cannot be built without.
REQUIRED_ARGS = ("n_layer", "n_head", "n_embd", "block_size", "vocab_size")


def strip_wrapper_prefixes(state_dict: Mapping[str, torch.Tensor]) -> dict[str, torch.Tensor]:
    """Keys without ``_orig_mod.`` / ``module.`` prefixes (several may be stacked)."""
    stripped = {}
    for key, value in state_dict.items():
        while key.startswith(WRAPPER_PREFIXES):
            key = key.split(".", 1)[1]
        stripped[key] = value
    return stripped


def gpt2_config_from_nanogpt(state_dict: Mapping[str, torch.Tensor], model_args: Mapping[str, Any]):
    """The ``transformers.GPT2Config`` a nanoGPT model maps onto (``state_dict`` prefixes stripped; nothing built).

    Raises:
        CheckpointReadError: ``model_args`` lacks a size.
    """
    from transformers import GPT2Config

    missing_args = [name for name in REQUIRED_ARGS if model_args.get(name) is None]
    if missing_args:
        raise CheckpointReadError(msg("err.forward.nanogpt_args_missing", missing=", ".join(missing_args)))
    token = state_dict.get("transformer.wte.weight")
    head = state_dict.get("lm_head.weight")
    tied = head is None or (token is not None and head.shape == token.shape and torch.equal(head, token))
    return GPT2Config(
        vocab_size=model_args["vocab_size"], n_positions=model_args["block_size"], n_embd=model_args["n_embd"],
        n_layer=model_args["n_layer"], n_head=model_args["n_head"],
        activation_function="gelu", layer_norm_epsilon=1e-5, resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0,
        tie_word_embeddings=tied, bos_token_id=None, eos_token_id=None,
    )


def gpt2_from_nanogpt(state_dict: Mapping[str, torch.Tensor], model_args: Mapping[str, Any]):
    """Build a float32 ``GPT2LMHeadModel`` (eval mode, eager attention) whose logits equal the nanoGPT model's.

    Args:
        state_dict: nanoGPT's ``model.state_dict()`` (``c_attn.weight`` ``(3 * d_model, d_model)``), prefixes allowed.
        model_args: ``n_layer``, ``n_head``, ``n_embd``, ``block_size``, ``vocab_size``, optional ``bias``.

    Returns:
        The model, tied when ``lm_head.weight`` is absent or equal to the token table.

    Raises:
        CheckpointReadError: ``model_args`` lacks a size, or a tensor is missing or of the wrong shape.
    """
    from transformers import GPT2LMHeadModel

    source = strip_wrapper_prefixes(state_dict)
    config = gpt2_config_from_nanogpt(source, model_args)
    token = source.get("transformer.wte.weight")
    tied = config.tie_word_embeddings
    model = GPT2LMHeadModel(config)
    target = model.state_dict()
    mapped = {}
    for key, expected in target.items():
        value = source.get(key)
        if value is None and key.endswith(".bias") and not model_args.get("bias", True):
            value = torch.zeros_like(expected)
        if value is None and key == "lm_head.weight" and tied:
            value = token
        if value is None:
            raise CheckpointReadError(msg("err.forward.nanogpt_key_missing", tensor=key,
                                          n_layer=model_args["n_layer"]))
        if key.endswith(TRANSPOSED):
            value = value.t()
        if tuple(value.shape) != tuple(expected.shape):
            raise CheckpointReadError(msg("err.forward.nanogpt_shape", tensor=key, shape=tuple(value.shape),
                                          expected=tuple(expected.shape)))
        mapped[key] = value.to(torch.float32)
    model.load_state_dict(mapped, strict=True)
    model.set_attn_implementation("eager")
    return model.eval()


def read_nanogpt_checkpoint(path: Path) -> tuple[dict[str, torch.Tensor], Mapping[str, Any]]:
    """The state dict and ``model_args`` of a nanoGPT ``ckpt.pt``, read by the safe loader (``weights_only=True``).

    Raises:
        UnsafeCheckpointError: the pickle asks for objects safe loading refuses (the message names them).
        ForwardUnavailableError: a state dict without ``model_args`` (no sizes to build a model from).
        MetadataError: a field of ``model_args`` of the wrong type.
        CheckpointReadError: the file is not a torch checkpoint, or is truncated.
    """
    checkpoint = load_torch_file(path)
    if not isinstance(checkpoint, dict) or "model" not in checkpoint or "model_args" not in checkpoint:
        raise ForwardUnavailableError(msg("err.forward.not_nanogpt", name=path.name))
    model_args = Metadata(checkpoint["model_args"], "model_args", msg("err.ckpt.origin.model_args", name=path.name))
    return tensor_mapping(checkpoint["model"], msg("err.ckpt.origin.model", name=path.name)), model_args


def configure_nanogpt(path: Path) -> tuple[Any, Callable[[Any], torch.nn.Module]]:
    """:class:`~dashboard.forward.loading.Builder`'s ``configure`` for a nanoGPT checkpoint: its GPT-2 config and
    ``GPT2LMHeadModel`` (the constructor whose size is checked before anything is built).

    Raises:
        ExplorerError: as :func:`read_nanogpt_checkpoint` (an unsafe pickle, no ``model_args``, not a checkpoint).
    """
    from transformers import GPT2LMHeadModel

    state_dict, model_args = read_nanogpt_checkpoint(path)
    return gpt2_config_from_nanogpt(strip_wrapper_prefixes(state_dict), model_args), GPT2LMHeadModel


def build_nanogpt(path: Path, config: Any) -> torch.nn.Module:  # noqa: ARG001 (built from the state dict)
    """:class:`~dashboard.forward.loading.Builder`'s ``build``: the checkpoint as a ``GPT2LMHeadModel`` in eval mode.

    Raises:
        ExplorerError: as :func:`read_nanogpt_checkpoint` (an unsafe pickle, no ``model_args``, not a checkpoint).
    """
    state_dict, model_args = read_nanogpt_checkpoint(path)
    return gpt2_from_nanogpt(state_dict, model_args)
