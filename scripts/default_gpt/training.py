"""The model and its training loop: a small GPT-2 with an untied head, on the CPU.

The loop follows nanoGPT's ``train.py``: random crops of ``n_positions + 1``
tokens from the concatenated token stream (so every position 0..n_positions-1
gets gradient on every step), AdamW with decay on matrices only, linear warm-up
then cosine decay of the learning rate, gradient clipping, a fixed validation
set evaluated at fixed steps. Everything random draws from one seed.

The weights kept are an exponential moving average of the trained ones
(Polyak averaging, as in TensorFlow's ``ExponentialMovingAverage`` with its
``num_updates`` warm-up): it averages away the step-to-step noise that Adam
leaves in every weight, most visibly in the position table, whose rows each
see only ``batch_size`` tokens a step.
"""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass

import numpy as np
import torch


@dataclass(frozen=True)
class TrainSettings:
    """Model shape and optimisation settings (the defaults are the shipped model's)."""

    vocab_size: int = 4096
    n_positions: int = 256
    d_model: int = 128
    n_layer: int = 4
    n_head: int = 4
    batch_size: int = 8  # sequences of n_positions tokens per step
    steps: int = 2000
    learning_rate: float = 2e-3  # peak
    min_learning_rate: float = 2e-4  # end of the cosine decay
    warmup_steps: int = 50
    weight_decay: float = 0.1
    position_init: str = "zeros"  # "zeros" (minGPT) or "normal" (GPT-2/nanoGPT: N(0, 0.02))
    position_lr_scale: float = 1.0  # the position table's learning rate, as a multiple of the others'
    position_weight_decay: float = 0.0  # minGPT does not decay its position table
    grad_clip: float = 1.0
    ema_decay: float = 0.998  # the shipped weights are this moving average of the trained ones
    eval_every: int = 100
    eval_batches: int = 10
    seed: int = 1337
    threads: int = 2

    def as_dict(self) -> dict:
        return asdict(self)


def build_model(settings: TrainSettings):
    """A freshly initialised ``GPT2LMHeadModel`` with an untied head and learned positions.

    ``activation_function="gelu"`` (exact GELU) instead of GPT-2's tanh
    approximation, so the nanoGPT export (which uses ``nn.GELU()``) computes the same
    function. Dropout is off: the model sees each token about once.

    ``position_init="zeros"`` starts the position table at zero, as minGPT did
    (``nn.Parameter(torch.zeros(1, block_size, n_embd))``), so the whole table
    is what training wrote; GPT-2's N(0, 0.02) start leaves random rows that a
    short run cannot wash out.
    """
    from transformers import GPT2Config, GPT2LMHeadModel

    config = GPT2Config(
        vocab_size=settings.vocab_size, n_positions=settings.n_positions, n_embd=settings.d_model,
        n_layer=settings.n_layer, n_head=settings.n_head, activation_function="gelu",
        resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, tie_word_embeddings=False,
        bos_token_id=0, eos_token_id=0,
    )
    model = GPT2LMHeadModel(config)
    if settings.position_init == "zeros":
        torch.nn.init.zeros_(model.transformer.wpe.weight)
    elif settings.position_init != "normal":
        raise ValueError(f"position_init must be 'zeros' or 'normal', not {settings.position_init!r}")
    return model


def learning_rate_at(step: int, settings: TrainSettings) -> float:
    """nanoGPT's schedule: linear warm-up, then cosine decay to ``min_learning_rate``."""
    if step < settings.warmup_steps:
        return settings.learning_rate * (step + 1) / settings.warmup_steps
    progress = (step - settings.warmup_steps) / max(1, settings.steps - settings.warmup_steps)
    cosine = 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))
    return settings.min_learning_rate + cosine * (settings.learning_rate - settings.min_learning_rate)


def sample_batch(tokens: np.ndarray, settings: TrainSettings, rng: np.random.Generator) -> torch.Tensor:
    """Random crops ``(batch_size, n_positions + 1)`` int64 from the token stream."""
    starts = rng.integers(0, len(tokens) - settings.n_positions - 1, size=settings.batch_size)
    return torch.from_numpy(np.stack([tokens[s:s + settings.n_positions + 1] for s in starts]).astype(np.int64))


def _optimizer(model, settings: TrainSettings) -> torch.optim.Optimizer:
    # nanoGPT: decay every matrix, never biases or LayerNorm gains; the position
    # table has its own group (minGPT leaves it undecayed).
    position = model.transformer.wpe.weight
    params = [p for p in model.parameters() if p.requires_grad and p is not position]
    groups = [
        {"params": [p for p in params if p.dim() >= 2], "weight_decay": settings.weight_decay, "lr_scale": 1.0},
        {"params": [p for p in params if p.dim() < 2], "weight_decay": 0.0, "lr_scale": 1.0},
        {"params": [position], "weight_decay": settings.position_weight_decay,
         "lr_scale": settings.position_lr_scale},
    ]
    return torch.optim.AdamW(groups, lr=settings.learning_rate, betas=(0.9, 0.95))


