"""Remove position information from a ``transformers`` model by forward hooks, changing no model code.

Learned tables (BERT, GPT-2, OPT): the position embedding's output becomes zeros. Rotary (Llama, Mistral, Qwen):
``rotary_emb``'s ``(cos, sin)`` becomes ``(1, 0)``, so ``q * cos + rotate_half(q) * sin == q`` (``transformers``
5, ``modeling_llama.py``).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import torch

from dashboard.checkpoints.keymaps import KEY_MAPS
from dashboard.errors import ForwardUnavailableError
from dashboard.i18n import msg

#: Attribute name of the rotary module in transformers' Llama-family models.
ROTARY_MODULE = "rotary_emb"


def find_position_module(model: torch.nn.Module, architecture: str) -> torch.nn.Module:
    """The module that looks up learned position vectors, named by the architecture's key map.

    Raises:
        ForwardUnavailableError: the architecture has no learned table, or the model has no module of that name.
    """
    key_map = KEY_MAPS.get(architecture)
    if key_map is None or key_map.position is None:
        raise ForwardUnavailableError(msg("err.forward.no_learned_positions", architecture=architecture))
    name = key_map.position.removesuffix(".weight")
    for module_name, module in model.named_modules():
        if module_name == name or module_name.endswith("." + name):
            return module
    raise ForwardUnavailableError(msg("err.forward.no_position_module", architecture=architecture, module=name))


def find_rotary_modules(model: torch.nn.Module) -> list[torch.nn.Module]:
    """Every rotary-embedding module (``...rotary_emb``) of the model, maybe none."""
    return [module for name, module in model.named_modules() if name.rsplit(".", 1)[-1] == ROTARY_MODULE]


def _zero_output(module, args, output):
    return torch.zeros_like(output)


def _identity_rotation(module, args, output):
    cos, sin = output
    return torch.ones_like(cos), torch.zeros_like(sin)


def check_removable(model: torch.nn.Module, architecture: str, position_kind: str) -> None:
    """Fail at load time when positions cannot be removed from this model.

    Raises:
        ForwardUnavailableError: the position kind is not ``learned`` or ``rotary``, or the module to hook is missing.
    """
    if position_kind == "learned":
        find_position_module(model, architecture)
    elif position_kind == "rotary":
        if not find_rotary_modules(model):
            raise ForwardUnavailableError(msg("err.forward.no_rotary_module", architecture=architecture,
                                              module=ROTARY_MODULE))
    else:
        raise ForwardUnavailableError(msg("err.forward.positions_not_removable", kind=position_kind))


@contextmanager
def positions_removed(model: torch.nn.Module, architecture: str, position_kind: str) -> Iterator[None]:
    """Within the block, ``model`` runs with no position information (``position_kind`` ``learned`` or ``rotary``).

    Raises:
        ForwardUnavailableError: see :func:`check_removable`.
    """
    check_removable(model, architecture, position_kind)
    if position_kind == "learned":
        handles = [find_position_module(model, architecture).register_forward_hook(_zero_output)]
    else:
        handles = [module.register_forward_hook(_identity_rotation) for module in find_rotary_modules(model)]
    try:
        yield
    finally:
        for handle in handles:
            handle.remove()
