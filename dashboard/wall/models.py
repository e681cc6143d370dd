"""A stranger's whole model for a forward pass, built behind the wall.

The child builds the model from the stranger's files with
:func:`dashboard.forward.loading.build_module` (its size checked against the
stored weights first) and saves it as a Hugging Face folder: ``config.json``
and ``model.safetensors``. The server then builds the
model from that folder only: JSON and safetensors, formats that hold data and
nothing to run (https://huggingface.co/docs/safetensors), never the
stranger's pickle, GGUF or zip.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from dashboard.tables import EmbeddingTables
from dashboard.wall.runner import ask_once
from dashboard.wall.tables import BASE_MEMORY, BASE_SECONDS, BYTES_FACTOR, SECONDS_PER_GB, source_bytes

#: The folder, inside the child's working folder, that the exported model is saved to.
EXPORTED = "model"


def export_model(tables: EmbeddingTables) -> tuple[Path, Path]:
    """Save the whole model of ``tables.model_path`` as a safetensors folder, in a capped child.

    Returns:
        The exported folder (``config.json`` + ``model.safetensors``), and the child's working folder holding
        it, which the caller removes once the model is built.

    Raises:
        ForwardUnavailableError: the child could not build the model (its reason, as
            :func:`~dashboard.forward.loading.load_forward_model` gives it).
        ChildLimitError: the files made the child crash, or use more memory or processor time than they can need.
        BusyError: the machine was too busy to finish in time.
    """
    path = Path(tables.model_path)
    size = source_bytes(path)
    stored = int(tables.total_parameters or tables.token.size)
    _, folder = ask_once(path.name, "model.export", {"model_path": str(path), "stored": stored, "d_model": tables.d_model},
                         seconds=BASE_SECONDS + SECONDS_PER_GB * size / 1e9,
                         memory_bytes=BASE_MEMORY + BYTES_FACTOR * size)
    return folder / EXPORTED, folder


def export_in_child(model_path: str, stored: int, d_model: int) -> None:
    """The child's job: build the model of ``model_path`` and save it to :data:`EXPORTED`: its config, and its
    weights with ``safetensors.torch.save_model`` (tied weights once). Not ``save_pretrained``, which refuses a
    model read from a GGUF file ("quantized with gguf and is not serializable") though it is float32 by then."""
    from safetensors.torch import save_model

    from dashboard.forward.loading import build_module

    module = build_module(Path(model_path), stored, d_model)
    Path(EXPORTED).mkdir()
    module.config.save_pretrained(EXPORTED)
    save_model(module, f"{EXPORTED}/model.safetensors", metadata={"format": "pt"})


def remove_export(folder: Path) -> None:
    """Remove a child's working folder once the model built from it is in memory."""
    shutil.rmtree(folder, ignore_errors=True)
