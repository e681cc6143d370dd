"""The bundled GPT's training snapshots (models/tiny-gpt-pydocs/training/), read for real (marked `real`).

The contract other code relies on: ``step-NNNNN.safetensors``, bare state dicts
with GPT-2 names in float16, step 0 and the last step included, each opening
with real token labels; step 0 is the initialisation the seed builds, the last
is the shipped model rounded to float16.
"""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch
from safetensors import safe_open

from dashboard.training.curves import DISTANCE, TOKEN, step_measures_frame
from dashboard.checkpoints import load_tables
from dashboard.checkpoints.runs import discover_run
from scripts.default_gpt.snapshots import TABLE_KEYS
from scripts.default_gpt.training import TrainSettings, build_model

pytestmark = pytest.mark.real

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "models" / "tiny-gpt-pydocs"
FOLDER = MODEL / "training"


def _read(path: Path) -> dict[str, torch.Tensor]:
    with safe_open(str(path), framework="pt") as handle:
        return {key: handle.get_tensor(key) for key in handle.keys()}


@pytest.fixture(scope="module")
def run():
    return discover_run(FOLDER)


def test_snapshots_follow_the_contract(run):
    assert run.layout == "snapshots" and run.weights == "ema"
    assert run.steps[0] == 0 and run.steps[-1] == TrainSettings().steps and len(run.steps) >= 5
    for step, path in zip(run.steps, run.paths):
        assert path.name == f"step-{step:05d}.safetensors"
        tensors = _read(path)
        assert sorted(tensors) == sorted(TABLE_KEYS)
        assert all(t.dtype == torch.float16 for t in tensors.values())
        assert tuple(tensors["transformer.wte.weight"].shape) == (4096, 128)
        assert tuple(tensors["transformer.wpe.weight"].shape) == (256, 128)


def test_step_zero_is_the_initialisation_the_seed_builds(run):
    settings = TrainSettings()
    torch.manual_seed(settings.seed)
    state = build_model(settings).state_dict()
    first = _read(run.paths[0])
    for key in TABLE_KEYS:
        assert torch.equal(first[key], state[key].half()), key
    assert not first["transformer.wpe.weight"].any()  # position_init="zeros"


def test_last_step_is_the_shipped_model_in_float16(run):
    last = _read(run.paths[-1])
    with safe_open(str(MODEL / "model.safetensors"), framework="pt") as handle:
        for key in TABLE_KEYS:
            shipped = handle.get_tensor(key)
            np.testing.assert_allclose(last[key].float().numpy(), shipped.numpy(), rtol=2**-11, atol=2**-25)


def test_each_snapshot_opens_with_real_token_labels_from_the_command_line():
    result = subprocess.run([sys.executable, "-m", "dashboard", "info", str(FOLDER / "step-00000.safetensors")],
                            capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "token strings from tokenizer.json, beside step-00000.safetensors" in result.stdout
    tables = load_tables(FOLDER / "step-00000.safetensors")
    assert tables.vocabulary.scheme == "byte-level-bpe" and "␣function" in tables.vocabulary.display


def test_tables_move_further_from_step_zero_at_every_snapshot(run):
    first = load_tables(run.paths[0])
    distances = [step_measures_frame(s, load_tables(p), first).set_index(["table", "measure"])["value"][(TOKEN, DISTANCE)]
                 for s, p in zip(run.steps, run.paths)]
    assert distances[0] == 0 and all(b > a for a, b in zip(distances, distances[1:])), distances


def test_losses_are_the_shipped_runs_and_the_folder_stays_small(run):
    shipped = json.loads((MODEL / "training_log.json").read_text())["history"]
    assert [p.loss for p in run.losses if p.split == "train"] == shipped["train_loss"]
    size = sum(p.stat().st_size for p in FOLDER.iterdir())
    assert size < 16 * 2**20, f"{FOLDER} holds {size:,} bytes"
