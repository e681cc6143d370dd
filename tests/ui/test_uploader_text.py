"""The uploader relabelled in the page's language (the browser check is in tests/e2e/test_korean_pages.py)."""

from dashboard.i18n import use_language
from dashboard.ui.uploader_text import css_string, uploader_css


def test_css_strings_cannot_end_the_string_or_the_style_element():
    assert css_string('a"b\\c') == '"a\\22 b\\5c c"'
    assert "</style>" not in css_string("</style><script>")
    for line_break in ("\n", "\r", "\f", "\r\n"):  # CSS reads each as a new line, which ends a string
        assert not any(ch in css_string(f"x{line_break}y") for ch in "\n\r\f")
    assert css_string("파일당 1,024MB") == '"파일당 1,024MB"'


def test_the_korean_css_names_the_servers_limit():
    use_language("ko")
    try:
        css = uploader_css(1024)
    finally:
        use_language("en")
    assert 'content: "파일 업로드"' in css and 'content: "파일당 1,024MB"' in css
    assert css.startswith("<style>") and css.endswith("</style>")
