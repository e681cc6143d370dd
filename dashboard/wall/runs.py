"""Find a training run's checkpoints behind the wall (a nanoGPT run's steps are read from its pickles)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

from dashboard.checkpoints.runs import LossPoint, TrainingRun, discover_run
from dashboard.errors import ChildLimitError
from dashboard.i18n import msg
from dashboard.wall.runner import ask_once
from dashboard.wall.tables import BASE_MEMORY, BASE_SECONDS, is_trusted

#: Address space for reading a run's step records: each checkpoint's pickle is read, its tensors only mapped.
RUN_MEMORY = 4 * BASE_MEMORY


def discover_run_safely(folder: Path) -> TrainingRun:
    """:func:`~dashboard.checkpoints.runs.discover_run`, in a capped child unless ``folder`` shipped with the app.

    Raises:
        ExplorerError: as :func:`~dashboard.checkpoints.runs.discover_run`, with its class and message.
        ChildLimitError: a checkpoint crashed the child or exceeded its memory or processor-time cap.
        BusyError: the machine was too busy to finish in time.
    """
    if is_trusted(folder):
        return discover_run(folder)
    answer, workdir = ask_once(folder.name, "run.discover", {"folder": str(folder)}, seconds=BASE_SECONDS,
                               memory_bytes=RUN_MEMORY)
    shutil.rmtree(workdir, ignore_errors=True)
    try:
        return TrainingRun(Path(answer["folder"]), str(answer["layout"]), tuple(int(s) for s in answer["steps"]),
                           tuple(Path(p) for p in answer["paths"]),
                           tuple(LossPoint(int(p["step"]), float(p["loss"]), str(p["split"])) for p in answer["losses"]),
                           answer["weights"])
    except (KeyError, TypeError, ValueError) as error:
        raise ChildLimitError(msg("err.wall.bad_answer", origin=folder.name, reason=str(error)[:100])) from error


def discover_in_child(folder: str) -> dict[str, Any]:
    """The child's job: the run in ``folder`` as plain data."""
    return dataclasses.asdict(discover_run(Path(folder)))
