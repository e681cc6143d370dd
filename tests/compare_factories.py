"""Bare GPT-2 state dicts in safetensors, like the bundled GPT's training snapshots, for the compare tests."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from safetensors.numpy import save_file
from scipy.stats import ortho_group

from tests import factories

#: Key of each table in a GPT-2 state dict.
KEYS = {"token": "transformer.wte.weight", "position": "transformer.wpe.weight", "head": "lm_head.weight"}
D_MODEL = 32
#: The token that moves beyond the rotation between the middle and the end snapshot.
MOVED = 17


def clustered(rng: np.random.Generator, n_rows: int, d_model: int = D_MODEL) -> np.ndarray:
    """Rows around 12 centres, so that each row's nearest neighbours are well defined, as in a trained table."""
    centres = rng.normal(size=(12, d_model))
    return centres[rng.integers(0, 12, n_rows)] + 0.3 * rng.normal(size=(n_rows, d_model))


def write_snapshot(path: Path, token: np.ndarray, position: np.ndarray, head: np.ndarray) -> str:
    """Write the three tables as float16 under GPT-2 keys; return the path as text."""
    save_file({KEYS["token"]: token.astype(np.float16), KEYS["position"]: position.astype(np.float16),
               KEYS["head"]: head.astype(np.float16)}, str(path))
    return str(path)


def write_run(folder: Path) -> dict[str, str]:
    """``start`` (random), ``middle`` (structured) and ``end`` (a rotation of middle, token :data:`MOVED` moved)."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(0)
    sizes = (factories.VOCAB, factories.N_POSITIONS, factories.VOCAB)
    token, position, head = (clustered(rng, n) for n in sizes)
    rotation = ortho_group.rvs(D_MODEL, random_state=3)
    moved = token @ rotation
    moved[MOVED] += 3.0 * rng.normal(size=D_MODEL)
    return {
        "start": write_snapshot(folder / "step-00000.safetensors", *(rng.normal(size=(n, D_MODEL)) for n in sizes)),
        "middle": write_snapshot(folder / "step-00010.safetensors", token, position, head),
        "end": write_snapshot(folder / "step-00020.safetensors", moved, position @ rotation, head @ rotation),
    }
