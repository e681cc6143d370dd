"""The `neighbours` and `project` command-line contracts."""

import io
import json
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from dashboard.checkpoints import load_tables
from dashboard.cli import COMMANDS, main
from tests import factories
from tests.map_fixtures import ID, bert_with_tokenizer


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


def _json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_commands_are_registered():
    assert {"neighbours", "project"} <= set(COMMANDS)


@pytest.mark.parametrize("metric", ["cosine", "dot", "centered"])
def test_neighbours_json_is_nearest_first_without_the_query(folder, capsys, metric):
    document = _json(capsys, "neighbours", str(folder), "cat", "--k", "5", "--metric", metric, "--json")
    assert [set(d) for d in document] == [{"token", "id", "score"}] * 5
    assert ID["cat"] not in [d["id"] for d in document]
    scores = [d["score"] for d in document]
    assert scores == sorted(scores, reverse=True)
    token = load_tables(folder).token.astype(np.float64)
    if metric == "cosine":
        with np.errstate(invalid="ignore"):
            expected = token @ token[ID["cat"]] / np.linalg.norm(token, axis=1) / np.linalg.norm(token[ID["cat"]])
        assert scores[0] == pytest.approx(np.nanmax(np.delete(expected, ID["cat"])), rel=1e-5)  # row 0 is [PAD] = 0
    assert document[0]["token"] == load_tables(folder).token_label(document[0]["id"])


def test_neighbours_of_a_split_word_leave_out_every_piece(folder, capsys):
    document = _json(capsys, "neighbours", str(folder), "xylophone", "--k", "90", "--json")
    ids = {d["id"] for d in document}
    assert not ids & {ID["x"], ID["##yl"], ID["##ophone"]}
    main(["neighbours", str(folder), "xylophone", "--json"])
    assert "3 pieces" in capsys.readouterr().err  # how the word was read goes to stderr, JSON stays clean


@pytest.mark.parametrize("dims", [2, 3])
def test_project_writes_one_row_per_table_row(folder, tmp_path, dims):
    out = tmp_path / "map.csv"
    assert main(["project", str(folder), "--dims", str(dims), "--out", str(out)]) == 0
    frame = pd.read_csv(out, keep_default_na=False, na_values=[""])
    assert list(frame.columns) == ["id", "token", "x", "y", "z"][: 4 + (dims == 3)]
    assert list(frame["id"]) == list(range(factories.VOCAB))
    assert frame.loc[ID["cat"], "token"] == "cat"
    assert frame[["x", "y"]].notna().all().all()


def test_project_position_table_with_umap_is_seeded(folder, tmp_path):
    first, second = tmp_path / "a.csv", tmp_path / "b.csv"
    for out in (first, second):
        assert main(["project", str(folder), "--table", "position", "--method", "umap", "--seed", "7",
                     "--n-neighbors", "5", "--out", str(out)]) == 0
    frame = pd.read_csv(first)
    assert len(frame) == factories.N_POSITIONS and frame.loc[3, "token"] == "position 3"
    pd.testing.assert_frame_equal(frame, pd.read_csv(second))


def test_project_unseeded_umap_writes_every_row_and_says_it_will_not_repeat(folder, tmp_path, capsys):
    out = tmp_path / "fast.csv"
    assert main(["project", str(folder), "--method", "umap", "--unseeded", "--n-neighbors", "5",
                 "--out", str(out)]) == 0
    frame = pd.read_csv(out, keep_default_na=False, na_values=[""])
    assert len(frame) == factories.VOCAB and frame.loc[1:, ["x", "y"]].notna().all().all()  # row 0: all-zero [PAD]
    err = capsys.readouterr().err
    assert "random_state=None" in err and "another layout" in err and "1 row is all zero" in err


def _run(capsys, argv):
    """main() in this process: (exit status, stderr); argparse's exits included."""
    try:
        code = main(argv)
    except SystemExit as exit_:
        code = exit_.code
    return code, capsys.readouterr().err


