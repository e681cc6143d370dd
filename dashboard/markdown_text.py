"""Outside text inside a page's Markdown, shown as the characters it holds and nothing more.

Every Streamlit text element (``st.markdown``, ``st.caption``, ``st.error``,
``st.write`` of a string, ``st.title``, widget help) renders GitHub-flavoured
Markdown plus Streamlit's own extensions. A value that comes from outside the
program (a URL parameter, a file name, a token string, a config field, an
error message quoting any of these) must not be read as markup there: a
crafted ``?query=[Session expired](https://...)`` would otherwise become a
clickable link inside the app's own message.

:func:`escape_markdown` neutralises, in the frontend Streamlit 1.67 ships
(react-markdown with remark-gfm, remark-math, remark-directive and Streamlit's
shortcode plugins), checked in a real browser by
``tests/e2e/test_markdown_text_e2e.py`` and against the CommonMark reference
parser by ``tests/test_markdown_text.py``:

- line breaks become spaces, so no block (heading, list, quote, table, code
  block) can start inside the text; at its start, a character that would open
  one there (``#``, ``>``, ``-``, ``+``, ``=``, ``1.``, leading spaces) is
  escaped or put behind a word joiner;
- links, images, emphasis, code, strikethrough, raw HTML, entities and
  ``$math$``: each character that can open them (a backslash and `` ` * _ ~ [ ] < & $ | ``)
  is backslash-escaped, which CommonMark defines for exactly this
  (https://spec.commonmark.org/0.31.2/#backslash-escapes); other punctuation
  (``- . , ( ) / !``) stays as it is, so file names and numbers read the same
  in the page source;
- autolinks (``https://...``, ``www.``, ``a@b.c``), directives (``:red[...]``)
  and shortcodes (``:material/home:``, ``:streamlit:``): these are found by
  regular expressions in the already unescaped text (mdast-util-gfm-autolink-literal,
  Streamlit's plugins), so a backslash cannot stop them; an invisible U+2060
  WORD JOINER after each ``:``, between ``www`` and its dot and before each
  ``@`` breaks those patterns while the text reads the same.
"""

from __future__ import annotations

import re

#: Characters that open inline markup anywhere in a line (the others only matter at a block's start).
_INLINE_MARKUP = re.compile(r"([\\`*_~\[\]<&$|])")
#: At the start of a line: ATX heading, quote, list item, setext underline, ordered list item.
_BLOCK_START = re.compile(r"^([#>+=-]|\d{1,9}(?=[.)]))")
#: Invisible, not a line-break opportunity (unlike U+200B), not whitespace or punctuation to any regex.
WORD_JOINER = "\u2060"
_LINE_BREAKS = re.compile(r"[\r\n\u2028\u2029\x0b\x0c\x85]+")
_WWW_DOT = re.compile(r"(?i)(?<=www)(?=\.)")


def escape_markdown(value: object) -> str:
    """``value`` as text that Streamlit's Markdown shows verbatim, on one line.

    Args:
        value: anything; ``str(value)`` is what is shown.

    Returns:
        Markdown source that renders as ``str(value)`` with its line breaks
        shown as spaces (and invisible word joiners, see the module
        docstring): no link, image, formatting, math, icon or HTML.
    """
    text = _INLINE_MARKUP.sub(r"\\\1", _LINE_BREAKS.sub(" ", str(value)))
    text = _BLOCK_START.sub(lambda m: m.group(1) + "\\" if m.group(1)[0].isdigit() else "\\" + m.group(1), text)
    if text[:1] in (" ", "\t"):  # four of them would start a code block
        text = WORD_JOINER + text
    text = text.replace(":", ":" + WORD_JOINER).replace("@", WORD_JOINER + "@")
    return _WWW_DOT.sub(WORD_JOINER, text)


def code_span(value: object) -> str:
    """``value`` as an inline code span (monospace), shown verbatim.

    Inside a code span Markdown reads nothing (https://spec.commonmark.org/0.31.2/#code-spans),
    so only the fence needs care: it is one backtick longer than the longest run
    of backticks in the text, with spaces inside when the text starts or ends
    with a backtick or a space (CommonMark strips one such space on each side).
    Streamlit, though, rewrites ``:material/name:`` icon codes in the Markdown
    source before parsing it, inside code spans too, so a word joiner follows
    each ``:`` here as in :func:`escape_markdown`.

    Args:
        value: anything; ``str(value)`` is what is shown, line breaks as spaces.

    Returns:
        Markdown source of one code span; ``""`` becomes a span of one space
        (an empty span is not Markdown).
    """
    # Streamlit rewrites ``:material/name:`` in the Markdown source, code spans included: the joiner stops it.
    text = _LINE_BREAKS.sub(" ", str(value)).replace(":", ":" + WORD_JOINER) or " "
    runs = [len(run) for run in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    # Only a span that is not all spaces loses one space at each end.
    pad = " " if text.strip(" ") and (text[0] in "` " or text[-1] in "` ") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
