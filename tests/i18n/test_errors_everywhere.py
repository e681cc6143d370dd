"""Every typed error the library raises on bad input is a catalogue message, so a page shows it in the reader's
language; the command line (dashboard/cli) speaks English only and is left out."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.i18n.test_korean_ckpt import _makes_message, _message_variables, _raises, _text_helpers

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(p for p in [*(ROOT / "dashboard").rglob("*.py"), *(ROOT / "pages").glob("*.py")]
                 if "cli" not in p.relative_to(ROOT).parts and "catalogue" not in p.parts)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_typed_error_is_made_from_a_catalogue_message(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    helpers = _text_helpers(tree) | {"stat_refusal"}
    bad = []
    for node, scope in _raises(tree):
        first = node.exc.args[0] if node.exc.args else None
        if first is None or not (_makes_message(first, helpers) or (
                isinstance(first, ast.Name) and first.id in _message_variables(scope, helpers))):
            bad.append(node.lineno)
    assert not bad, f"{path.relative_to(ROOT)}: lines {bad} raise a typed error whose message is not a msg(...)"
