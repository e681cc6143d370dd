"""`info PATH --json` for every format, and bad input of every kind: exit status 2, one line."""

import json
import os
import pickle
import subprocess
import sys

import numpy as np
import pytest
import torch

from dashboard.cli import main
from tests import factories
from tests import format_factories as ff

VERDICTS = {"tied-shared", "tied-implied", "tied-equal-copy", "untied", "no-head"}


def _json(capsys, *argv):
    capsys.readouterr()  # drop what building the fixture printed (progress bars)
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def _bad(capsys, *argv) -> str:
    capsys.readouterr()
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and captured.out == ""
    return lines[0]


def test_gguf_json(tmp_path, capsys):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=[f"t{i}" for i in range(90)])
    doc = _json(capsys, "info", str(path), "--json")
    assert (doc["format"], doc["source_dtype"], doc["position_kind"]) == ("gguf", "Q8_0", "rotary")
    assert doc["tying"]["verdict"] == "tied-implied" and doc["n_positions"] is None
    assert doc["vocab_size"] == factories.VOCAB and doc["n_tokens"] == 90
    assert doc["unused_rows"] == list(range(90, factories.VOCAB))


def test_nanogpt_json(tmp_path, capsys):
    path = ff.nanogpt_checkpoint(tmp_path, prefix="_orig_mod.", vocab_size=50304)
    doc = _json(capsys, "info", str(path), "--json")
    assert doc["format"] == "nanogpt" and doc["tying"]["verdict"] == "tied-shared"
    assert doc["n_tokens"] == 50257 and doc["unused_rows"][0] == 50257 and len(doc["unused_rows"]) == 47
    assert any("_orig_mod." in note for note in doc["notes"])


def test_bare_state_dict_json(tmp_path, capsys):
    model = ff.gpt2_model(tied=False)
    torch.save({"module." + k: v for k, v in model.state_dict().items()}, tmp_path / "ddp.pt")
    doc = _json(capsys, "info", str(tmp_path / "ddp.pt"), "--json")
    assert doc["tying"]["verdict"] == "untied" and doc["tying"]["max_abs_diff"] > 0
    assert doc["total_parameters"] == sum(p.numel() for p in model.parameters())
    assert any("'module.'" in note for note in doc["notes"])


def test_npz_options(tmp_path, capsys):
    np.savez(tmp_path / "t.npz", a=np.ones((10, 4), np.float32), b=np.ones((7, 4), np.float32))
    (tmp_path / "words.txt").write_text("\n".join(f"w{i}" for i in range(10)) + "\n")
    doc = _json(capsys, "info", str(tmp_path / "t.npz"), "--token-array", "a", "--position-array", "b",
                "--vocab", str(tmp_path / "words.txt"), "--json")
    assert (doc["vocab_size"], doc["n_positions"], doc["n_tokens"], doc["format"]) == (10, 7, 10, "npz")
    assert doc["tying"]["verdict"] in VERDICTS


def test_swapped_npz_arrays_beside_a_vocab_txt_read_with_a_note_not_an_error(tmp_path, capsys):
    np.savez(tmp_path / "tables.npz", wte=np.ones((64, 4), np.float32), wpe=np.ones((16, 4), np.float32))
    (tmp_path / "vocab.txt").write_text("".join(f"t{i}\n" for i in range(1000)))
    doc = _json(capsys, "info", str(tmp_path / "tables.npz"), "--token-array", "wpe", "--position-array", "wte",
                "--json")
    assert (doc["vocab_size"], doc["n_tokens"]) == (16, 16)
    assert any("vocab.txt beside the file has 1,000 lines for 16 rows" in note for note in doc["notes"]), doc["notes"]


