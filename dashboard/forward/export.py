"""The child's side of building a stranger's model behind the wall (:mod:`dashboard.wall.models`).

Run by a capped child as the job ``model.export``: the model is built from the stranger's files by
:func:`dashboard.forward.loading.build_module` (its size checked against the stored weights first) and saved as a
Hugging Face folder, ``config.json`` and ``model.safetensors``, for the server to build from.
"""

from __future__ import annotations

from pathlib import Path

from dashboard.forward.loading import build_module, save_model_folder
from dashboard.wall.models import EXPORTED


def export_in_child(model_path: str, stored: int, d_model: int) -> None:
    """Build the model of ``model_path`` and save it to :data:`~dashboard.wall.models.EXPORTED` in the working
    folder (:func:`~dashboard.forward.loading.save_model_folder`).

    Raises:
        ForwardUnavailableError: as :func:`~dashboard.forward.loading.build_module`.
    """
    module = build_module(Path(model_path), stored, d_model)
    Path(EXPORTED).mkdir()
    save_model_folder(module, Path(EXPORTED))
