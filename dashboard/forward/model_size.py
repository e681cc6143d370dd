"""Refuse a config that asks for a bigger model than its checkpoint stores, before anything real is built.

Anyone can write a config, so layers are bounded by the stored parameters and :data:`MAX_LAYERS`; the model is
then built on PyTorch's meta device (https://pytorch.org/docs/stable/meta.html) and its float32 size compared.
"""

from __future__ import annotations

from typing import Any, Callable

import torch

from dashboard.errors import ForwardUnavailableError
from dashboard.i18n import msg

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
