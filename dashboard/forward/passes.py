"""One forward pass of one sentence, with or without positions, recording a :class:`ForwardRecord`."""

from __future__ import annotations

import re
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import torch

from dashboard.errors import ForwardUnavailableError
from dashboard.i18n import msg
from dashboard.forward.loading import ForwardModel, forward_pass
from dashboard.forward.positions import positions_removed

#: Module name of the first layer's attention: BERT ``encoder.layer.0.attention``, GPT-2 ``transformer.h.0.attn``,
#: Llama/OPT ``...layers.0.self_attn``.
FIRST_ATTENTION = re.compile(r"(^|\.)(layer|layers|h)\.0\.(attention|attn|self_attn)$")


@dataclass(frozen=True, eq=False)
class ForwardRecord:
    """What one forward pass of one sentence produced (batch axis dropped).

    Attributes:
        lookup: ``(n_tokens, d_model)`` float32, vectors entering the first block (``hidden_states[0]``).
        attention_weights: ``(n_head, n_tokens, n_tokens)`` float32, first layer, query then key axis, rows sum to 1.
        attention_output: ``(n_tokens, d_model)`` float32, output of the first layer's attention module.
        final: ``(n_tokens, d_model)`` float32, ``hidden_states[-1]`` (after the final norm in ``transformers`` 5).
        next_token_probs: ``(vocab_size,)`` float32 summing to 1, the prediction after the last token; ``None``
            without a head.
    """

    lookup: np.ndarray
    attention_weights: np.ndarray
    attention_output: np.ndarray
    final: np.ndarray
    next_token_probs: np.ndarray | None


def find_first_attention(module: torch.nn.Module) -> torch.nn.Module:
    """The first layer's attention module (see :data:`FIRST_ATTENTION`).

    Raises:
        ForwardUnavailableError: no module matches.
    """
    for name, child in module.named_modules():
        if FIRST_ATTENTION.search(name):
            return child
    raise ForwardUnavailableError(msg("err.forward.no_first_attention", kind=type(module).__name__,
                                      pattern=FIRST_ATTENTION.pattern))


def _numpy(tensor: torch.Tensor) -> np.ndarray:
    return tensor.detach().to(torch.float32).numpy().copy()


def run_forward(model: ForwardModel, ids: Sequence[int], *, with_positions: bool) -> ForwardRecord:
    """Run one sentence through the whole model and record its arrays.

    Args:
        ids: token ids, 0-based, one per position.
        with_positions: False zeroes the learned position table or makes the rotary rotation the identity.
    """
    captured: dict[str, torch.Tensor] = {}

    def keep_output(module, args, output):
        captured["attention_output"] = output[0] if isinstance(output, tuple) else output

    with forward_pass(model):
        handle = find_first_attention(model.module).register_forward_hook(keep_output)
        removal = nullcontext() if with_positions else positions_removed(model.module, model.architecture,
                                                                          model.position_kind)
        try:
            with torch.no_grad(), removal:
                outputs = model.module(input_ids=torch.tensor([list(ids)], dtype=torch.long),
                                       output_hidden_states=True, output_attentions=True)
        finally:
            handle.remove()
    logits = getattr(outputs, "logits", None)
    probs = None
    if logits is not None:
        probs = _numpy(torch.softmax(logits[0, -1].to(torch.float64), dim=-1))
    return ForwardRecord(
        lookup=_numpy(outputs.hidden_states[0][0]),
        attention_weights=_numpy(outputs.attentions[0][0]),
        attention_output=_numpy(captured["attention_output"][0]),
        final=_numpy(outputs.hidden_states[-1][0]),
        next_token_probs=probs,
    )
