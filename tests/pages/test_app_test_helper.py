"""The page helper retries a run only for CPython 3.11's AST-builder race, never for the app's own errors."""

from streamlit.testing.v1 import AppTest

from tests.pages.app_test import _hit_cpython_ast_race


def test_only_the_ast_race_is_taken_for_a_retry():
    race = AppTest.from_string('raise SystemError("AST constructor recursion depth mismatch (before=42, after=39)")')
    assert _hit_cpython_ast_race(race.run())
    assert not _hit_cpython_ast_race(AppTest.from_string('raise SystemError("another")').run())
    assert not _hit_cpython_ast_race(AppTest.from_string('x = 1').run())
