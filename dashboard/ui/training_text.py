"""Sentences of the Training page, each built from the numbers of the run on screen."""

from __future__ import annotations

import pandas as pd

from dashboard.analysis.training_curves import ADJACENT, DISTANCE, NORM, POSITION, TOKEN
from dashboard.checkpoints.runs import TrainingRun
from dashboard.tables import EmbeddingTables


def describe_weights(run: TrainingRun) -> str:
    """Which weights the checkpoints hold and what the logged losses measure, as far as the run says."""
    if run.layout == "snapshots" and run.weights == "ema":
        return ("Each snapshot holds the exponential moving average of the trained weights that the training loop "
                "keeps (the weights that ship as the model), rounded to float16; at step 0 that average is the "
                "initialisation. The training loss is of the trained weights on each step's batch, the validation "
                "loss of the averaged weights.")
    if run.layout == "nanogpt":
        return ("The loss shown is each checkpoint's best_val_loss: the best validation loss nanoGPT had seen up to "
                "that step.")
    if run.layout == "hf-trainer":
        return "The losses are the log_history of the last checkpoint's trainer_state.json."
    return "The checkpoints hold the weights as they were saved."


def _value(curves: pd.DataFrame, step: int, table: str, measure: str) -> float | None:
    chosen = curves[(curves["step"] == step) & (curves["table"] == table) & (curves["measure"] == measure)]
    return None if chosen.empty else float(chosen["value"].iloc[0])


def describe_step(tables: EmbeddingTables, curves: pd.DataFrame, step: int) -> str:
    """The shown step's numbers in one or two sentences (token rows' mean norm and distance, adjacent cosine)."""
    first = int(curves["step"].min())
    norm, distance = _value(curves, step, TOKEN, NORM), _value(curves, step, TOKEN, DISTANCE)
    text = f"Token rows: mean L2 norm {norm:.4f}"
    text += "." if step == first else f", on average {distance:.4f} from their value at step {first:,}."
    if tables.position is not None:
        cosine = _value(curves, step, POSITION, ADJACENT)
        text += (" Position table: every row is zero, so adjacent positions have no cosine yet." if cosine is None
                 else f" Mean cosine of adjacent position rows: {cosine:.3f}.")
    return text
