"""Every AppTest run is made once more for CPython 3.11's AST-builder race, never for the app's own errors."""

from streamlit.testing.v1 import AppTest

from tests.pages.app_test import _hit_cpython_ast_race

RACE = 'SystemError("AST constructor recursion depth mismatch (before=42, after=39)")'
#: A script that counts its runs and raises ``error`` on the runs listed in ``raise_on``, after drawing a checkbox.
SCRIPT = """
import streamlit as st
seeded = st.checkbox("seed")
st.session_state.runs = st.session_state.get("runs", 0) + 1
if st.session_state.runs in {raise_on}:
    raise {error}
st.write(f"seed={{seeded}}")
"""


def script(error: str, raise_on: set[int]) -> AppTest:
    return AppTest.from_string(SCRIPT.format(error=error, raise_on=raise_on))


def test_only_the_ast_race_is_recognised():
    assert _hit_cpython_ast_race(AppTest.from_string(f"raise {RACE}").run())
    assert not _hit_cpython_ast_race(AppTest.from_string('raise SystemError("another")').run())
    assert not _hit_cpython_ast_race(AppTest.from_string('x = 1').run())


def test_a_first_run_that_hit_the_race_is_made_once_more():
    at = script(RACE, {1}).run()
    assert not at.exception
    assert at.session_state.runs == 2


def test_a_widget_change_that_hit_the_race_is_made_again_with_the_same_widget_states():
    at = script(RACE, {2}).run()
    at.checkbox[0].check().run()
    assert not at.exception
    assert at.session_state.runs == 3
    assert at.markdown[0].value == "seed=True"


def test_a_race_that_comes_back_is_shown_after_one_retry():
    at = script(RACE, {1, 2, 3}).run()
    assert _hit_cpython_ast_race(at)
    assert at.session_state.runs == 2


def test_the_apps_own_error_is_never_retried():
    at = script('SystemError("another")', {1}).run()
    assert at.exception
    assert at.session_state.runs == 1
