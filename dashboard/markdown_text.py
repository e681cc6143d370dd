"""Outside text inside a page's Markdown, shown as the characters it holds and nothing more.

Streamlit renders GitHub-flavoured Markdown plus its own extensions, so outside text (a URL parameter, a file name, a
token string, an error quoting them) must not be read as markup: ``?query=[Session expired](https://...)`` would become
a link in the app's own message. For Streamlit's frontend (react-markdown with remark-gfm, remark-math,
remark-directive and shortcodes), :func:`escape_markdown` turns line breaks into spaces, escapes or hides behind a word
joiner what would open a block at the start, and backslash-escapes each character that opens inline markup
(https://spec.commonmark.org/0.31.2/#backslash-escapes); other punctuation stays, so file names read the same.
Autolinks (``www.``, ``a@b.c``), directives (``:red[...]``) and shortcodes (``:material/home:``) are matched on
unescaped text, so a backslash cannot stop them: a U+2060 WORD JOINER after each ``:``, between ``www`` and its dot and
before each ``@`` does.
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
    """``value`` as Markdown source that Streamlit shows verbatim, on one line: ``str(value)`` with line breaks as
    spaces (and invisible word joiners), no link, image, formatting, math, icon or HTML."""
    text = _INLINE_MARKUP.sub(r"\\\1", _LINE_BREAKS.sub(" ", str(value)))
    text = _BLOCK_START.sub(lambda m: m.group(1) + "\\" if m.group(1)[0].isdigit() else "\\" + m.group(1), text)
    if text[:1] in (" ", "\t"):  # four of them would start a code block
        text = WORD_JOINER + text
    text = text.replace(":", ":" + WORD_JOINER).replace("@", WORD_JOINER + "@")
    return _WWW_DOT.sub(WORD_JOINER, text)


def code_span(value: object) -> str:
    """``value`` as an inline code span (monospace), shown verbatim, line breaks as spaces.

    Markdown reads nothing inside a code span (https://spec.commonmark.org/0.31.2/#code-spans): the fence is one
    backtick longer than the text's longest run, padded when the text starts or ends with a backtick or space.
    Streamlit rewrites ``:material/name:`` icons even inside code spans, so a word joiner follows each ``:``. ``""``
    becomes a span of one space (an empty span is not Markdown).
    """
    text = _LINE_BREAKS.sub(" ", str(value)).replace(":", ":" + WORD_JOINER) or " "
    runs = [len(run) for run in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    # Only a span that is not all spaces loses one space at each end.
    pad = " " if text.strip(" ") and (text[0] in "` " or text[-1] in "` ") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
