"""`python -m dashboard perturb`: the JSON contract and exit status 2 on bad input."""

import json
import subprocess
import sys

import pytest

from dashboard.cli import COMMANDS, main
from dashboard.forward.perturbation import DEFAULT_PROMPT
from tests import factories, reorder_factories
from tests.perturb_fixtures import PROMPT, gpt2_tied, gpt2_untied  # noqa: F401 (fixtures)

CONTRACT = {"token_id", "table", "tying", "shared_storage", "token_row_max_abs_change", "head_row_max_abs_change",
            "other_table_changed", "top5_before", "top5_after"}


def _json(capsys, *argv) -> dict:
    assert main(["perturb", *map(str, argv), "--prompt", PROMPT, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_perturb_is_registered():
    assert COMMANDS["perturb"].__name__ == "dashboard.cli.perturb"


@pytest.mark.parametrize("tied", [True, False])
def test_json_contract_tied_and_untied(gpt2_tied, gpt2_untied, tied, capsys):
    folder = gpt2_tied if tied else gpt2_untied
    document = _json(capsys, folder, "--token", "cat", "--table", "token", "--noise", "2")
    assert CONTRACT <= set(document)
    assert document["token_id"] == 1 + 1 + reorder_factories.WORDS.index("cat")  # <|endoftext|>, [UNK], words
    assert document["table"] == "token" and document["tying"] == ("tied-implied" if tied else "untied")
    assert document["shared_storage"] is tied and document["other_table_changed"] is tied
    assert isinstance(document["token_row_max_abs_change"], float) and document["token_row_max_abs_change"] > 0
    assert document["head_row_max_abs_change"] == (document["token_row_max_abs_change"] if tied else 0.0)
    for key in ("top5_before", "top5_after"):
        assert len(document[key]) == 5
        assert all(set(item) >= {"token", "probability"} and 0 <= item["probability"] <= 1 for item in document[key])
        probabilities = [item["probability"] for item in document[key]]
        assert probabilities == sorted(probabilities, reverse=True)


def test_same_seed_same_document_other_seed_other_noise(gpt2_untied, capsys):
    first = _json(capsys, gpt2_untied, "--token", "#5", "--table", "head", "--noise", "1", "--seed", "4")
    again = _json(capsys, gpt2_untied, "--token", "#5", "--table", "head", "--noise", "1", "--seed", "4")
    other = _json(capsys, gpt2_untied, "--token", "#5", "--table", "head", "--noise", "1", "--seed", "5")
    assert first == again and other["head_row_max_abs_change"] != first["head_row_max_abs_change"]
    assert first["token_row_max_abs_change"] == 0.0 and first["other_table_changed"] is False


def test_zero_and_scale(gpt2_untied, capsys):
    zero = _json(capsys, gpt2_untied, "--token", "cat", "--table", "head", "--zero")
    assert zero["change"]["kind"] == "zero" and zero["top5_after"] != zero["top5_before"]
    unit = _json(capsys, gpt2_untied, "--token", "cat", "--table", "head", "--scale", "1")
    assert unit["head_row_max_abs_change"] == 0.0 and unit["top5_after"] == unit["top5_before"]


def test_readable_output(gpt2_tied, capsys):
    assert main(["perturb", str(gpt2_tied), "--token", "cat", "--table", "head", "--prompt", PROMPT]) == 0
    out = capsys.readouterr().out
    assert "one storage (data_ptr): True" in out and "token table changed: True" in out and "before" in out


def _status(capsys, argv) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's usage errors
        status = exit_.code
    captured = capsys.readouterr()
    return status, captured.err, captured.out


@pytest.mark.parametrize("extra, fragment", [
    (["--token", "zebra", "--table", "token"], "zebra"),
    (["--token", "cat", "--table", "wte"], "invalid choice"),
    (["--token", "cat", "--table", "token", "--zero", "--scale", "2"], "not allowed with"),
    (["--token", "cat", "--table", "token", "--noise", "0"], "above 0"),
    (["--token", "cat", "--table", "token", "--scale", "nan"], "finite"),
    (["--token", "cat", "--table", "token", "--prompt", " "], "empty"),
    (["--table", "token"], "--token"),
])
def test_bad_input_returns_2_with_one_line(gpt2_untied, extra, fragment, capsys):
    status, err, out = _status(capsys, ["perturb", str(gpt2_untied), *extra, "--json"])
    lines = err.strip().splitlines()
    assert status == 2 and len(lines) == 1 and fragment in lines[0] and out == "", err


def test_model_without_head_exits_2_from_the_shell_with_one_line(tmp_path):
    bert = reorder_factories.bert_with_words(tmp_path / "bert")
    result = subprocess.run([sys.executable, "-m", "dashboard", "perturb", str(bert), "--token", "cat", "--table",
                             "token", "--json"], capture_output=True, text=True)
    assert result.returncode == 2 and result.stdout == ""
    (line,) = result.stderr.strip().splitlines()
    assert "has no output head" in line and "tiny-gpt-pydocs" in line


@pytest.fixture(scope="module")
def bare_gpt2(tmp_path_factory):
    """GPT-2 folders as save_pretrained writes them: no tokenizer file, rows only numbered."""
    root = tmp_path_factory.mktemp("bare")
    return {tied: factories.gpt2_folder(root / f"tied-{tied}", tied=tied) for tied in (True, False)}


def _no_prompt_json(capsys, *argv) -> dict:
    assert main(["perturb", *map(str, argv), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("tied", [True, False])
def test_without_tokenizer_or_prompt_the_prompt_is_ids_from_the_changed_row(bare_gpt2, tied, capsys):
    document = _no_prompt_json(capsys, bare_gpt2[tied], "--token", "#5", "--table", "token")
    assert CONTRACT <= set(document)
    assert document["prompt"] == "#5 #6 #7 #8" and document["prompt_ids"] == [5, 6, 7, 8]
    assert "no --prompt was given" in document["prompt_note"] and "#5 #6 #7 #8" in document["prompt_note"]
    assert document["tokenizer"].startswith("no tokenizer")  # what the words were read with, said in the JSON
    assert document["tying"] == ("tied-implied" if tied else "untied")
    assert document["other_table_changed"] is tied and document["shared_storage"] is tied
    assert document["route"] == "model" and len(document["top5_before"]) == 5
    assert document["top5_before"] != document["top5_after"]  # the changed row is in the prompt


def test_the_id_prompt_stays_inside_the_table_and_is_noted_in_readable_output(bare_gpt2, capsys):
    last = factories.VOCAB - 1
    document = _no_prompt_json(capsys, bare_gpt2[False], "--token", f"#{last}", "--table", "head")
    assert document["prompt_ids"] == list(range(last - 3, last + 1))
    assert main(["perturb", str(bare_gpt2[False]), "--token", "#5", "--table", "head"]) == 0
    assert "note: no --prompt was given" in capsys.readouterr().out


def test_an_explicit_prompt_without_tokenizer_is_used_as_given(bare_gpt2, capsys):
    status, err, out = _status(capsys, ["perturb", str(bare_gpt2[True]), "--token", "#5", "--table", "token",
                                        "--prompt", "The value of the", "--json"])
    assert status == 2 and "'The'" in err and out == ""
    document = _json_with_prompt(capsys, bare_gpt2[True], "#9 #3")
    assert document["prompt_ids"] == [9, 3] and document["prompt_note"] is None


def _json_with_prompt(capsys, folder, prompt) -> dict:
    assert main(["perturb", str(folder), "--token", "#5", "--table", "token", "--prompt", prompt, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_with_a_tokenizer_the_default_prompt_is_the_english_one(gpt2_tied, capsys):
    document = _no_prompt_json(capsys, gpt2_tied, "--token", "cat", "--table", "token")
    assert document["prompt"] == DEFAULT_PROMPT and document["prompt_note"] is None
    assert "tokenizer.json" in document["tokenizer"]


@pytest.mark.parametrize("prompt", ["", "   "])
def test_an_empty_prompt_is_refused_not_replaced_by_the_default(gpt2_untied, prompt, capsys):
    """'--prompt ""' ran on the default prompt and said nothing of it (found by a helper trying to break the CLI)."""
    assert main(["perturb", str(gpt2_untied), "--token", "cat", "--table", "head", "--zero", "--prompt", prompt]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "empty" in captured.err and len(captured.err.strip().splitlines()) == 1
