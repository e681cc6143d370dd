"""The sidebar's language switch and the Korean uploader in Chromium, as a student uses them (every page in Korean
is drawn in :mod:`tests.e2e.test_pages`)."""

from __future__ import annotations

from tests.e2e.app_pages import read_app_pages
from tests.e2e.browser import nav_link_texts, open_page, settle
from tests.e2e.test_pages import _HANGUL, KOREAN_TITLES, with_lang

APP_PAGES = read_app_pages()


def test_the_sidebar_switch_turns_the_page_korean_and_keeps_the_model(page, app_url):
    open_page(page, f"{app_url}/?model=tiny-gpt-pydocs")
    assert page.locator("[data-testid='stMain'] h1").first.inner_text().startswith("Overview: tiny-gpt-pydocs")
    page.locator("[data-testid='stSidebar'] [data-testid='stRadio'] label").filter(has_text="한국어").click()
    settle(page)
    page.wait_for_function("() => new URL(location.href).searchParams.get('lang') === 'ko'")
    assert nav_link_texts(page) == KOREAN_TITLES
    heading = page.locator("[data-testid='stMain'] h1").first.inner_text()
    assert _HANGUL.search(heading) and "tiny-gpt-pydocs" in heading
    page.locator("[data-testid='stSidebar'] [data-testid='stRadio'] label").filter(has_text="English").click()
    settle(page)
    assert nav_link_texts(page) == [p.title for p in APP_PAGES]


UPLOAD_BUTTON_TEXT = "[data-testid='stFileUploaderDropzone'] button [data-testid='stMarkdownContainer'] p"
UPLOAD_LIMIT = "[data-testid='stFileUploaderDropzoneInstructions'] span"


def _uploader_texts(page) -> dict[str, str]:
    """What the uploader's button and limit line show: their ``::after`` content, else their own text (once both are
    drawn: the page's script may still be running when it opens)."""
    for selector in (UPLOAD_BUTTON_TEXT, UPLOAD_LIMIT):
        page.wait_for_selector(selector, state="attached", timeout=30_000)
    return page.evaluate("""([UPLOAD_BUTTON_TEXT, UPLOAD_LIMIT]) => {
      const shown = el => {
        const after = getComputedStyle(el, '::after').content;
        return after && after !== 'none' ? JSON.parse(after) : el.textContent;
      };
      const button = document.querySelector(UPLOAD_BUTTON_TEXT);
      const limit = document.querySelector(UPLOAD_LIMIT);
      return {button: shown(button), limit: shown(limit),
              hidden: getComputedStyle(button).fontSize === '0px' && getComputedStyle(limit).fontSize === '0px'};
    }""", [UPLOAD_BUTTON_TEXT, UPLOAD_LIMIT])


def test_the_uploader_speaks_korean_and_still_opens_the_file_chooser(page, app_url):
    load = next(p for p in APP_PAGES if p.url_path == "load")
    open_page(page, with_lang(load.url(app_url)))
    assert _uploader_texts(page) == {"button": "파일 업로드", "limit": "파일당 200MB", "hidden": True}
    with page.expect_file_chooser(timeout=10_000):
        page.locator("[data-testid='stFileUploaderDropzone'] button").first.click()
    open_page(page, with_lang(load.url(app_url), "en"))
    assert _uploader_texts(page) == {"button": "Upload", "limit": "200MB per file", "hidden": False}