@pytest.mark.parametrize("argv, fragment", [
    (["neighbours", "/no/such/path", "cat", "--json"], "/no/such/path"),
    (["neighbours", "{folder}", "cat", "--metric", "euclid", "--json"], "invalid choice"),
    (["neighbours", "{folder}", "cat", "--k", "0", "--json"], "at least 1"),
    (["project", "{folder}", "--dims", "4", "--out", "x.csv"], "invalid choice"),
    (["project", "{folder}", "--method", "isomap", "--out", "x.csv"], "invalid choice"),
    (["project", "{folder}", "--out", "/no/such/dir/x.csv"], "existing folder"),
    (["project", "{folder}"], "--out"),
    (["project", "{folder}", "--seed", "-1", "--out", "x.csv"], "2**32 - 1"),
    (["project", "{folder}", "--seed", "3", "--unseeded", "--out", "x.csv"], "not allowed with"),
])
def test_bad_input_exits_2_with_one_line(folder, capsys, argv, fragment):
    code, err = _run(capsys, [a.format(folder=folder) for a in argv])
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and fragment in lines[0]


@pytest.mark.parametrize("argv, fragment", [
    (["neighbours", "{folder}", "☃", "--json"], "[UNK]"),
    (["project", "{folder}", "--dims", "4", "--out", "x.csv"], "invalid choice"),
])
def test_bad_input_in_a_real_process_exits_2_without_traceback(folder, argv, fragment):
    argv = [a.format(folder=folder) for a in argv]
    result = subprocess.run([sys.executable, "-m", "dashboard", *argv], capture_output=True, text=True)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0] and "Traceback" not in result.stderr


def test_project_on_a_table_too_small_for_umap_exits_2(tmp_path, capsys):
    folder = bert_with_tokenizer(tmp_path / "bert")
    code = main(["project", str(folder), "--table", "position", "--method", "umap", "--n-neighbors", "100",
                 "--out", str(tmp_path / "x.csv")])
    assert code == 2 and "n_neighbors=100" in capsys.readouterr().err


@pytest.mark.parametrize("out, fragment", [
    ("b" * 300 + ".csv", "too long"),
    ("map\x00.csv", "NUL"),
    ("", "empty"),
    (".", "must be a file"),
])
def test_hostile_out_paths_exit_2_with_one_line(folder, capsys, out, fragment):
    code, err = _run(capsys, ["project", str(folder), "--out", out])
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and fragment in lines[0], err


def test_a_failed_write_exits_2_with_one_line(folder, tmp_path, capsys, monkeypatch):
    import errno
    from pathlib import Path

    def full_disk(self, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(self))

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    code, err = _run(capsys, ["project", str(folder), "--out", str(tmp_path / "map.csv")])
    assert code == 2 and "No space left on device" in err and len(err.strip().splitlines()) == 1


def test_project_the_output_head_of_an_untied_model(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "untied", tied=False)
    out = tmp_path / "head.csv"
    assert main(["project", str(folder), "--table", "head", "--out", str(out)]) == 0
    frame = pd.read_csv(out, keep_default_na=False, na_values=[""])
    assert len(frame) == factories.VOCAB
    token_out = tmp_path / "token.csv"
    assert main(["project", str(folder), "--out", str(token_out)]) == 0
    assert not np.allclose(frame[["x", "y"]], pd.read_csv(token_out)[["x", "y"]])  # another table, another map


def test_project_out_dash_writes_the_csv_to_stdout_not_a_file_named_dash(folder, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["project", str(folder), "--out", "-"]) == 0
    captured = capsys.readouterr()
    assert not (tmp_path / "-").exists()
    frame = pd.read_csv(io.StringIO(captured.out))
    assert list(frame.columns) == ["id", "token", "x", "y"] and len(frame) == factories.VOCAB
    assert f"wrote {factories.VOCAB:,} rows to stdout" in captured.err and "id,token" not in captured.err
    assert main(["project", str(folder), "--out", str(tmp_path / "map.csv")]) == 0
    assert (tmp_path / "map.csv").read_text(encoding="utf-8") == captured.out


def test_project_help_says_out_dash_is_stdout(capsys):
    with pytest.raises(SystemExit):
        main(["project", "--help"])
    assert "- for stdout" in capsys.readouterr().out
