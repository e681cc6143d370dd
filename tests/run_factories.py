"""Folders of one training run, in each layout :mod:`dashboard.checkpoints.runs` reads, for tests.

- :func:`snapshot_run`: ``step-NNNNN.safetensors`` snapshots like the bundled
  GPT's (float16, GPT-2 names) with ``tokenizer.json`` and ``training_log.json``;
- :func:`nanogpt_run`: ``ckpt_NNNN.pt`` files as nanoGPT's ``train.py`` saves
  them (``torch.save`` of a dict with ``iter_num``), its state-dict layout;
- :func:`trainer_run`: a real ``transformers.Trainer`` run of a tiny GPT-2,
  which writes ``checkpoint-N`` folders with ``trainer_state.json`` itself.

The synthetic runs "train" in a known way: every table moves from its start
along a fixed direction in proportion to the step, and the position table
grows from zero into a smooth (sinusoidal) table, so tests know the answers.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import torch

from dashboard.analysis.sinusoidal import sinusoidal_table
from tests.format_factories import nanogpt_state_dict
from tests.tokenizer_factories import byte_level_tokenizer, byte_level_vocabulary

D_MODEL, N_POSITIONS = 16, 24
STEPS = (0, 10, 20, 40)
LOSSES = {0: 5.5, 10: 4.0, 20: 3.2, 40: 2.9}  # validation loss at each checkpoint, nats per token


def vocab_size() -> int:
    """Tokens of the byte-level test tokenizer (each synthetic table has this many rows)."""
    return len(byte_level_vocabulary()[0])


def synthetic_tables(step: int, last: int = STEPS[-1], seed: int = 0) -> dict[str, np.ndarray]:
    """The token table, position table and head at ``step``: ``start + (step / last) * direction``.

    Returns:
        ``{"token", "position", "head"}``, float32 ``(vocab_size, D_MODEL)`` /
        ``(N_POSITIONS, D_MODEL)`` / ``(vocab_size, D_MODEL)``; the position table
        is zero at step 0 and ``0.1 * sinusoidal`` at ``last``.
    """
    rng = np.random.default_rng(seed)
    rows = vocab_size()
    fraction = step / max(last, 1)
    token = rng.normal(0, 0.02, (rows, D_MODEL)) + fraction * rng.normal(0, 0.05, (rows, D_MODEL))
    head = rng.normal(0, 0.02, (rows, D_MODEL)) + fraction * rng.normal(0, 0.05, (rows, D_MODEL))
    position = fraction * 0.1 * sinusoidal_table(N_POSITIONS, D_MODEL)
    return {"token": token.astype(np.float32), "position": position.astype(np.float32),
            "head": head.astype(np.float32)}


def snapshot_run(folder: Path, steps: tuple[int, ...] = STEPS) -> Path:
    """Snapshots as ``scripts/default_gpt/snapshots.py`` writes them, with the tokenizer and a loss log."""
    from safetensors.torch import save_file

    folder.mkdir(parents=True, exist_ok=True)
    for step in steps:
        tables = synthetic_tables(step, steps[-1])
        save_file({"transformer.wte.weight": torch.from_numpy(tables["token"]).half(),
                   "transformer.wpe.weight": torch.from_numpy(tables["position"]).half(),
                   "lm_head.weight": torch.from_numpy(tables["head"]).half()},
                  str(folder / f"step-{step:05d}.safetensors"), metadata={"step": str(step), "weights": "ema"})
    byte_level_tokenizer().save(str(folder / "tokenizer.json"))
    train_loss = [6.0 - 3.0 * s / steps[-1] for s in range(steps[-1])]
    log = {"weights": "ema", "snapshot_steps": list(steps), "train_loss": train_loss,
           "val_loss": [[s, LOSSES.get(s, 3.0)] for s in steps]}
    (folder / "training_log.json").write_text(json.dumps(log))
    return folder


def nanogpt_run(folder: Path, steps: tuple[int, ...] = STEPS) -> Path:
    """``ckpt_NNNN.pt`` per step (written in reverse step order, so names and times never give the order)."""
    folder.mkdir(parents=True, exist_ok=True)
    rows = vocab_size()
    for step in reversed(steps):
        tables = synthetic_tables(step, steps[-1])
        state = nanogpt_state_dict(vocab_size=rows, d_model=D_MODEL, block_size=N_POSITIONS)
        wte = torch.from_numpy(tables["token"])
        state.update({"transformer.wte.weight": wte, "transformer.wpe.weight": torch.from_numpy(tables["position"]),
                      "lm_head.weight": wte})  # nanoGPT ties the head by assignment
        args = dict(n_layer=2, n_head=2, n_embd=D_MODEL, block_size=N_POSITIONS, bias=True, vocab_size=rows,
                    dropout=0.0)
        # Names that do not sort by step: 0 -> ckpt_a3.pt ... (the reader must use iter_num).
        name = f"ckpt_{'dcba'[steps.index(step)]}{step}.pt"
        torch.save({"model": {"_orig_mod." + k: v for k, v in state.items()}, "model_args": args, "iter_num": step,
                    "best_val_loss": torch.tensor(LOSSES.get(step, 3.0)), "config": {"dataset": "synthetic"}},
                   folder / name)
    byte_level_tokenizer().save(str(folder / "tokenizer.json"))
    return folder


def trainer_run(folder: Path, *, max_steps: int = 6, save_steps: int = 2) -> Path:
    """A real ``transformers.Trainer`` run of a tiny GPT-2 on random tokens, saving every ``save_steps``.

    Returns:
        ``folder``, holding ``checkpoint-2``, ``checkpoint-4``, ... each with
        ``model.safetensors``, ``config.json``, ``trainer_state.json`` and the
        tokenizer (the Trainer saves its ``processing_class``).
    """
    from transformers import GPT2Config, GPT2LMHeadModel, PreTrainedTokenizerFast, Trainer, TrainingArguments

    torch.manual_seed(0)
    rows = vocab_size()
    model = GPT2LMHeadModel(GPT2Config(vocab_size=rows, n_embd=D_MODEL, n_layer=1, n_head=2, n_positions=N_POSITIONS,
                                       tie_word_embeddings=False, bos_token_id=0, eos_token_id=0))
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=byte_level_tokenizer(), eos_token="<|endoftext|>",
                                        pad_token="<|endoftext|>")
    generator = torch.Generator().manual_seed(0)
    data = [{"input_ids": ids, "labels": ids} for ids in torch.randint(0, rows, (16, 12), generator=generator)]
    arguments = TrainingArguments(output_dir=str(folder), max_steps=max_steps, save_steps=save_steps, logging_steps=1,
                                  per_device_train_batch_size=4, learning_rate=1e-2, report_to=[], use_cpu=True,
                                  save_only_model=True, disable_tqdm=True, seed=0)
    Trainer(model=model, args=arguments, train_dataset=data, processing_class=tokenizer).train()
    return folder