def next_token_loss(model, batch: torch.Tensor) -> torch.Tensor:
    """Mean cross-entropy (nats per token) of predicting ``batch[:, 1:]`` from ``batch[:, :-1]``.

    Computed here rather than through ``labels=``, whose internal shift would
    drop the last of the ``n_positions`` predictions.
    """
    logits = model(input_ids=batch[:, :-1]).logits  # (B, T, vocab_size)
    return torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), batch[:, 1:].reshape(-1))


@torch.no_grad()
def evaluate(model, batches: list[torch.Tensor]) -> float:
    """Mean next-token cross-entropy (nats per token) over fixed batches."""
    model.eval()
    losses = [float(next_token_loss(model, b)) for b in batches]
    model.train()
    return float(np.mean(losses))


class WeightAverage:
    """Exponential moving average of a model's parameters, kept in a copy of the model.

    Decay at update k is ``min(decay, (1 + k) / (10 + k))``, so early updates
    do not drag the average towards the initial weights.
    """

    def __init__(self, model, decay: float) -> None:
        import copy

        self.model = copy.deepcopy(model)
        self.decay = decay
        self.updates = 0

    @torch.no_grad()
    def update(self, model) -> None:
        decay = min(self.decay, (1 + self.updates) / (10 + self.updates))
        for average, current in zip(self.model.parameters(), model.parameters()):
            average.lerp_(current.detach(), 1.0 - decay)
        self.updates += 1


def train(model, train_tokens: np.ndarray, val_tokens: np.ndarray, settings: TrainSettings, log=print,
          snapshots=None) -> dict:
    """Train ``model`` in place; it ends holding the averaged weights.

    Args:
        train_tokens / val_tokens: token ids ``(n_tokens,)`` int, pages joined by ``<|endoftext|>``.
        snapshots: a ``SnapshotWriter`` (or None), shown the averaged model after
            every step; it only reads, so the run is the same with or without it.

    Returns:
        History: ``train_loss`` per step (nats per token); ``val_loss`` and
        ``position_cosine`` (mean adjacent-position cosine) of the averaged
        weights as ``[step, value]`` pairs, ``raw_val_loss`` and
        ``raw_position_cosine`` the same for the trained weights; ``seconds``
        of wall time and ``cpu_seconds`` of CPU time (all threads) for the loop.
    """
    torch.set_num_threads(settings.threads)
    rng = np.random.default_rng(settings.seed)
    val_rng = np.random.default_rng(settings.seed + 1)
    val_batches = [sample_batch(val_tokens, settings, val_rng) for _ in range(settings.eval_batches)]
    optimizer = _optimizer(model, settings)
    history = {"train_loss": [], "learning_rate": [], "val_loss": [], "position_cosine": [], "raw_val_loss": [],
               "raw_position_cosine": []}
    average = WeightAverage(model, settings.ema_decay)
    started, cpu_started = time.perf_counter(), time.process_time()
    model.train()
    for step in range(settings.steps):
        if snapshots is not None:
            snapshots.maybe_save(step, average.model)
        if step % settings.eval_every == 0:
            _record(history, step, model, average.model, val_batches, time.perf_counter() - started, log)
        lr = learning_rate_at(step, settings)
        for group in optimizer.param_groups:
            group["lr"] = lr * group["lr_scale"]
        batch = sample_batch(train_tokens, settings, rng)
        loss = next_token_loss(model, batch)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), settings.grad_clip)
        optimizer.step()
        average.update(model)
        history["train_loss"].append(float(loss.detach()))
        history["learning_rate"].append(lr)
    history["seconds"] = time.perf_counter() - started
    history["cpu_seconds"] = time.process_time() - cpu_started  # all threads together
    _record(history, settings.steps, model, average.model, val_batches, history["seconds"], log)
    if snapshots is not None:
        snapshots.maybe_save(settings.steps, average.model)
    model.load_state_dict(average.model.state_dict())
    return history


def _position_cosine(model) -> float | None:
    from scripts.default_gpt.quality import adjacent_position_cosine

    position = model.transformer.wpe.weight.detach().numpy()
    # A zero-initialised table has no direction before the first step.
    return adjacent_position_cosine(position) if (position != 0).any(axis=1).all() else None


def _record(history: dict, step: int, model, averaged, val_batches, seconds: float, log) -> None:
    for prefix, which in (("", averaged), ("raw_", model)):
        history[prefix + "val_loss"].append([step, evaluate(which, val_batches)])
        history[prefix + "position_cosine"].append([step, _position_cosine(which)])
    shown = {key: history[key][-1][1] for key in ("val_loss", "position_cosine", "raw_val_loss", "raw_position_cosine")}
    shown = {key: "-" if value is None else f"{value:.3f}" for key, value in shown.items()}
    log(f"step {step:5d}  averaged: val {shown['val_loss']}  adjacent cosine {shown['position_cosine']}  |  "
        f"trained: val {shown['raw_val_loss']}  adjacent cosine {shown['raw_position_cosine']}  {seconds:6.0f}s")
