"""The `undertrained` command-line contract, on a bare GPT-2 state dict whose never-looked-up rows are known."""

import json

import numpy as np
import pytest

from dashboard.training.undertrained import INDICATORS
from dashboard.cli import COMMANDS, main
from tests.training.test_undertrained import D_MODEL, N_ROWS, SILENT


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory):
    """A bare GPT-2 state dict with an untied head whose rows 50, 77, ... were never looked up."""
    from safetensors.numpy import save_file

    rng = np.random.default_rng(2)
    token = rng.normal(size=(N_ROWS, D_MODEL))
    token[SILENT] *= 0.05
    path = tmp_path_factory.mktemp("undertrained") / "model.safetensors"
    save_file({"transformer.wte.weight": token.astype(np.float32),
               "transformer.wpe.weight": rng.normal(size=(32, D_MODEL)).astype(np.float32),
               "lm_head.weight": rng.normal(size=(N_ROWS, D_MODEL)).astype(np.float32)}, str(path))
    return str(path)


def test_cli_contract(snapshot, capsys):
    assert "undertrained" in COMMANDS
    assert main(["undertrained", snapshot, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert set(document) == {"indicator", "threshold", "candidates"}
    assert document["indicator"] == "E_in L2 norm"
    assert [set(c) for c in document["candidates"]] == [{"id", "token", "score"}] * len(document["candidates"])
    assert len(document["candidates"]) == 20  # 2% of 1,000 rows
    assert {c["id"] for c in document["candidates"][:10]} == set(SILENT)
    scores = [c["score"] for c in document["candidates"]]
    assert scores == sorted(scores) and scores[-1] <= document["threshold"]
    assert document["candidates"][0]["token"].startswith("#")


def test_cli_refuses_cosine_without_reference_rows(snapshot, capsys):
    assert main(["undertrained", snapshot, "--indicator", "cosine", "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "unused" in captured.err
    assert main(["undertrained", snapshot, "--indicator", "cosine", "--unused", "1,x"]) == 2
    assert "--unused must be token ids" in capsys.readouterr().err
    assert main(["undertrained", snapshot, "--indicator", "cosine", "--unused", "50,77", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["indicator"] == INDICATORS["cosine"]


@pytest.mark.parametrize("percentile, named", [(2, "the 2nd percentile"), (1, "the 1st percentile"),
                                               (3, "the 3rd percentile"), (11, "the 11th percentile")])
def test_the_summary_line_names_the_percentile_with_its_ordinal(snapshot, capsys, percentile, named):
    assert main(["undertrained", snapshot, "--percentile", str(percentile)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith(f"({named})"), first
