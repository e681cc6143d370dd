"""The uploader relabelled in the page's language (the browser check is in tests/e2e/test_korean_pages.py)."""

from dashboard.i18n import use_language
from dashboard.ui.uploader_text import css_string, uploader_css


def test_css_strings_cannot_end_the_string_or_the_style_element():
    assert css_string('a"b\\c') == '"a\\"b\\\\c"'
    assert "</style>" not in css_string("</style><script>")
    assert css_string("x\ny") == '"x\\a y"'


def test_the_korean_css_names_the_servers_limit():
    use_language("ko")
    try:
        css = uploader_css(1024)
    finally:
        use_language("en")
    assert 'content: "파일 올리기"' in css and 'content: "파일당 1,024MB"' in css
    assert css.startswith("<style>") and css.endswith("</style>")
