"""Every page is registered once and guarded by the router."""

import ast
from pathlib import Path

from dashboard.ui.navigation import PAGES

ROOT = Path(__file__).resolve().parents[2]


def test_every_page_file_is_registered_once():
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "pages").glob("*.py"))
    registered = [spec.path for spec in PAGES]
    assert sorted(registered) == files
    assert len(set(registered)) == len(registered)


def test_every_page_calls_ensure_routed_before_anything_else():
    for spec in PAGES:
        body = ast.parse((ROOT / spec.path).read_text()).body
        statements = [node for node in body if not isinstance(node, (ast.Import, ast.ImportFrom))
                      and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]
        first = statements[0]
        assert isinstance(first, ast.Expr) and isinstance(first.value, ast.Call), spec.path
        assert getattr(first.value.func, "id", None) == "ensure_routed", f"{spec.path} must start with ensure_routed()"


def test_pages_of_one_section_are_declared_together_so_the_navigation_keeps_their_order():
    sections = [spec.section for spec in PAGES]
    seen = [s for i, s in enumerate(sections) if i == 0 or s != sections[i - 1]]
    assert len(seen) == len(set(seen)), f"a section is split in two: {seen}"
    assert PAGES[0].path == "pages/overview.py"
