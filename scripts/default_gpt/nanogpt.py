"""Export a Hugging Face GPT-2 model as a nanoGPT ``ckpt.pt``.

Format source: nanoGPT ``train.py`` (what it saves) and ``model.py``
(``GPT.from_pretrained``, which goes the other way). Quirks reproduced:

- keys carry the ``_orig_mod.`` prefix that ``torch.compile`` adds and that
  nanoGPT's ``sample.py`` strips on load;
- nanoGPT uses ``nn.Linear`` where Hugging Face GPT-2 uses ``Conv1D``, so the
  ``c_attn``, ``c_proj`` and ``c_fc`` weights are stored transposed
  (``(out, in)`` instead of ``(in, out)``);
- buffers are not saved (nanoGPT registers no causal-mask buffer when flash
  attention is available);
- ``optimizer`` is left out: it would triple the file and no reader of
  embedding tables needs it.
"""

from __future__ import annotations

from pathlib import Path

import torch

COMPILED_PREFIX = "_orig_mod."
#: Hugging Face Conv1D weights, stored (in, out); nanoGPT's nn.Linear wants (out, in).
TRANSPOSED = ("attn.c_attn.weight", "attn.c_proj.weight", "mlp.c_fc.weight", "mlp.c_proj.weight")


def nanogpt_checkpoint(model, *, iter_num: int, best_val_loss: float, config: dict) -> dict:
    """The dict nanoGPT's ``train.py`` saves, for a ``GPT2LMHeadModel``.

    Args:
        model: a ``transformers`` ``GPT2LMHeadModel`` (biases on, as GPT-2).
        iter_num: training steps taken.
        best_val_loss: validation loss in nats per token.
        config: the training settings (nanoGPT saves its ``train.py`` globals here).

    Returns:
        ``{"model", "model_args", "config", "iter_num", "best_val_loss"}``; the
        state dict holds every parameter (``lm_head.weight`` separately, as
        the head is untied) as contiguous float32 tensors.
    """
    hf = model.config
    state = {}
    for name, tensor in model.named_parameters():
        tensor = tensor.detach()
        if name.endswith(TRANSPOSED):
            tensor = tensor.t()
        state[COMPILED_PREFIX + name] = tensor.contiguous().clone()
    model_args = dict(n_layer=hf.n_layer, n_head=hf.n_head, n_embd=hf.n_embd, block_size=hf.n_positions,
                      bias=True, vocab_size=hf.vocab_size, dropout=0.0)
    return {"model": state, "model_args": model_args, "config": dict(config), "iter_num": int(iter_num),
            "best_val_loss": float(best_val_loss)}


def write_nanogpt_checkpoint(checkpoint: dict, path: Path) -> None:
    """Save with ``torch.save``; the file loads with ``torch.load(..., weights_only=True)``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save(checkpoint, path)
