"""The `compare` command-line contract, on bare GPT-2 state dicts like the bundled GPT's training snapshots."""

import json

import numpy as np
import pytest

from dashboard.checkpoints import load_tables
from dashboard.cli import COMMANDS, main
from dashboard.errors import ShapeMismatchError
from dashboard.training.compare import compare_checkpoints
from tests import factories
from tests.compare_factories import MOVED, write_run, write_snapshot
from tests.map_fixtures import tables_of

@pytest.fixture(scope="module")
def snapshots(tmp_path_factory):
    return write_run(tmp_path_factory.mktemp("run"))


def _json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_command_is_registered():
    assert "compare" in COMMANDS


def test_json_keeps_the_contract(snapshots, capsys):
    document = _json(capsys, "compare", snapshots["middle"], snapshots["end"], "--json")
    assert {"rows", "procrustes_residual", "cka", "knn_overlap_at_10", "top_drift"} <= set(document)
    assert document["rows"] == factories.VOCAB
    for key in ("procrustes_residual", "cka", "knn_overlap_at_10"):
        assert 0.0 <= document[key] <= 1.0
    assert [set(d) for d in document["top_drift"]] == [{"id", "token", "drift"}] * 20
    drifts = [d["drift"] for d in document["top_drift"]]
    assert drifts == sorted(drifts, reverse=True)
    assert document["top_drift"][0]["id"] == MOVED  # the one token moved beyond the rotation
    assert document["top_drift"][0]["token"] == f"#{MOVED}"  # a bare state dict has no vocabulary


def test_a_rotated_step_is_near_and_a_random_start_far(snapshots, capsys):
    near = _json(capsys, "compare", snapshots["middle"], snapshots["end"], "--table", "position", "--json")
    assert near["procrustes_residual"] < 0.01 and near["cka"] > 0.999 and near["knn_overlap_at_10"] > 0.95
    far = _json(capsys, "compare", snapshots["start"], snapshots["end"], "--table", "head", "--json")
    assert far["procrustes_residual"] > 0.8 and far["cka"] < 0.5 and far["knn_overlap_at_10"] < 0.3


def test_head_and_position_tables_are_the_ones_compared(snapshots):
    a, b = load_tables(snapshots["middle"]), load_tables(snapshots["end"])
    for table, rows in (("position", 48), ("head", 96)):
        comparison = compare_checkpoints(a, b, table)
        assert comparison.result.n_rows == rows
    assert compare_checkpoints(a, b, "position").labels[5] == "position 5"


def test_different_vocabularies_are_refused_naming_both_sizes(snapshots, tmp_path, capsys):
    other = write_snapshot(tmp_path / "other.safetensors", *(np.ones((n, 32)) + np.arange(n)[:, None] for n in (80, 48, 80)))
    assert main(["compare", snapshots["end"], other, "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "96" in captured.err and "80" in captured.err and "vocabularies differ" in captured.err


def test_same_size_with_other_token_strings_is_refused():
    table = np.random.default_rng(0).normal(size=(30, 8)).astype(np.float32)
    words = [f"t{i}" for i in range(30)]
    renamed = words[:4] + ["cat"] + words[5:]
    with pytest.raises(ShapeMismatchError, match=r"1 ids hold different tokens.*id 4: 't4' vs 'cat'"):
        compare_checkpoints(tables_of(table, words), tables_of(table, renamed))
    assert compare_checkpoints(tables_of(table, words), tables_of(table, words)).result.cka == pytest.approx(1.0)


def test_a_checkpoint_without_a_position_table_is_refused(tmp_path, capsys):
    llama = factories.llama_folder(tmp_path / "llama")
    assert main(["compare", str(llama), str(llama), "--table", "position"]) == 2
    assert "no position table" in capsys.readouterr().err


def test_text_output_lists_the_movers(snapshots, capsys):
    assert main(["compare", snapshots["middle"], snapshots["end"], "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert "procrustes residual" in out and f"#{MOVED}" in out


def test_the_refusal_names_rotary_once(tmp_path, capsys):
    llama = factories.llama_folder(tmp_path / "llama")
    assert main(["compare", str(llama), str(llama), "--table", "position"]) == 2
    err = capsys.readouterr().err
    assert "no position table (rotary: queries and keys are rotated" in err and err.count("rotary") == 1


def test_a_tied_checkpoints_head_is_its_token_table_and_a_note_on_stderr_says_so(tmp_path, capsys):
    tied = str(factories.gpt2_folder(tmp_path / "tied", tied=True))
    untied = str(factories.gpt2_folder(tmp_path / "untied", tied=False))
    capsys.readouterr()  # transformers' "Writing model shards" bars, where a process shows them
    assert main(["compare", tied, untied, "--table", "head", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["rows"] == factories.VOCAB  # stdout stays the one JSON object
    notes = captured.err.splitlines()
    assert len(notes) == 1 and notes[0].startswith("note: tied ") and "tied (" in notes[0], notes
    assert notes[0].endswith("its token embedding table is compared as its head")
    for argv in ([untied, untied, "--table", "head"], [tied, untied, "--table", "token"]):
        assert main(["compare", *argv]) == 0 and capsys.readouterr().err == ""  # nothing stood in: no note
