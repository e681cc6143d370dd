"""Every reader is registered, each kind of file reaches the reader of its real format, and a folder its checkpoint."""

import json

import numpy as np
import pytest
import torch

from dashboard.checkpoints import READERS, find_checkpoint, find_reader, load_tables
from dashboard.errors import UnsupportedFormatError
from dashboard.i18n import render
from tests import factories
from tests import format_factories as ff


def test_each_file_kind_reaches_its_reader(tmp_path):
    model = ff.gpt2_model()
    torch.save(model.state_dict(), tmp_path / "state.pt")
    np.save(tmp_path / "emb.npy", np.ones((3, 2), np.float32))
    ff.projector_export(tmp_path / "proj", np.ones((3, 2)))
    expected = {
        factories.gpt2_folder(tmp_path / "hf"): "hf-folder",
        ff.pytorch_bin_folder(tmp_path / "hfbin", model): "hf-folder",
        ff.gguf_file(tmp_path / "m.gguf")[0]: "gguf",
        ff.nanogpt_checkpoint(tmp_path / "nano"): "nanogpt",  # before the bare state-dict reader takes it
        tmp_path / "state.pt": "state-dict",
        tmp_path / "proj": "projector-tsv",
        tmp_path / "proj" / "vectors.tsv": "projector-tsv",
        tmp_path / "emb.npy": "numpy",
    }
    names = {reader: name for name, reader in READERS.items()}
    assert {path: names[find_reader(path)] for path in expected} == expected
    assert set(expected.values()) == set(READERS)  # no registered reader without a file kind above


def _trainer_checkpoint(folder, step):
    """A Trainer ``checkpoint-N`` folder: a model folder plus the trainer_state.json the Trainer writes."""
    factories.gpt2_folder(folder, seed=step)
    (folder / "trainer_state.json").write_text(json.dumps({"global_step": step, "log_history": []}))
    return folder


def test_a_run_folder_with_one_trainer_checkpoint_reads_it_and_says_which(tmp_path):
    run = tmp_path / "run"
    checkpoint = _trainer_checkpoint(run / "checkpoint-500", 500)
    (run / "runs").mkdir()  # the Trainer's TensorBoard logs sit beside its checkpoints
    tables = load_tables(run)
    np.testing.assert_array_equal(tables.token, load_tables(checkpoint).token)
    assert tables.notes[0] == "read run/checkpoint-500, the one checkpoint folder inside run"
    assert str(tmp_path) not in tables.notes[0]  # no temporary folder of an upload is shown
    assert find_checkpoint(run) == checkpoint


def test_a_run_folder_with_several_trainer_checkpoints_lists_them_by_step(tmp_path):
    run = tmp_path / "run"
    for step in (1000, 20, 500):
        _trainer_checkpoint(run / f"checkpoint-{step}", step)
    with pytest.raises(UnsupportedFormatError) as error:
        load_tables(run)
    text = str(error.value)
    assert "3 checkpoint folders (checkpoint-20, checkpoint-500, checkpoint-1000)" in text  # by step, not by name
    assert "give the path of one" in text and "Training page" in text and "no checkpoint file" not in text
    assert "학습 과정" in render(error.value, "ko")
    (run / "checkpoint-20" / "trainer_state.json").unlink()  # the Training page could not read this run
    with pytest.raises(UnsupportedFormatError) as error:
        load_tables(run)
    assert "give the path of one" in str(error.value) and "Training page" not in str(error.value)


def test_a_long_run_names_ten_checkpoints_and_counts_the_rest(tmp_path):
    run = tmp_path / "run"
    for step in range(100, 1300, 100):  # 12 folders; only the names are looked at before the error
        (run / f"checkpoint-{step}").mkdir(parents=True)
    with pytest.raises(UnsupportedFormatError) as error:
        load_tables(run)
    assert "checkpoint-900, checkpoint-1000 and 2 more" in str(error.value)
    assert "checkpoint-1100" not in str(error.value)


def test_every_hugging_face_model_type_has_its_config_class_tie_default_as_transformers_has_it():
    """With no tie_word_embeddings in config.json, transformers builds what the config class's default says."""
    from transformers import CONFIG_MAPPING

    from dashboard.checkpoints.keymaps import KEY_MAPS, TIE_DEFAULTS

    assert set(TIE_DEFAULTS) == set(KEY_MAPS)
    for model_type, (config_class, tied) in TIE_DEFAULTS.items():
        assert CONFIG_MAPPING[model_type].__name__ == config_class
        assert CONFIG_MAPPING[model_type]().tie_word_embeddings is tied, model_type
