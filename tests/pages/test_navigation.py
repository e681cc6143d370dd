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


def test_a_callback_speaks_the_sessions_language_though_it_runs_before_the_router():
    """Streamlit runs a widget's callback before the script, so before app.py applies the language: the spinner of
    an upload being read said "Reading the embedding tables" on a Korean page."""
    from streamlit.testing.v1 import AppTest

    from dashboard.ui import state

    def script():
        import streamlit as st

        from dashboard.i18n import t
        from dashboard.ui.language import in_session_language

        def say():
            st.session_state["said"] = t("loading.reading")

        st.button("plain", on_click=say)
        st.button("wrapped", on_click=in_session_language(say))

    at = AppTest.from_function(script)
    at.session_state[state.LANGUAGE] = "ko"
    at.run()
    at.button[0].click().run()
    assert at.session_state["said"].startswith("Reading")  # what a bare callback says: why the wrapper exists
    at.button[1].click().run()
    assert at.session_state["said"].startswith("임베딩 테이블")


#: Callbacks that only set session state: nothing they do is shown, so they need no language.
SILENT_CALLBACKS = {"apply_preset", "keep_guess", "_play", "cancel_request"}


def test_every_callback_that_may_show_text_runs_in_the_sessions_language():
    root = Path(__file__).resolve().parents[2]
    unwrapped = []
    for path in [*(root / "pages").glob("*.py"), *(root / "dashboard" / "ui").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg in ("on_click", "on_change"):
                value = node.value
                wrapped = isinstance(value, ast.Call) and getattr(value.func, "id", None) == "in_session_language"
                silent = isinstance(value, ast.Constant) or getattr(value, "id", None) in SILENT_CALLBACKS
                if not (wrapped or silent):
                    unwrapped.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not unwrapped, unwrapped
