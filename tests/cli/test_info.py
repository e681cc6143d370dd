"""The command line contract: `info`, `models`, exit statuses."""

import json
import subprocess
import sys

import pytest

from dashboard.cli import main
from tests import factories

INFO_KEYS = {"source", "format", "architecture", "vocab_size", "d_model", "n_positions", "position_kind",
             "tables", "total_parameters", "tying", "unused_rows"}
TABLE_NAMES = {"token", "position", "token_type", "output_head"}
VERDICTS = {"tied-shared", "tied-implied", "tied-equal-copy", "untied", "no-head"}


def _json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_info_json_for_a_folder(tmp_path, capsys):
    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=False)
    doc = _json(capsys, "info", str(folder), "--json")
    assert INFO_KEYS <= set(doc)
    assert {t["name"] for t in doc["tables"]} == TABLE_NAMES
    assert doc["tying"]["verdict"] == "untied" and doc["tying"]["evidence"]
    assert doc["position_kind"] == "learned" and doc["n_positions"] == factories.N_POSITIONS
    token = next(t for t in doc["tables"] if t["name"] == "token")
    assert token["shape"] == [factories.VOCAB, factories.D_MODEL]
    assert token["share_of_total"] == pytest.approx(token["parameters"] / doc["total_parameters"])


def test_info_spec_json(capsys):
    doc = _json(capsys, "info", "--spec",
                "vocab_size=8449,d_model=768,n_positions=1024,tied=false,total_parameters=120000000", "--json")
    assert INFO_KEYS <= set(doc)
    tables = {t["name"]: t for t in doc["tables"]}
    assert tables["token"]["parameters"] == 6_488_832
    assert tables["position"]["parameters"] == 786_432
    assert doc["embedding_parameters"] == 7_275_264
    assert round(tables["token"]["share_of_total"] * 100, 1) == 5.4
    assert doc["tying"]["verdict"] in VERDICTS and doc["tying"]["verdict"] == "untied"


def test_info_readable_table(capsys):
    assert main(["info", "--spec", "vocab_size=8449,d_model=768,n_positions=1024,tied=false,"
                 "total_parameters=120000000"]) == 0
    out = capsys.readouterr().out
    assert "6,488,832" in out and "786,432" in out and "7,275,264" in out and "5.4%" in out


def test_models_json_lists_default_first(capsys):
    doc = _json(capsys, "models", "--json")
    assert doc[0]["name"] == "all-minilm-l6-v2"
    assert all(set(d) == {"name", "description", "format", "path"} for d in doc)


@pytest.mark.parametrize("argv, fragment", [
    (["info", "/no/such/path", "--json"], "/no/such/path"),
    (["info", "--spec", "d_model=3"], "vocab_size"),
    (["info"], "SOURCE"),
    (["info", "--frobnicate"], "unrecognized"),
])
def test_bad_input_exits_2_with_one_line(argv, fragment):
    result = subprocess.run([sys.executable, "-m", "dashboard", *argv], capture_output=True, text=True)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0] and "Traceback" not in result.stderr


def test_info_json_of_a_shard_keeps_the_folder_keys_and_notes_how_it_was_read(tmp_path, capsys):
    folder = factories.llama_folder(tmp_path / "llama", tied=False, max_shard_size="20KB")
    shard = json.loads((folder / "model.safetensors.index.json").read_text())["weight_map"]["model.embed_tokens.weight"]
    doc = _json(capsys, "info", str(folder / shard), "--json")
    whole = _json(capsys, "info", str(folder), "--json")
    assert doc.keys() == whole.keys() and INFO_KEYS <= set(doc)
    assert (doc["architecture"], doc["tying"]["verdict"]) == ("llama", "untied")
    assert doc["total_parameters"] == whole["total_parameters"]
    assert any(note.startswith(f"read as the model folder {folder}: config.json beside {shard}")
               for note in doc["notes"])


def test_json_output_stays_utf8_for_a_path_with_a_byte_that_is_not(capsys):
    """A path's 0xFF byte (kept by Python as the lone surrogate U+DCFF) went out raw: the output was not UTF-8
    and no JSON reader took it (found by a helper trying to break the command line)."""
    from dashboard.cli.output import print_json

    print_json({"source": "/tmp/\udcffmodel.npy", "name": "한국어"})
    out = capsys.readouterr().out
    assert "\\udcff" in out and "한국어" in out
    assert json.loads(out.encode("utf-8").decode("utf-8")) == {"source": "/tmp/\udcffmodel.npy", "name": "한국어"}
