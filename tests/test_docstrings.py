"""Public functions and classes carry docstrings, and a function that raises says so in ``Raises:``.

Checked statically (``ast``) over every package of the library. Methods that
only implement a documented protocol (``TensorStore.keys`` ...) and raise
nothing themselves may go without their own docstring.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "dashboard"
#: Checked folders and top-level modules.
CHECKED = ["checkpoints", "cli", "charts", "analysis", "forward", "ui", "maps", "lessons/*", "training", "wall",
           "cluster", "tables.py", "errors.py", "exports.py"]
FILES = sorted(p for name in CHECKED for p in ([ROOT / name] if name.endswith(".py") else ROOT.glob(f"{name}/*.py")))


def _raises(function: ast.FunctionDef) -> bool:
    """True when the function's own body raises an exception (nested functions excluded)."""
    stack = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Raise) and node.exc is not None:
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
    return False


def _problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        public = isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_")
        if public and not ast.get_docstring(node):
            found.append(f"{node.name} (line {node.lineno}) has no docstring")
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_") and _raises(node):
            if "Raises:" not in (ast.get_docstring(node) or ""):
                found.append(f"{node.name} (line {node.lineno}) raises but has no Raises: section")
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_public_api_is_documented(path):
    assert _problems(path) == []
