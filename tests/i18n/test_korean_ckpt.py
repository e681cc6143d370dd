"""The readers' and the forward builders' errors and notes are catalogue messages, readable in Korean.

Three checks: (1) every typed error raised in these modules is made from a
``msg(...)`` (so a page can render it in the reader's language); (2) every
literal key those modules pass to ``msg`` exists with exactly the parameters
its English text names; (3) real bad checkpoints, written by the test
factories, raise errors whose ``render(error, "ko")`` is Korean while
``str(error)`` stays the English the CLI and the other tests read.
"""

from __future__ import annotations

import ast
import os
import re
import string
from pathlib import Path

import numpy as np
import pytest
import torch

import dashboard.errors
from dashboard.checkpoints import load_tables
from dashboard.errors import (
    CheckpointReadError,
    ExplorerError,
    MissingTensorError,
    SourceNotFoundError,
    UnsafeCheckpointError,
    UnusablePathError,
)
from dashboard.i18n import Text, render
from dashboard.i18n import catalogue
from tests import factories
from tests import format_factories as ff

ROOT = Path(__file__).resolve().parents[2]
#: The modules this translation covers (tying.py, path_policy.py and runs.py are translated with their pages).
MODULES = sorted(
    [p for p in (ROOT / "dashboard/checkpoints").glob("*.py")
     if p.name not in ("tying.py", "path_policy.py", "runs.py")]
    + [ROOT / "dashboard/forward" / f"{name}.py"
       for name in ("loading", "nanogpt", "positions", "tokenizing", "passes")]
    + [ROOT / "dashboard/ui" / f"{name}.py" for name in ("forward_loading", "tokenizer_loading")])
#: The project's typed errors (builtin ones such as ValueError mark bugs, not bad input, and stay English).
TYPED_ERRORS = {name for name, value in vars(dashboard.errors).items()
                if isinstance(value, type) and issubclass(value, ExplorerError)}
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _is_msg_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "msg"


