"""`python -m dashboard reorder`: the JSON contract and exit status 2 on bad input."""

import json
import subprocess
import sys

import pytest

from dashboard.cli import COMMANDS, main
from tests import factories, reorder_factories

NUMBER_KEYS = {"lookup_max_abs_diff", "attention_max_abs_diff", "model_max_abs_diff", "pooled_cosine"}


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    return reorder_factories.bert_with_words(tmp_path_factory.mktemp("bert") / "bert")


def test_reorder_is_registered():
    assert COMMANDS["reorder"].__name__ == "dashboard.cli.reorder"


def test_json_contract(bert, capsys):
    assert main(["reorder", str(bert), reorder_factories.SENTENCE, "--order", "2,1,0,3,4,5", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["tokens"] == ["[CLS]", "the", "cat", "sat", "on", "a", "mat", "[SEP]"]
    assert document["permuted_tokens"] == ["[CLS]", "sat", "cat", "the", "on", "a", "mat", "[SEP]"]
    assert document["causal"] is False and "tokenizer.json" in document["tokenizer"]
    for setting in ("with_positions", "without_positions"):
        assert NUMBER_KEYS <= set(document[setting])
        assert all(isinstance(document[setting][key], float) for key in NUMBER_KEYS)
    assert document["without_positions"]["model_max_abs_diff"] < 1e-5
    assert document["without_positions"]["pooled_cosine"] == pytest.approx(1.0, abs=1e-6)
    assert document["with_positions"]["model_max_abs_diff"] > 1e-3


def test_unknown_words_are_listed_in_the_json(bert, capsys):
    assert main(["reorder", str(bert), "the ☃ cat", "--order", "2 1 0", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["unknown_words"] == ["☃"] and document["permuted_tokens"][1:4] == ["cat", "[UNK]", "the"]


def test_readable_table(bert, capsys):
    assert main(["reorder", str(bert), reorder_factories.SENTENCE, "--order", "shuffle:2"]) == 0
    out = capsys.readouterr().out
    assert "permuted tokens:" in out and "pooled_cosine" in out and "without_positions" in out


@pytest.mark.parametrize("extra, fragment", [
    (["--order", "0,0,1,2,3,4"], "repeats 0"),
    (["--order", "0,1,2"], "has 3 indices but the sentence has 6"),
    (["--order", "sideways"], "not understood"),
])
def test_bad_order_returns_2_with_one_line(bert, extra, fragment, capsys):
    assert main(["reorder", str(bert), reorder_factories.SENTENCE, *extra, "--json"]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0] and captured.out == ""


def test_reorder_command_on_a_gguf_model_keeps_stderr_quiet(tmp_path):
    """transformers' GGUF loader draws a progress bar per tensor; the CLI's stderr is for errors only."""
    from tests.tokenizer_factories import llama_gguf

    path, _ = llama_gguf(tmp_path / "tiny-llama.gguf")
    result = subprocess.run([sys.executable, "-m", "dashboard", "reorder", str(path), "the cat sat on a mat", "--json"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stderr == ""
    document = json.loads(result.stdout)
    assert document["causal"] is True and document["tokens"][:2] == ["the", "␣cat"]  # a leading space shown as ␣


def test_bad_input_from_the_shell_exits_2_with_one_line_and_no_traceback(bert, tmp_path):
    for argv in (["reorder", str(bert), reorder_factories.SENTENCE, "--order", "9,8"],
                 ["reorder", str(tmp_path / "missing"), "a b"],
                 ["reorder", "default"]):
        result = subprocess.run([sys.executable, "-m", "dashboard", *argv], capture_output=True, text=True)
        assert result.returncode == 2, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr


def test_reverse_words_is_a_new_order_value_and_reverse_keeps_its_meaning(tmp_path, capsys):
    """On a vocabulary that splits words, --order reverse-words keeps each word's pieces together; reverse is
    the token reversal it always was, and the JSON keys stay."""
    from tokenizers import Tokenizer
    from tokenizers.models import WordPiece
    from tokenizers.pre_tokenizers import WhitespaceSplit

    folder = factories.gpt2_folder(tmp_path / "gpt2")
    vocab = {"<|endoftext|>": 0, "[UNK]": 1, "the": 2, "c": 3, "##at": 4, "s": 5, "on": 6}
    tokenizer = Tokenizer(WordPiece(vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = WhitespaceSplit()
    tokenizer.save(str(folder / "tokenizer.json"))
    documents = {}
    for order in ("reverse", "reverse-words"):
        assert main(["reorder", str(folder), "the cat sat on", "--order", order, "--json"]) == 0
        documents[order] = json.loads(capsys.readouterr().out)
    assert documents["reverse"]["tokens"] == ["the", "c", "##at", "s", "##at", "on"]
    assert documents["reverse"]["permuted_tokens"] == ["on", "##at", "s", "##at", "c", "the"]
    assert documents["reverse-words"]["permuted_tokens"] == ["on", "s", "##at", "c", "##at", "the"]
    assert set(documents["reverse"]) == set(documents["reverse-words"])
    assert documents["reverse-words"]["order"] == "reverse-words"
