"""A stranger's whole model for a forward pass, built behind the wall.

A capped child builds the model from the stranger's files and saves it as ``config.json`` and
``model.safetensors`` (:mod:`dashboard.forward.export`); the server builds the model from that folder only, data
formats with nothing to run (https://huggingface.co/docs/safetensors), never the stranger's pickle, GGUF or zip.
"""

from __future__ import annotations

from pathlib import Path

from dashboard.wall.runner import ask_once
from dashboard.wall.tables import BASE_MEMORY, BASE_SECONDS, BYTES_FACTOR, SECONDS_PER_GB, source_bytes

#: The folder, inside the child's working folder, that the exported model is saved to.
EXPORTED = "model"


def export_model(path: Path, stored: int, d_model: int) -> tuple[Path, Path]:
    """Save the whole model of checkpoint ``path`` as a safetensors folder, in a capped child.

    Returns:
        The exported folder, and the child's working folder holding it (the caller removes it after building).

    Raises:
        ForwardUnavailableError: the child could not build the model (e.g. its config outgrows ``stored``).
        ChildLimitError: the files crashed the child or exceeded its memory or processor-time cap.
        BusyError: the machine was too busy to finish in time.
    """
    size = source_bytes(path)
    _, folder = ask_once(path.name, "model.export", {"model_path": str(path), "stored": stored, "d_model": d_model},
                         seconds=BASE_SECONDS + SECONDS_PER_GB * size / 1e9,
                         memory_bytes=BASE_MEMORY + BYTES_FACTOR * size)
    return folder / EXPORTED, folder
