"""The child's side of building a stranger's model behind the wall (:mod:`dashboard.wall.models`).

Run by a capped child as the job ``model.export``: the model is built from the stranger's files by
:func:`dashboard.forward.loading.build_module` (its size checked against the stored weights first) and saved as a
Hugging Face folder, ``config.json`` and ``model.safetensors``, for the server to build from.
"""

from __future__ import annotations

from pathlib import Path

from dashboard.forward.loading import build_module
from dashboard.wall.models import EXPORTED


def export_in_child(model_path: str, stored: int, d_model: int) -> None:
    """Build the model of ``model_path`` and save it to :data:`~dashboard.wall.models.EXPORTED` in the working
    folder: its config, and its weights with ``safetensors.torch.save_model`` (tied weights once). Not
    ``save_pretrained``, which refuses a model read from a GGUF file ("quantized with gguf and is not
    serializable") though it is float32 by then.

    Raises:
        ForwardUnavailableError: as :func:`~dashboard.forward.loading.build_module`.
    """
    from safetensors.torch import save_model

    module = build_module(Path(model_path), stored, d_model)
    Path(EXPORTED).mkdir()
    module.config.save_pretrained(EXPORTED)
    save_model(module, f"{EXPORTED}/model.safetensors", metadata={"format": "pt"})
