"""The app's pages, read from the ``st.Page(...)`` calls in ``app.py``.

Read from the source (not from the sidebar) because Streamlit hides the
navigation while an app has a single page, and so that a page added to
``app.py`` is covered by the browser tests without touching them. Title and
URL path follow Streamlit's own rule (``streamlit.navigation.page``): the
``title=`` / ``url_path=`` given, else the file name without its leading
number and icon, underscores shown as spaces in the title.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from streamlit.navigation.page import page_icon_and_name


@dataclass(frozen=True)
class AppPage:
    """One page: ``script`` relative to the app's folder, ``url_path`` without slashes ("" for the default)."""

    script: str
    title: str
    url_path: str
    default: bool

    def url(self, base: str) -> str:
        """Where a browser opens this page on the app served at ``base`` (no trailing slash)."""
        return f"{base}/" if self.default else f"{base}/{self.url_path}"


def _is_st_page(func: ast.expr) -> bool:
    return (isinstance(func, ast.Attribute) and func.attr == "Page") or (isinstance(func, ast.Name) and func.id == "Page")


def _literal_keywords(call: ast.Call) -> dict[str, object]:
    found = {}
    for keyword in call.keywords:
        try:
            found[keyword.arg] = ast.literal_eval(keyword.value)
        except ValueError:  # a computed argument: Streamlit's default applies as far as we can tell
            continue
    return found


def read_app_pages(app: Path) -> list[AppPage]:
    """Every ``st.Page("path.py", ...)`` in ``app`` with a literal path, in source order.

    Raises:
        ValueError: when ``app`` declares no such page (the tests would then cover nothing).
    """
    calls = [node for node in ast.walk(ast.parse(app.read_text(), str(app)))
             if isinstance(node, ast.Call) and _is_st_page(node.func) and node.args
             and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]
    pages = []
    for call in sorted(calls, key=lambda c: (c.lineno, c.col_offset)):
        script = call.args[0].value
        options = _literal_keywords(call)
        _, inferred = page_icon_and_name(app.parent / script)
        url_path = options.get("url_path") or inferred
        pages.append(AppPage(script=script, title=str(options.get("title") or inferred.replace("_", " ")),
                             url_path=str(url_path).strip().strip("/"), default=bool(options.get("default"))))
    if not pages:
        raise ValueError(f"{app} declares no st.Page('file.py', ...): nothing for the browser tests to open")
    if not any(p.default for p in pages):  # st.navigation makes the first page the default
        pages[0] = AppPage(pages[0].script, pages[0].title, pages[0].url_path, True)
    return pages