def test_a_run_folder_of_one_trainer_checkpoint_names_it_in_the_notes(tmp_path, capsys):
    factories.gpt2_folder(tmp_path / "run" / "checkpoint-500")
    doc = _json(capsys, "info", str(tmp_path / "run"), "--json")
    assert doc["vocab_size"] == factories.VOCAB
    assert "read run/checkpoint-500, the one checkpoint folder inside run" in doc["notes"]
    factories.gpt2_folder(tmp_path / "run" / "checkpoint-1000")
    assert "checkpoint-500, checkpoint-1000); give the path of one" in _bad(capsys, "info", str(tmp_path / "run"))


def test_projector_readable_output(tmp_path, capsys):
    ff.projector_export(tmp_path, np.ones((3, 4)), ["a", "b", "c"])
    assert main(["info", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "projector-tsv" in out and "vocab_size 3" in out


def _nan_npy(tmp_path):
    table = np.ones((5, 4), np.float32)
    table[2, 1] = np.nan
    np.save(tmp_path / "nan.npy", table)
    return tmp_path / "nan.npy"


def _long_tokenizer(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    (folder / "vocab.json").write_text(json.dumps({f"t{i}": i for i in range(factories.VOCAB + 3)}))
    return folder


def _contradicting_config(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    config = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**config, "vocab_size": 7}))
    return folder


def _truncated_gguf(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf")
    path.write_bytes(path.read_bytes()[:200])
    return path


def _corrupt_safetensors(tmp_path):
    (tmp_path / "w.safetensors").write_bytes(b"\x20\x00\x00\x00\x00\x00\x00\x00{\"broken\": tru" + bytes(40))
    return tmp_path / "w.safetensors"


def _empty(tmp_path):
    (tmp_path / "model.pt").write_bytes(b"")
    return tmp_path / "model.pt"


def _wrong_extension(tmp_path):
    (tmp_path / "weights.onnx").write_bytes(b"\x08\x07" + bytes(100))
    return tmp_path / "weights.onnx"


def _ambiguous_npz(tmp_path):
    np.savez(tmp_path / "t.npz", a=np.ones((3, 2)), b=np.ones((4, 2)))
    return tmp_path / "t.npz"


@pytest.mark.parametrize("make, fragment", [
    (_truncated_gguf, "is damaged or is not a GGUF file"),
    (_corrupt_safetensors, "not a readable safetensors file"),
    (_empty, "empty (0 bytes)"),
    (_wrong_extension, "not a checkpoint format we read"),
    (_nan_npy, "NaN or Inf"),
    (_long_tokenizer, f"{factories.VOCAB + 3} tokens"),
    (_contradicting_config, "vocab_size=7"),
    (_ambiguous_npz, "--token-array"),
])
def test_bad_input_exits_2_with_one_line(tmp_path, capsys, make, fragment):
    assert fragment in _bad(capsys, "info", str(make(tmp_path)), "--json")


def test_option_for_the_wrong_format(tmp_path, capsys):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    assert "applies to NumPy" in _bad(capsys, "info", str(folder), "--token-array", "x")


class _TouchesFile:
    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return os.system, (f"touch {self.marker}",)


def test_unsafe_pickle_from_the_real_command_line(tmp_path):
    marker = tmp_path / "pwned"
    torch.save({"w": torch.zeros(2), "x": _TouchesFile(marker)}, tmp_path / "evil.pt")
    result = subprocess.run([sys.executable, "-m", "dashboard", "info", str(tmp_path / "evil.pt"), "--json"],
                            capture_output=True, text=True)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "system" in lines[0] and "nothing was executed" in lines[0]
    assert not marker.exists()


def test_meta_pkl_is_never_unpickled_with_pickle_load(tmp_path, capsys, monkeypatch):
    # the restricted unpickler must be the only way meta.pkl is read
    calls = []
    monkeypatch.setattr(pickle, "load", lambda *a, **k: calls.append(a))
    path = ff.nanogpt_checkpoint(tmp_path, vocab_size=3, meta_chars="abc")
    doc = _json(capsys, "info", str(path), "--json")
    assert doc["token_scheme"] == "characters" and calls == []
