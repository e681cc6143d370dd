"""Pickles that would run code if loaded run none; refusals name what was refused."""

import argparse
import os
import pickle

import numpy as np
import pytest
import torch

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.plain_pickle import load_plain_pickle
from dashboard.errors import CheckpointReadError, UnsafeCheckpointError
from tests import format_factories as ff


class _TouchesFile:
    """Unpickling this calls os.system, which would create ``marker``."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return os.system, (f"touch {self.marker}",)


def test_torch_zip_with_code_runs_nothing_and_names_the_call(tmp_path):
    marker = tmp_path / "pwned"
    torch.save({"transformer.wte.weight": torch.zeros(4, 2), "payload": _TouchesFile(marker)}, tmp_path / "evil.pt")
    with pytest.raises(UnsafeCheckpointError, match=r"(posix|nt)\.system") as caught:
        load_tables(tmp_path / "evil.pt")
    assert not marker.exists()
    assert "nothing was executed" in str(caught.value) and "state_dict" in str(caught.value)


@pytest.mark.parametrize("protocol", [4, 5])
@pytest.mark.parametrize("payload", ["tensors", "code"])
def test_a_plain_pickle_is_named_as_one_not_as_a_damaged_file(tmp_path, protocol, payload):
    """pickle.dump's default protocols: PyTorch's safe unpickler stops at their framing ("Unsupported operand 149")."""
    marker = tmp_path / "pwned"
    held = {"transformer.wte.weight": torch.zeros(4, 2)}
    if payload == "code":
        held["payload"] = _TouchesFile(marker)
    with open(tmp_path / "plain.pt", "wb") as handle:
        pickle.dump(held, handle, protocol=protocol)
    with pytest.raises(UnsafeCheckpointError, match=rf"plain.pt is a plain Python pickle \(pickle protocol {protocol}\), "
                                                     r"not a file written by torch.save") as caught:
        load_tables(tmp_path / "plain.pt")
    assert not marker.exists() and "nothing was executed" in str(caught.value)


def test_a_plain_pickle_cut_short_is_called_truncated(tmp_path):
    whole = pickle.dumps({"transformer.wte.weight": torch.zeros(40, 20)}, protocol=4)
    (tmp_path / "cut.pt").write_bytes(whole[:len(whole) // 2])
    with pytest.raises(CheckpointReadError, match="cut.pt is not a readable torch checkpoint .*truncated or corrupt"):
        load_tables(tmp_path / "cut.pt")


def test_legacy_pickle_with_code_runs_nothing(tmp_path):
    # protocol 2, not a zip: what torch.save wrote before 1.6, read by the legacy path
    marker = tmp_path / "pwned"
    with open(tmp_path / "legacy.pt", "wb") as handle:
        pickle.dump({"payload": _TouchesFile(marker)}, handle, protocol=2)
    with pytest.raises(UnsafeCheckpointError, match=r"(posix|nt)\.system"):
        load_tables(tmp_path / "legacy.pt")
    assert not marker.exists()


def test_modern_plain_pickle_with_code_runs_nothing(tmp_path):
    marker = tmp_path / "pwned"
    with open(tmp_path / "model.bin", "wb") as handle:
        pickle.dump({"payload": _TouchesFile(marker)}, handle)
    with pytest.raises((UnsafeCheckpointError, CheckpointReadError)):
        load_tables(tmp_path / "model.bin")
    assert not marker.exists()


def test_nanogpt_checkpoint_with_code_in_its_config_runs_nothing(tmp_path):
    marker = tmp_path / "pwned"
    path = ff.nanogpt_checkpoint(tmp_path)
    checkpoint = torch.load(path, weights_only=True)
    checkpoint["config"]["callback"] = _TouchesFile(marker)
    torch.save(checkpoint, path)
    with pytest.raises(UnsafeCheckpointError, match="system"):
        load_tables(path)
    assert not marker.exists()


def test_harmless_classes_are_still_refused_and_listed(tmp_path):
    torch.save({"transformer.wte.weight": torch.zeros(4, 2), "args": argparse.Namespace(lr=1e-3),
                "mask": np.zeros(3)}, tmp_path / "args.pt")
    with pytest.raises(UnsafeCheckpointError) as caught:
        load_tables(tmp_path / "args.pt")
    message = str(caught.value)
    assert "argparse.Namespace" in message and "numpy" in message
    assert "re-save only the tensors" in message


def test_meta_pkl_with_code_runs_nothing(tmp_path):
    marker = tmp_path / "pwned"
    path = ff.nanogpt_checkpoint(tmp_path, meta_chars="abc")
    with open(tmp_path / "meta.pkl", "wb") as handle:
        pickle.dump({"itos": {0: "a"}, "hook": _TouchesFile(marker)}, handle)
    with pytest.raises(UnsafeCheckpointError, match="meta.pkl asks for (posix|nt).system"):
        load_tables(path)
    assert not marker.exists()


@pytest.mark.parametrize("protocol", [0, 2, pickle.HIGHEST_PROTOCOL])
def test_plain_pickle_admits_plain_data(tmp_path, protocol):
    data = {"vocab_size": 3, "itos": {0: "a", 1: "\n", 2: "ü"}, "stoi": {"a": 0}, "sizes": [1.5, 2],
            "pair": (1, "x"), "set": {1, 2}}
    (tmp_path / "meta.pkl").write_bytes(pickle.dumps(data, protocol=protocol))
    assert load_plain_pickle(tmp_path / "meta.pkl") == data


def test_object_array_in_npy_is_refused(tmp_path):
    marker = tmp_path / "pwned"
    np.save(tmp_path / "objects.npy", np.array([_TouchesFile(marker)], dtype=object), allow_pickle=True)
    with pytest.raises(UnsafeCheckpointError, match="Python objects"):
        load_tables(tmp_path / "objects.npy", token_array="objects")
    assert not marker.exists()


def test_a_length_field_claiming_more_bytes_than_the_file_has_is_cut_short_not_allocated(tmp_path):
    # Found by the fuzzer in CI: BINUNICODE8 (0x8d) claiming 2**56 bytes made
    # pickletools ask for them all, and Python raised MemoryError.
    from dashboard.checkpoints.torch_pickle import _plain_pickle_protocol

    for data in (b"\x8d\x00\x00\x00\x00\x00\x00\x00\x01", b"\x80\x05\x8d\x00\x00\x00\x00\x00\x00\x00\x01"):
        path = tmp_path / "model.pt"
        path.write_bytes(data)
        assert _plain_pickle_protocol(path) is None
        with pytest.raises(CheckpointReadError):
            load_tables(path)
