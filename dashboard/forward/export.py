"""The child's side of :mod:`dashboard.wall.models`: job ``model.export`` builds a stranger's model and saves it
as ``config.json`` and ``model.safetensors`` for the server to load."""

from __future__ import annotations

from pathlib import Path

from dashboard.forward.loading import build_module, save_model_folder
from dashboard.wall.models import EXPORTED


def export_in_child(model_path: str, stored: int, d_model: int) -> None:
    """Build the model of ``model_path`` and save it to :data:`~dashboard.wall.models.EXPORTED` in the working folder.

    Raises:
        ForwardUnavailableError: as :func:`~dashboard.forward.loading.build_module`.
    """
    module = build_module(Path(model_path), stored, d_model)
    Path(EXPORTED).mkdir()
    save_model_folder(module, Path(EXPORTED))