def _text_helpers(tree: ast.Module) -> set[str]:
    """The module's functions whose every ``return`` gives a ``msg(...)`` or ``None`` (``stat_refusal`` ...)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            returns = [r.value for r in ast.walk(node) if isinstance(r, ast.Return)]
            if any(_is_msg_call(value) for value in returns) and all(
                    _is_msg_call(value) or (isinstance(value, ast.Constant) and value.value is None)
                    for value in returns):
                names.add(node.name)
    return names


def _makes_message(node: ast.AST, helpers: set[str]) -> bool:
    return _is_msg_call(node) or (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                                  and node.func.id in helpers)


def _message_variables(function: ast.AST, helpers: set[str]) -> set[str]:
    """Names assigned a ``msg(...)`` (or a helper's message) somewhere in ``function``."""
    return {target.id for node in ast.walk(function)
            if isinstance(node, ast.Assign) and _makes_message(node.value, helpers)
            for target in node.targets if isinstance(target, ast.Name)}


def _raises(tree: ast.Module):
    """``(raise node, enclosing function or module)`` for every raise of a typed error (or of ``error(...)``)."""
    scopes = [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    seen = set()
    for scope in reversed(scopes):  # innermost function first
        for node in ast.walk(scope):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and id(node) not in seen:
                func = node.exc.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if name in TYPED_ERRORS or name == "error":
                    seen.add(id(node))
                    yield node, scope


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_every_typed_error_is_made_from_a_catalogue_message(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    helpers = _text_helpers(tree) | {"stat_refusal"}
    for node, scope in _raises(tree):
        args = node.exc.args
        assert args, f"{path.name}:{node.lineno}: a typed error without a message"
        first = args[0]
        ok = _makes_message(first, helpers) or (isinstance(first, ast.Name)
                                                and first.id in _message_variables(scope, helpers))
        assert ok, f"{path.name}:{node.lineno}: the error's message is not a msg(...)"


def _fields(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_every_literal_key_exists_with_the_parameters_its_text_names(path):
    messages = catalogue()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (_is_msg_call(node) and node.args):
            continue
        key = node.args[0]
        if isinstance(key, ast.JoinedStr):  # msg(f"note.ckpt.position.{kind}"): its family exists
            prefix = key.values[0].value
            assert any(k.startswith(prefix) for k in messages), f"{path.name}:{node.lineno}: no key {prefix}..."
        elif isinstance(key, ast.Constant):
            assert key.value in messages, f"{path.name}:{node.lineno}: {key.value} is not in the catalogue"
            given = {keyword.arg for keyword in node.keywords}
            assert given == _fields(messages[key.value].en), f"{path.name}:{node.lineno}: {key.value} parameters"


def _korean(error: BaseException, english: str | None = None) -> str:
    """``render(error, "ko")`` after checking that it is Korean and that ``str(error)`` is its English."""
    assert isinstance(error.args[0], Text), f"not a catalogue message: {error!r}"
    korean = render(error, "ko")
    assert _HANGUL.search(korean), korean
    assert str(error) == render(error, "en") and not _HANGUL.search(str(error))
    if english is not None:
        assert english in str(error)
    return korean


def test_a_missing_path_says_so_in_korean(tmp_path):
    with pytest.raises(SourceNotFoundError) as caught:
        load_tables(tmp_path / "nowhere.safetensors")
    korean = _korean(caught.value, "is neither an existing path nor a bundled checkpoint")
    assert "nowhere.safetensors" in korean and "default" in korean


def test_an_empty_path_names_its_role_in_korean():
    with pytest.raises(UnusablePathError) as caught:
        load_tables("   ")
    _korean(caught.value, "no checkpoint was given")


def test_a_truncated_safetensors_file_is_reported_in_korean(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    weights = folder / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[:200])
    with pytest.raises(CheckpointReadError) as caught:
        load_tables(folder)
    korean = _korean(caught.value)
    assert "model.safetensors" in korean


def test_an_unsafe_pickle_is_refused_in_korean(tmp_path):
    class Payload:
        def __reduce__(self):
            return os.system, ("true",)

    torch.save({"transformer.wte.weight": torch.zeros(4, 2), "payload": Payload()}, tmp_path / "evil.pt")
    with pytest.raises(UnsafeCheckpointError) as caught:
        load_tables(tmp_path / "evil.pt")
    korean = _korean(caught.value, "nothing was executed")
    assert "system" in korean and "실행하지 않았습니다" in korean


def test_a_gguf_without_a_token_table_names_the_missing_tensor_in_korean(tmp_path):
    import gguf

    path = tmp_path / "no-embeddings.gguf"
    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_embedding_length(64)
    writer.add_block_count(1)
    writer.add_tensor("blk.0.attn_norm.weight", np.ones(64, np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    with pytest.raises(MissingTensorError) as caught:
        load_tables(path)
    korean = _korean(caught.value, "the checkpoint has no token embedding tensor")
    assert "토큰 임베딩" in korean and "token_embd.weight" in korean


def test_a_config_of_another_model_is_reported_with_both_sizes_in_korean(tmp_path):
    from tests.hostile_factories import hf_folder_with_config

    folder = hf_folder_with_config(tmp_path / "m", vocab_size=factories.VOCAB + 5)
    with pytest.raises(ExplorerError) as caught:
        load_tables(folder)
    korean = _korean(caught.value)
    assert str(factories.VOCAB + 5) in korean


def test_reader_notes_and_position_notes_are_messages(tmp_path):
    path = ff.nanogpt_checkpoint(tmp_path / "run", prefix="_orig_mod.")
    tables = load_tables(path)
    assert tables.notes and all(isinstance(note, Text) for note in tables.notes)
    assert all(_HANGUL.search(render(note, "ko")) for note in tables.notes)
    assert isinstance(tables.position_note, Text) and _HANGUL.search(render(tables.position_note, "ko"))
