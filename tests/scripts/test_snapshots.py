"""Training snapshots: written without changing the run, in the contract's names, keys and dtype."""

import json

import numpy as np
import torch
from safetensors import safe_open

from dashboard.checkpoints.runs import discover_run
from scripts.default_gpt.snapshots import TABLE_KEYS, SnapshotWriter, snapshot_name, write_run_log
from scripts.default_gpt.training import build_model, train
from tests.scripts.test_default_gpt import TINY


def _run(tokens, snapshots=None):
    torch.manual_seed(TINY.seed)
    model = build_model(TINY)
    init = {k: v.clone() for k, v in model.state_dict().items()}
    history = train(model, tokens, tokens, TINY, log=lambda line: None, snapshots=snapshots)
    return model, init, history


def _read(path):
    with safe_open(str(path), framework="pt") as handle:
        return {key: handle.get_tensor(key) for key in handle.keys()}, handle.metadata()


def test_snapshots_leave_the_run_unchanged_and_hold_the_averaged_tables(tmp_path):
    tokens = np.random.default_rng(1).integers(0, TINY.vocab_size, 500).astype(np.uint16)
    plain, _, plain_history = _run(tokens)
    writer = SnapshotWriter(tmp_path, steps=(0, 1, TINY.steps))
    model, init, history = _run(tokens, writer)
    for (name, a), b in zip(plain.state_dict().items(), model.state_dict().values()):
        assert torch.equal(a, b), name  # same RNG stream, same final (averaged) weights
    assert history["train_loss"] == plain_history["train_loss"]
    assert writer.saved == [0, 1, TINY.steps]
    first, metadata = _read(tmp_path / snapshot_name(0))
    assert list(first) == sorted(TABLE_KEYS) and metadata == {"step": "0", "weights": "ema"}
    for key in TABLE_KEYS:
        assert first[key].dtype == torch.float16
        assert torch.equal(first[key], init[key].half()), key  # step 0 is the initialisation
    last, _ = _read(tmp_path / snapshot_name(TINY.steps))
    for key in TABLE_KEYS:
        assert torch.equal(last[key], model.state_dict()[key].half()), key  # the last is the shipped average
    middle, _ = _read(tmp_path / snapshot_name(1))
    assert not torch.equal(middle["transformer.wte.weight"], first["transformer.wte.weight"])


def test_run_log_is_what_run_discovery_reads(tmp_path):
    tokens = np.random.default_rng(1).integers(0, TINY.vocab_size, 500).astype(np.uint16)
    writer = SnapshotWriter(tmp_path, steps=(0, TINY.steps))
    _, _, history = _run(tokens, writer)
    write_run_log(tmp_path, history, writer.saved)
    assert json.loads((tmp_path / "training_log.json").read_text())["snapshot_steps"] == [0, TINY.steps]
    run = discover_run(tmp_path)
    assert run.steps == (0, TINY.steps) and run.weights == "ema"
    assert [p.loss for p in run.losses if p.split == "train"] == history["train_loss"]


def test_snapshot_names_have_five_digits():
    assert snapshot_name(0) == "step-00000.safetensors" and snapshot_name(2000) == "step-02000.safetensors"
