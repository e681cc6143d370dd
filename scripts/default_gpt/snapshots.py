"""Training snapshots: the three embedding tables at chosen steps, one safetensors file each.

Contract (``dashboard.checkpoints.runs`` and the Compare page read it):
``DIR/step-NNNNN.safetensors`` (five-digit step), each a bare state dict with
GPT-2 key names ``transformer.wte.weight`` ``(vocab_size, d_model)``,
``transformer.wpe.weight`` ``(n_positions, d_model)`` and ``lm_head.weight``
``(vocab_size, d_model)``, all float16, plus a copy of the run's
``tokenizer.json`` beside them so each file opens with real token labels.

The tables saved are the exponential moving average that the training loop
keeps (what ships as ``model.safetensors``), so the last snapshot is the
shipped model rounded to float16. At step 0 the average is the initialisation.
"""

from __future__ import annotations

from pathlib import Path

#: Roughly doubling gaps: the tables move fastest early (the learning rate
#: peaks at the end of the 50-step warm-up and the loss falls most in the first
#: few hundred steps), so early steps are closer together; 0 is the
#: initialisation and 2000 the shipped model.
SNAPSHOT_STEPS = (0, 50, 100, 250, 500, 1000, 2000)
#: The GPT-2 state-dict names of the three tables, in the order saved.
TABLE_KEYS = ("transformer.wte.weight", "transformer.wpe.weight", "lm_head.weight")
WEIGHTS = "ema"  # which weights a snapshot holds: the moving average, as shipped


def snapshot_name(step: int) -> str:
    """``step-NNNNN.safetensors`` for a step in 0..99999."""
    return f"step-{step:05d}.safetensors"


def snapshot_from_model(model_file: Path, step: int, folder: Path) -> Path:
    """Write the snapshot of ``step`` from a saved model's ``model.safetensors`` (its tables, rounded to float16).

    For the last step of a run whose model is already saved: the file's
    metadata says ``from: model.safetensors``, so a reader can tell it from
    snapshots taken during training.
    """
    from safetensors import safe_open
    from safetensors.torch import save_file

    import torch

    with safe_open(str(model_file), framework="pt") as handle:
        tables = {key: handle.get_tensor(key).to(torch.float16).contiguous() for key in TABLE_KEYS}
    Path(folder).mkdir(parents=True, exist_ok=True)
    path = Path(folder) / snapshot_name(step)
    save_file(tables, str(path), metadata={"step": str(step), "weights": WEIGHTS, "from": Path(model_file).name})
    return path


def write_run_log(folder: Path, history: dict, steps: list[int], extra: dict | None = None) -> Path:
    """``training_log.json`` beside the snapshots: the losses a page draws under them.

    Args:
        folder: the snapshot folder.
        history: :func:`scripts.default_gpt.training.train`'s history
            (``train_loss`` one value a step, ``val_loss`` / ``raw_val_loss``
            ``[step, loss]`` pairs, nats per token).
        steps: the snapshot steps written.
        extra: more entries for the log (how the snapshots were made).
    """
    import json

    log = {"weights": WEIGHTS, "snapshot_steps": list(steps), "train_loss": history["train_loss"],
           "val_loss": history["val_loss"], "raw_val_loss": history["raw_val_loss"], **(extra or {})}
    path = Path(folder) / "training_log.json"
    path.write_text(json.dumps(log) + "\n")
    return path


class SnapshotWriter:
    """Saves the tables of a ``GPT2LMHeadModel`` at ``steps`` into ``folder``.

    Only reads the model (``detach().to(float16)`` copies), so the training's
    random stream and final weights are the same with or without it.
    """

    def __init__(self, folder: Path, steps: tuple[int, ...] = SNAPSHOT_STEPS) -> None:
        self.folder = Path(folder)
        self.steps = frozenset(steps)
        self.saved: list[int] = []
        self.weights = WEIGHTS

    def maybe_save(self, step: int, model) -> None:
        """Write ``model``'s tables if ``step`` (updates taken so far) is one of ``steps``."""
        if step not in self.steps:
            return
        import torch
        from safetensors.torch import save_file

        state = dict(model.state_dict())
        tables = {key: state[key].detach().to(torch.float16).contiguous().clone() for key in TABLE_KEYS}
        self.folder.mkdir(parents=True, exist_ok=True)
        save_file(tables, str(self.folder / snapshot_name(step)), metadata={"step": str(step), "weights": WEIGHTS})
        self.saved.append(step)
