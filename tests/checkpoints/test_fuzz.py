"""Random and mutated bytes fed to every reader: only our typed errors come out, never a crash.

Seeds are valid tiny files of each format; hypothesis flips, overwrites,
inserts and truncates their bytes, and also writes pure noise under each
suffix. A reader may succeed (a flipped weight is still a weight) or raise an
:class:`~dashboard.errors.ExplorerError`; anything else is a bug.
"""

import os
import shutil
import tempfile
from pathlib import Path

import numpy as np
import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dashboard.checkpoints import load_tables
from dashboard.errors import ExplorerError
from dashboard.tables import EmbeddingTables
from tests import factories
from tests import format_factories as ff

#: Examples per target; FUZZ_EXAMPLES=2000 for a long hunt (30 keep the suite at about 30 s).
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "30")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def seeds(tmp_path_factory) -> dict[str, Path]:
    """One valid folder per format; the key names the file inside that is mutated."""
    root = tmp_path_factory.mktemp("seeds")
    model = ff.gpt2_model()
    out = {}

    def folder(name):
        path = root / name
        path.mkdir()
        return path

    torch.save(model.state_dict(), folder("torch") / "model.pt")
    out["torch/model.pt"] = root
    from safetensors.torch import save_model

    save_model(model, str(folder("safetensors") / "model.safetensors"))
    out["safetensors/model.safetensors"] = root
    factories.gpt2_folder(root / "hf")
    out["hf/model.safetensors"] = root
    out["hf/config.json"] = root
    ff.pytorch_bin_folder(root / "hfbin", model)
    out["hfbin/pytorch_model.bin"] = root
    ff.gguf_file(folder("gguf") / "model.gguf", tokens=[f"t{i}" for i in range(factories.VOCAB)])
    out["gguf/model.gguf"] = root
    ff.nanogpt_checkpoint(root / "nano", meta_chars="".join(chr(65 + i) for i in range(factories.VOCAB)))
    out["nano/ckpt.pt"] = root
    out["nano/meta.pkl"] = root
    np.savez(folder("npz") / "tables.npz", wte=np.ones((8, 4), np.float32), wpe=np.ones((3, 4), np.float32))
    out["npz/tables.npz"] = root
    np.save(folder("npy") / "emb.npy", np.ones((8, 4), np.float32))
    out["npy/emb.npy"] = root
    ff.projector_export(root / "tsv", np.ones((3, 4)), ["a", "b", "c"])
    out["tsv/vectors.tsv"] = root
    out["tsv/metadata.tsv"] = root
    return out


def _load_copy(root: Path, target: str, data: bytes) -> None:
    """Copy the seed's folder, replace ``target`` by ``data``, read the folder; assert the contract."""
    workdir = Path(tempfile.mkdtemp(prefix="fuzz-"))
    try:
        folder_name, file_name = target.split("/")
        copy = workdir / folder_name
        shutil.copytree(root / folder_name, copy)
        (copy / file_name).write_bytes(data)
        source = copy if file_name in ("config.json", "meta.pkl", "metadata.tsv") or folder_name.startswith("hf") \
            else copy / file_name
        try:
            assert isinstance(load_tables(source), EmbeddingTables)
        except ExplorerError:
            pass  # the one acceptable failure: typed, with a message for the user
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


@st.composite
def mutations(draw, data: bytes) -> bytes:
    data = bytearray(data)
    kind = draw(st.sampled_from(["flip", "header", "truncate", "insert"]))
    if kind == "flip":
        for _ in range(draw(st.integers(1, 8))):
            position = draw(st.integers(0, len(data) - 1))
            data[position] = draw(st.integers(0, 255))
    elif kind == "header":  # headers and pickles live near the start: hit them hard
        start = draw(st.integers(0, min(len(data), 512) - 1))
        chunk = draw(st.binary(min_size=1, max_size=16))
        data[start:start + len(chunk)] = chunk
    elif kind == "truncate":
        data = data[: draw(st.integers(0, len(data) - 1))]
    else:
        position = draw(st.integers(0, len(data)))
        data[position:position] = draw(st.binary(min_size=1, max_size=32))
    return bytes(data)


TARGETS = ["torch/model.pt", "safetensors/model.safetensors", "hf/model.safetensors", "hf/config.json",
           "hfbin/pytorch_model.bin", "gguf/model.gguf", "nano/ckpt.pt", "nano/meta.pkl", "npz/tables.npz",
           "npy/emb.npy", "tsv/vectors.tsv", "tsv/metadata.tsv"]


@pytest.mark.parametrize("target", TARGETS)
def test_mutated_files_raise_only_typed_errors(seeds, target):
    root = seeds[target]
    original = (root / target).read_bytes()

    @FUZZ
    @given(data=mutations(original))
    def check(data):
        _load_copy(root, target, data)

    check()


@pytest.mark.parametrize("target", ["torch/model.pt", "safetensors/model.safetensors", "gguf/model.gguf",
                                    "npz/tables.npz", "npy/emb.npy", "tsv/vectors.tsv", "hf/config.json"])
def test_random_bytes_raise_only_typed_errors(seeds, target):
    root = seeds[target]

    @FUZZ
    @given(data=st.binary(max_size=2048))
    def check(data):
        _load_copy(root, target, data)

    check()


def test_damaged_zip64_end_record_is_not_a_torch_zip(tmp_path):
    # Found by the fuzzer: zipfile.is_zipfile raises BadZipFile instead of
    # returning False when a zip64 end record claims several disks.
    import struct

    from dashboard.checkpoints.torch_pickle import is_torch_zip

    locator = b"PK\x06\x07" + struct.pack("<LQL", 0, 0, 2)  # zip64 locator: 2 disks
    end = b"PK\x05\x06" + b"\x00" * 18
    path = tmp_path / "pytorch_model.bin"
    path.write_bytes(b"junk" + locator + end)
    assert is_torch_zip(path) is False
