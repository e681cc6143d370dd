"""Outside text in Markdown: escaped text renders as itself, checked with the CommonMark reference parser.

markdown-it-py follows the CommonMark spec that Streamlit's frontend parser
(micromark, through react-markdown) also follows; the GFM autolinks and
Streamlit's shortcodes it lacks are checked in a real browser in
tests/e2e/test_markdown_text_e2e.py.
"""

import html
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from dashboard.markdown_text import WORD_JOINER, code_span, escape_markdown

COMMONMARK = MarkdownIt("commonmark").enable("table").enable("strikethrough")
#: Text a crafted link or file name would use: every markup character, letters, spaces, line breaks, CJK.
MARKUP_TEXT = st.text(alphabet=st.sampled_from(list("[]()!*_`~#<>&;:/\\|-+=.$^{}'\"@%?") + list("ab 1\n\t한")),
                      max_size=60)
ATTACKS = [
    "[Session expired](https://evil.example/login)",
    "![x](https://evil.example/p.png)",
    "<img src=https://evil.example/i.png>",
    "<script>alert(1)</script>",
    "**bold** _it_ `code` ~~s~~",
    "x\n# Heading\n- item\n> quote",
    "| a | b |\n|---|---|\n| 1 | 2 |",
    "&lt;b&gt; &amp; &#x41;",
    "[ref]\n\n[ref]: https://evil.example",
    "- item", "+ item", "1. item", "2) item", "# heading", "> quote", "    code", "***", "---", "=== x",
]


def rendered(markdown: str) -> str:
    return COMMONMARK.render(markdown)


def shown_text(markdown_html: str) -> str:
    """The characters a reader sees: tags dropped, entities decoded, word joiners removed."""
    return html.unescape(re.sub(r"<[^>]+>", "", markdown_html)).replace(WORD_JOINER, "").strip()


def visible(text: str) -> str:
    return re.sub(r"[\r\n]+", " ", text).strip()


def test_each_known_attack_renders_as_its_own_text_in_one_paragraph():
    for attack in ATTACKS:
        out = rendered(escape_markdown(attack))
        assert re.fullmatch(r"<p>[^<]*</p>\n", out), (attack, out)
        assert shown_text(out) == visible(attack)


@settings(max_examples=300, deadline=None)
@given(MARKUP_TEXT)
def test_any_text_renders_as_itself_with_no_markup(text):
    out = rendered("Ignored: " + escape_markdown(text))
    assert re.fullmatch(r"<p>[^<]*</p>\n", out), out
    assert shown_text(out) == visible("Ignored: " + text).strip()


@settings(max_examples=300, deadline=None)
@given(MARKUP_TEXT)
def test_a_code_span_shows_its_text_verbatim(text):
    out = rendered("x " + code_span(text))
    assert re.fullmatch(r"<p>x <code>[^<]*</code></p>\n", out), out
    code = html.unescape(re.search(r"<code>(.*)</code>", out, re.S).group(1)).replace(WORD_JOINER, "")
    assert code == (re.sub(r"[\r\n]+", " ", text) or " ")


def test_autolink_and_shortcode_triggers_are_broken_by_a_word_joiner():
    escaped = escape_markdown("see https://a.example, WWW.b.example, me@c.example and :material/home:")
    assert "https:" + WORD_JOINER + "//" in escaped
    assert "WWW" + WORD_JOINER + "." in escaped
    assert "me" + WORD_JOINER + "@" in escaped
    assert ":" + WORD_JOINER + "material" in escaped


def test_file_names_and_numbers_keep_their_punctuation_in_the_source():
    assert escape_markdown("gpt2-tiny/model.safetensors (30,522 rows)!") == "gpt2-tiny/model.safetensors (30,522 rows)!"
