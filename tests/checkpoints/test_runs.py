"""Run discovery: a folder of one run's checkpoints, in each layout, ordered by step."""

import json
import shutil

import numpy as np
import pytest
import torch

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.runs import discover_run
from dashboard.errors import CheckpointReadError, RunError, UnsafeCheckpointError
from tests import run_factories


def test_snapshot_run_is_ordered_by_the_step_in_each_name_and_reads_its_log(tmp_path):
    run = discover_run(run_factories.snapshot_run(tmp_path / "run"))
    assert run.layout == "snapshots" and run.steps == run_factories.STEPS and run.weights == "ema"
    assert [p.name for p in run.paths] == [f"step-{s:05d}.safetensors" for s in run_factories.STEPS]
    train = [p for p in run.losses if p.split == "train"]
    assert [p.step for p in train] == list(range(run_factories.STEPS[-1]))
    assert {p.step: p.loss for p in run.losses if p.split == "validation"} == run_factories.LOSSES


@pytest.mark.parametrize(("log", "named"), [
    ({"train_loss": ["2.5"]}, r"train_loss in run/training_log\.json must be \[loss, \.\.\.\] .*found '2\.5'"),
    ({"train_loss": 3.0}, r"train_loss .* must be \[loss, \.\.\.\] .*found 3\.0"),
    ({"val_loss": [[10, 2.0], [20]]}, r"val_loss .* must be \[\[step, loss\], \.\.\.\] .*found \[20\]"),
    ({"val_loss": [[1.5, 2.0]]}, r"val_loss .*found \[1\.5, 2\.0\]"),
    ({"val_loss": [[-1, 2.0]]}, r"val_loss .*found \[-1, 2\.0\]"),
    ({"val_loss": {"10": 2.0}}, r"val_loss .*found \{'10': 2\.0\}"),
])
def test_a_log_of_the_wrong_shape_is_refused_naming_the_field_and_what_it_holds(tmp_path, log, named):
    folder = run_factories.snapshot_run(tmp_path / "run")
    (folder / "training_log.json").write_text(json.dumps(log))
    with pytest.raises(CheckpointReadError, match=named):
        discover_run(folder)


def test_each_snapshot_opens_with_the_tokenizer_beside_it(tmp_path):
    run = discover_run(run_factories.snapshot_run(tmp_path / "run"))
    tables = load_tables(run.path_at(20))
    assert tables.vocabulary.scheme == "byte-level-bpe" and "␣cat" in tables.vocabulary.display
    expected = run_factories.synthetic_tables(20)
    np.testing.assert_allclose(tables.token, expected["token"], atol=1e-3)  # float16 on disk
    np.testing.assert_allclose(tables.output_head, expected["head"], atol=1e-3)


def test_nanogpt_run_is_ordered_by_iter_num_not_by_name(tmp_path):
    run = discover_run(run_factories.nanogpt_run(tmp_path / "run"))
    assert run.layout == "nanogpt" and run.steps == run_factories.STEPS
    # the names sort the other way round (ckpt_a40.pt first): only iter_num gives this order
    assert [p.name for p in run.paths] == ["ckpt_d0.pt", "ckpt_c10.pt", "ckpt_b20.pt", "ckpt_a40.pt"]
    assert [(p.step, round(p.loss, 4)) for p in run.losses] == list(run_factories.LOSSES.items())
    assert load_tables(run.path_at(40)).tying.verdict == "tied-shared"


def test_trainer_run_uses_global_step_and_the_last_log_history(tmp_path):
    folder = run_factories.trainer_run(tmp_path / "run")
    run = discover_run(folder)
    assert run.layout == "hf-trainer" and run.steps == (2, 4, 6)
    assert [p.name for p in run.paths] == ["checkpoint-2", "checkpoint-4", "checkpoint-6"]
    history = json.loads((folder / "checkpoint-6" / "trainer_state.json").read_text())["log_history"]
    logged = [(e["step"], e["loss"]) for e in history if "loss" in e]
    assert [(p.step, p.loss) for p in run.losses if p.split == "train"] == logged and len(logged) == 6
    first, last = load_tables(run.paths[0]), load_tables(run.paths[-1])
    assert not np.array_equal(first.token, last.token)  # the Trainer really moved the table


def test_a_checkpoint_folder_without_its_trainer_state_takes_its_step_from_its_name(tmp_path):
    folder = run_factories.trainer_run(tmp_path / "run")
    (folder / "checkpoint-6" / "trainer_state.json").unlink()  # saved by hand, or only the model kept
    run = discover_run(folder)
    assert run.steps == (2, 4, 6)  # it used to vanish from the run, silently
    history = json.loads((folder / "checkpoint-4" / "trainer_state.json").read_text())["log_history"]
    assert [p.step for p in run.losses if p.split == "train"] == [e["step"] for e in history if "loss" in e]


def test_checkpoint_folders_sort_by_number_not_text(tmp_path):
    folder = run_factories.trainer_run(tmp_path / "run", max_steps=10, save_steps=5)
    shutil.copytree(folder / "checkpoint-5", folder / "checkpoint-40")
    state = json.loads((folder / "checkpoint-40" / "trainer_state.json").read_text())
    state["global_step"] = 40
    (folder / "checkpoint-40" / "trainer_state.json").write_text(json.dumps(state))
    assert discover_run(folder).steps == (5, 10, 40)


def test_two_checkpoints_at_one_step_are_refused_by_name(tmp_path):
    folder = run_factories.nanogpt_run(tmp_path / "run")
    shutil.copy(folder / "ckpt_c10.pt", folder / "ckpt_copy.pt")
    with pytest.raises(RunError, match=r"ckpt_c10\.pt and ckpt_copy\.pt are both at step 10"):
        discover_run(folder)


def test_a_checkpoint_without_iter_num_is_refused(tmp_path):
    folder = run_factories.nanogpt_run(tmp_path / "run")
    checkpoint = torch.load(folder / "ckpt_a40.pt", weights_only=True)
    del checkpoint["iter_num"]
    torch.save(checkpoint, folder / "ckpt_a40.pt")
    with pytest.raises(RunError, match=r"ckpt_a40\.pt has no whole-number iter_num"):
        discover_run(folder)


def test_one_checkpoint_is_not_a_run(tmp_path):
    folder = run_factories.snapshot_run(tmp_path / "run", steps=(0,))
    with pytest.raises(RunError, match=r"one checkpoint \(step-00000\.safetensors, step 0\).*two or more"):
        discover_run(folder)


def test_a_folder_without_a_run_lists_the_layouts(tmp_path):
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(RunError, match=r"no checkpoints of a run.*step-NNNNN\.safetensors.*iter_num.*checkpoint-\*"):
        discover_run(tmp_path)
    with pytest.raises(RunError, match="is not a folder"):
        discover_run(tmp_path / "notes.txt")


def test_a_pickle_with_code_is_refused_without_running_it(tmp_path):
    folder = run_factories.nanogpt_run(tmp_path / "run")
    checkpoint = torch.load(folder / "ckpt_a40.pt", weights_only=True)
    checkpoint["config"] = {"callback": print}  # a global: weights_only loading refuses it
    torch.save(checkpoint, folder / "ckpt_a40.pt")
    with pytest.raises(UnsafeCheckpointError):
        discover_run(folder)
