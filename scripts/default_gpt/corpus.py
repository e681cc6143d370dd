"""The training corpus: the prose of Python 3.11's documentation, as plain text.

Source: Debian's ``python3.11-doc`` package (``apt-get install python3.11-doc``),
which installs the Sphinx-built HTML manual under ``/usr/share/doc/python3.11/html``.
Licence: PSF License Agreement (``/usr/share/doc/python3.11-doc/copyright`` and
the manual's own ``license.html``), which allows derivative works to be
distributed when PSF's copyright notice is kept.

Cleaning: only the text of ``<p>`` elements inside Sphinx's main body
(``<div class="body" role="main">``) is kept, so navigation, signatures,
tables of contents, indexes, table cells (lists of constants) and code blocks
(``<pre>``) are dropped. Inline
markup (links, ``<code>`` names such as ``iter()``) keeps its text. HTML is
parsed with the standard library's :class:`html.parser.HTMLParser`.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

DOCS_PACKAGE = "python3.11-doc"
DOCS_ROOT = Path("/usr/share/doc/python3.11/html")
COPYRIGHT_FILE = Path("/usr/share/doc/python3.11-doc/copyright")
COPYRIGHT_NOTICE = "Copyright © 2001-2023 Python Software Foundation; All Rights Reserved"

# Elements whose start tag is never closed: they must not count as nesting.
_VOID = {"br", "img", "hr", "meta", "link", "input", "wbr", "col", "area", "base", "source"}
_SPACE = re.compile(r"\s+")


class CorpusMissingError(RuntimeError):
    """The documentation package is not installed."""


class _ProseParser(HTMLParser):
    """Collects the text of ``<p>`` elements inside the main body, outside ``<pre>`` and ``<table>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.paragraphs: list[str] = []
        self._stack: list[str] = []
        self._main_depth: int | None = None  # stack depth of the main body div
        self._skip = 0  # open <pre> and <table> elements
        self._current: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag in _VOID:
            if tag == "br" and self._current is not None:
                self._current.append(" ")
            return
        self._stack.append(tag)
        if tag == "div" and self._main_depth is None and dict(attrs).get("role") == "main":
            self._main_depth = len(self._stack)
        elif tag in ("pre", "table"):
            self._skip += 1
        elif tag == "p" and self._main_depth is not None and not self._skip:
            self._current = []

    def handle_endtag(self, tag):
        if tag in _VOID or tag not in self._stack:
            return
        while self._stack:  # close anything left open inside (sloppy HTML)
            closed = self._stack.pop()
            if closed in ("pre", "table"):
                self._skip -= 1
            if closed == "p" and self._current is not None:
                text = _SPACE.sub(" ", "".join(self._current)).strip()
                if text:
                    self.paragraphs.append(text)
                self._current = None
            if self._main_depth is not None and len(self._stack) < self._main_depth:
                self._main_depth = None
            if closed == tag:
                break

    def handle_data(self, data):
        if self._current is not None and not self._skip:
            self._current.append(data)


def extract_prose(html: str) -> list[str]:
    """The paragraphs of one Sphinx HTML page, whitespace collapsed, in page order."""
    parser = _ProseParser()
    parser.feed(html)
    parser.close()
    # Sphinx appends a pilcrow permalink to headings and captions, never to <p>,
    # but a stray one costs nothing to drop.
    return [p.replace("¶", "").strip() for p in parser.paragraphs]


def find_pages(root: Path = DOCS_ROOT) -> list[Path]:
    """The manual's HTML pages in a fixed (sorted) order.

    Raises:
        CorpusMissingError: the package is not installed, with the command that installs it.
    """
    pages = sorted(root.rglob("*.html")) if root.is_dir() else []
    if not pages:
        raise CorpusMissingError(
            f"the training corpus is missing: no HTML pages under {root}. It comes from Debian's "
            f"{DOCS_PACKAGE} package: run `apt-get update && apt-get install -y {DOCS_PACKAGE}` (as root) "
            f"and start the training again"
        )
    return pages


def read_pages(root: Path = DOCS_ROOT) -> list[str]:
    """The corpus: one string per page with prose, paragraphs joined by newlines.

    Pages come in sorted path order and pages without prose (indexes, search)
    are left out, so the result is the same on every machine with the package.

    Returns:
        About 7 MB of plain UTF-8 prose for the 3.11.2 manual, in about 480 pages.

    Raises:
        CorpusMissingError: the package is not installed.
    """
    pages = []
    for page in find_pages(root):
        paragraphs = extract_prose(page.read_text(encoding="utf-8", errors="replace"))
        if paragraphs:
            pages.append("\n".join(paragraphs))
    return pages
