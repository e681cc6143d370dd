"""Every reader is registered, and each kind of file reaches the reader of its real format."""

import numpy as np
import torch

from dashboard.checkpoints import READERS, find_reader
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
