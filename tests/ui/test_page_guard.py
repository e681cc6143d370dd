"""The last-resort guard: a page that raises shows a short message with details folded away, and the app goes on.

Each page is opened as the first run of ``app.py`` (``switch_page`` before
``run``), the way a browser opens a link: the router runs and runs the page
inside the guard. (AppTest runs a page switched to after a first run on its
own, without the router, so that path would not show the guard.)
"""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import dashboard.ui.table_pages as table_pages
from dashboard.errors import QueryError
from dashboard.ui.page_guard import MESSAGE

ROOT = Path(__file__).resolve().parents[2]


def _raise(error):
    def page_function(*args, **kwargs):
        raise error
    return page_function


def _open(page: str) -> AppTest:
    return AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).switch_page(page).run()


def test_an_unexpected_exception_is_a_short_message_and_the_app_keeps_serving(monkeypatch):
    monkeypatch.setattr(table_pages, "open_table_page", _raise(RuntimeError("boom in /srv/private/model.py")))
    at = _open("pages/similarity.py")
    assert not at.exception, [e.value for e in at.exception]  # no traceback in the page
    assert [e.value for e in at.error] == [MESSAGE]
    assert [x.label for x in at.expander] == ["Details for a bug report"]
    assert [t.value for t in at.expander[0].text] == ["RuntimeError: boom in /srv/private/model.py"]
    monkeypatch.undo()
    at.run()  # the same session, once the fault is gone: the page works again
    assert not at.exception and not at.error
    assert at.text_input(key="sim_terms").value


def test_a_typed_error_that_escapes_its_page_is_its_own_one_line_message(monkeypatch):
    monkeypatch.setattr(table_pages, "open_table_page", _raise(QueryError("token 'xyz' is not in the vocabulary")))
    at = _open("pages/similarity.py")
    assert not at.exception
    assert [e.value for e in at.error] == ["token 'xyz' is not in the vocabulary"]
    assert not at.expander


@pytest.mark.parametrize("page", ["pages/neighbours.py", "pages/token_map.py"])
def test_other_pages_are_behind_the_same_guard(monkeypatch, page):
    monkeypatch.setattr(table_pages, "open_table_page", _raise(KeyError("missing")))
    at = _open(page)
    assert not at.exception and [e.value for e in at.error] == [MESSAGE]


def test_a_failing_sidebar_spares_the_page(monkeypatch):
    import dashboard.ui.sidebar as sidebar

    monkeypatch.setattr(sidebar, "render_sidebar", _raise(ValueError("sidebar bug")))
    at = _open("pages/overview.py")
    assert not at.exception and [e.value for e in at.error] == [MESSAGE]
    assert at.metric  # the overview still shows its numbers
