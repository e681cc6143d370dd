"""Outside text in a real browser: escaped, it draws as its characters, with no link, image or formatting.

Two layers: the escaping helper in every kind of text element (a probe
script), and the app's own pages opened with crafted links.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest

from tests.e2e.browser import open_page, save_screenshot
from tests.e2e.markdown_probe_app import ATTACKS
from tests.e2e.server import free_port
from scripts.local_server import run_streamlit

WORD_JOINER = "\u2060"
#: What no outside text may produce in the page's main area.
MARKUP = {"links": "a:not([href^='#'])", "images": "img", "math": ".katex", "bold": "strong, b", "italic": "em",
          "strike": "del",
          "headings inside text": ":is([data-testid='stMarkdown'], [data-testid='stAlert']) :is(h1, h2, h3)",
          "lists": "li", "quotes": "blockquote", "icons": "[data-testid='stIconMaterial']",
          "coloured text": "span[class*='Color'], span[style*='color']"}


def markup_found(page, scope: str = "[data-testid='stMain'] [data-testid='stMarkdownContainer']") -> dict[str, int]:
    """Markup of each kind inside the page's text (the app's own icons, on alerts and buttons, sit outside it)."""
    found = {name: page.locator(f"{scope} :is({selector})").count() for name, selector in MARKUP.items()}
    return {name: n for name, n in found.items() if n}


def links_to(page, host: str) -> list[str]:
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")
    return [h for h in hrefs if host in h]


def main_text(page) -> str:
    return page.inner_text("[data-testid='stMain']").replace(WORD_JOINER, "")


@pytest.fixture(scope="module")
def probe_url(tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("probe") / "streamlit.log"
    with run_streamlit(port=port, log_path=log, script="tests/e2e/markdown_probe_app.py") as server:
        yield server.url


def test_escaped_text_draws_verbatim_in_every_text_element(page, probe_url):
    open_page(page, probe_url + "/")
    save_screenshot(page, "markdown-probe")
    # (A title's own anchor link, href="#...", is Streamlit's, not the text's.)
    found = markup_found(page)
    assert found == {}, found
    assert links_to(page, "evil.example") == []
    text = main_text(page)
    for name, attack in ATTACKS.items():
        shown = f"{name}: " + " ".join(attack.split("\n"))
        # st.markdown, st.error, st.caption and the code span each show it once.
        assert text.count(shown) == 4, (name, shown)
    assert page.locator("h1").first.inner_text().replace(WORD_JOINER, "") == ATTACKS["link"]


def test_a_crafted_query_link_shows_as_text_on_the_neighbours_page(page, app_url):
    attack = "[Session expired, log in again](https://evil.example/login)"
    open_page(page, f"{app_url}/neighbours?query={quote(attack)}")
    save_screenshot(page, "neighbours-crafted-link")
    assert links_to(page, "evil.example") == []
    assert markup_found(page) == {}
    assert attack in main_text(page)


def test_a_crafted_highlight_regex_shows_as_text_in_the_token_maps_error(page, app_url):
    attack = "![logo](https://evil.example/p.png) **Session expired** :red[log in]("
    open_page(page, f"{app_url}/token_map?regex=1&highlight={quote(attack)}")
    assert page.locator("img[src*='evil.example']").count() == 0
    assert "is not a regular expression this search accepts" in main_text(page)
    assert attack in main_text(page)
    errors = page.locator("[data-testid='stAlertContentError']")
    assert errors.count() == 1 and markup_found(page, "[data-testid='stAlertContentError']") == {}


def test_an_ignored_link_value_is_quoted_as_text(page, app_url):
    attack = "[x](https://evil.example) $$x$$"
    open_page(page, f"{app_url}/neighbours?k={quote(attack)}")
    warning = page.locator("[data-testid='stAlertContentWarning']").first
    assert "Ignored from the link: k=" + attack in warning.inner_text().replace(WORD_JOINER, "")
    assert links_to(page, "evil.example") == [] and markup_found(page) == {}
