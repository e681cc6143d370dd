"""Finding the checkpoints of one training run in a folder, ordered by step. The first layout that matches wins:

- **snapshots**: ``step-NNNNN.safetensors`` (``scripts/default_gpt/snapshots.py``); an optional
  ``training_log.json`` holds ``train_loss`` (one a step, nats per token) and ``val_loss`` (``[step, loss]`` pairs);
- **nanoGPT**: ``ckpt*.pt`` as ``train.py`` saves them (``iter_num`` the step, ``best_val_loss`` the loss);
- **Hugging Face Trainer**: ``checkpoint-*`` sub-folders whose ``trainer_state.json`` (``transformers.TrainerState``)
  gives ``global_step`` and ``log_history``; one with ``config.json`` but no state takes its step from its name.

Only names and bookkeeping are read here, never the tables.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from dashboard import checkpoints  # the torch file reader loads for a nanoGPT run only
from dashboard.checkpoints.metadata import check_depth
from dashboard.errors import CheckpointReadError, RunError
from dashboard.i18n import msg

SNAPSHOT_NAME = re.compile(r"^step-(\d{5})\.safetensors$")
NANOGPT_NAME = re.compile(r"^ckpt.*\.pt$")
HF_CHECKPOINT_NAME = re.compile(r"^checkpoint-(\d+)$")
RUN_LOG = "training_log.json"
TRAINER_STATE = "trainer_state.json"
#: Layout name -> what a user sees, for messages and captions.
LAYOUTS = {
    "snapshots": msg("runs.layout.snapshots"),
    "nanogpt": msg("runs.layout.nanogpt"),
    "hf-trainer": msg("runs.layout.hf_trainer"),
}
#: The three layouts in one message (``a; b; c``), for captions and errors.
LAYOUT_LIST = msg("runs.layouts", snapshots=LAYOUTS["snapshots"], nanogpt=LAYOUTS["nanogpt"],
                  hf_trainer=LAYOUTS["hf-trainer"])


@dataclass(frozen=True)
class LossPoint:
    """One logged loss.

    Attributes:
        step: training step (optimizer updates taken), >= 0.
        loss: mean next-token cross-entropy, nats per token.
        split: ``train`` or ``validation``.
    """

    step: int
    loss: float
    split: str


@dataclass(frozen=True)
class TrainingRun:
    """The checkpoints of one run, in step order.

    Attributes:
        folder: the run's folder.
        layout: a key of :data:`LAYOUTS`.
        steps: training steps, strictly increasing, one per checkpoint.
        paths: the checkpoint file or folder of each step, same order.
        losses: logged losses, in the order logged (empty when none were found).
        weights: what the checkpoints hold when the run says so (``ema``: a moving average), else ``None``.
    """

    folder: Path
    layout: str
    steps: tuple[int, ...]
    paths: tuple[Path, ...]
    losses: tuple[LossPoint, ...] = field(default=())
    weights: str | None = None

    def path_at(self, step: int) -> Path:
        """The checkpoint of ``step``.

        Raises:
            RunError: ``step`` is not one of :attr:`steps`.
        """
        if step not in self.steps:
            raise RunError(msg("err.runs.no_step", step=step, folder=self.folder.name,
                               steps=", ".join(str(s) for s in self.steps)))
        return self.paths[self.steps.index(step)]


def _read_json(path: Path) -> Any:
    try:
        return check_depth(json.loads(path.read_text(encoding="utf-8")), path.name)
    except RecursionError as error:  # thousands of '[': the parser itself runs out of stack
        raise CheckpointReadError(msg("err.ckpt.meta_recursion", origin=path.name)) from error
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CheckpointReadError(msg("err.runs.bad_json", file=f"{path.parent.name}/{path.name}",
                                      error=error)) from error


def _snapshot_losses(folder: Path) -> tuple[tuple[LossPoint, ...], str | None]:
    log = folder / RUN_LOG
    if not log.is_file():
        return (), None
    data = _read_json(log)
    if not isinstance(data, Mapping):
        raise CheckpointReadError(msg("err.runs.log_not_object", log=log.name, folder=folder.name))
    train, validation = data.get("train_loss") or [], data.get("val_loss") or []
    for key, entries, shape, fits in (("train_loss", train, "[loss, ...]", _is_loss),
                                      ("val_loss", validation, "[[step, loss], ...]", _is_step_and_loss)):
        if not isinstance(entries, list) or not all(map(fits, entries)):
            bad = entries if not isinstance(entries, list) else next(e for e in entries if not fits(e))
            raise CheckpointReadError(msg("err.runs.log_field", log=log.name, folder=folder.name, field=key,
                                          shape=shape, found=repr(bad)[:80]))
    points = [LossPoint(step, float(loss), "train") for step, loss in enumerate(train)]
    points += [LossPoint(step, float(loss), "validation") for step, loss in validation]
    weights = data.get("weights")
    return tuple(points), weights if isinstance(weights, str) else None


def _is_loss(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_step_and_loss(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2 and isinstance(value[0], int)
            and not isinstance(value[0], bool) and value[0] >= 0 and _is_loss(value[1]))


def _snapshot_run(folder: Path, entries: list[Path]) -> TrainingRun | None:
    found = sorted((int(m.group(1)), p) for p in entries if p.is_file() and (m := SNAPSHOT_NAME.match(p.name)))
    if not found:
        return None
    losses, weights = _snapshot_losses(folder)
    return TrainingRun(folder, "snapshots", tuple(s for s, _ in found), tuple(p for _, p in found), losses, weights)


def _nanogpt_step(path: Path) -> tuple[int, float | None]:
    checkpoint = checkpoints.load_torch_file(path)  # weights_only=True, memory-mapped: the tensors are not read
    if not (isinstance(checkpoint, Mapping) and "model" in checkpoint and "model_args" in checkpoint):
        raise RunError(msg("err.runs.not_nanogpt", name=path.name))
    step = checkpoint.get("iter_num")
    if not isinstance(step, int) or isinstance(step, bool) or step < 0:
        raise RunError(msg("err.runs.no_iter_num", name=path.name, step=repr(step)))
    try:
        loss = float(checkpoint.get("best_val_loss"))
    except (TypeError, ValueError, RuntimeError, OverflowError):  # 10**400 has no float
        loss = None  # informative only
    return step, loss


def _nanogpt_run(folder: Path, entries: list[Path]) -> TrainingRun | None:
    # Every ckpt*.pt is read, so a damaged or unsafe one is reported, not silently left out.
    candidates = [p for p in entries if p.is_file() and NANOGPT_NAME.match(p.name)]
    if not candidates:
        return None
    found = sorted((*_nanogpt_step(p), p) for p in candidates)
    _refuse_repeated_steps([(s, p) for s, _, p in found])
    losses = tuple(LossPoint(s, loss, "validation") for s, loss, _ in found if loss is not None)
    return TrainingRun(folder, "nanogpt", tuple(s for s, _, _ in found), tuple(p for _, _, p in found), losses)


def _trainer_state(folder: Path) -> Mapping[str, Any]:
    state = _read_json(folder / TRAINER_STATE)
    if not isinstance(state, Mapping) or not isinstance(state.get("global_step"), int):
        raise RunError(msg("err.runs.no_global_step", state=f"{folder.name}/{TRAINER_STATE}"))
    return state


def _trainer_losses(state: Mapping[str, Any]) -> tuple[LossPoint, ...]:
    points = []
    for entry in state.get("log_history") or []:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("step"), int):
            continue
        for key, split in (("loss", "train"), ("eval_loss", "validation")):
            if isinstance(entry.get(key), (int, float)):
                points.append(LossPoint(entry["step"], float(entry[key]), split))
    return tuple(points)


def _hf_trainer_run(folder: Path, entries: list[Path]) -> TrainingRun | None:
    # One saved without trainer_state.json (save_only_model) counts if it holds a model; its name gives the step.
    candidates = [p for p in entries if p.is_dir() and HF_CHECKPOINT_NAME.match(p.name)
                  and ((p / TRAINER_STATE).is_file() or (p / "config.json").is_file())]
    if not candidates:
        return None
    states = {p: _trainer_state(p) for p in candidates if (p / TRAINER_STATE).is_file()}
    found = sorted((states[p]["global_step"] if p in states else int(HF_CHECKPOINT_NAME.match(p.name)[1]), p)
                   for p in candidates)
    _refuse_repeated_steps(found)
    # The last checkpoint's log_history holds every earlier entry too.
    last_state = next((states[p] for _, p in reversed(found) if p in states), {})
    return TrainingRun(folder, "hf-trainer", tuple(s for s, _ in found), tuple(p for _, p in found),
                       _trainer_losses(last_state))


def _refuse_repeated_steps(found: list[tuple[int, Path]]) -> None:
    for (step, first), (again, second) in zip(found, found[1:]):
        if step == again:
            raise RunError(msg("err.runs.repeated_step", first=first.name, second=second.name, step=step))


def run_stamp(folder: Path) -> float:
    """Latest modification time (seconds since 1970) of the folder and its entries; 0.0 when it cannot be listed."""
    try:
        return max([folder.stat().st_mtime] + [entry.stat().st_mtime for entry in folder.iterdir()])
    except OSError:
        return 0.0


def discover_run(folder: Path) -> TrainingRun:
    """The checkpoints of the run in ``folder``, ordered by step (at least two).

    Raises:
        RunError: not a folder, no layout, under two checkpoints, a repeated or missing step, or a foreign ``ckpt*.pt``.
        CheckpointReadError: a ``training_log.json`` / ``trainer_state.json`` not in JSON, or a damaged ``ckpt*.pt``.
        UnsafeCheckpointError: a ``ckpt*.pt`` whose pickle safe loading refuses.
    """
    if not folder.is_dir():
        raise RunError(msg("err.runs.not_folder", folder=str(folder)))
    try:
        entries = sorted(p for p in folder.iterdir() if not p.name.startswith("."))
    except OSError as error:
        raise RunError(msg("err.runs.cannot_list", folder=str(folder), reason=error.strerror or error)) from error
    for find in (_snapshot_run, _nanogpt_run, _hf_trainer_run):
        run = find(folder, entries)
        if run is not None:
            break
    else:
        raise RunError(msg("err.runs.no_layout", folder=folder.name, layouts=LAYOUT_LIST))
    if len(run.steps) < 2:
        raise RunError(msg("err.runs.one_checkpoint", folder=folder.name, name=run.paths[0].name,
                           step=run.steps[0]))
    return run
