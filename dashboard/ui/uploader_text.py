"""The file uploader's own words in the page's language: Streamlit 1.67 draws its button and limit line in English
only, so CSS ``::after`` content on the widget's ``data-testid`` selectors replaces them."""

from __future__ import annotations

import string

import streamlit as st

from dashboard.i18n import active_language, t

#: The widget's button label and its limit line, as Streamlit 1.67 renders them.
_BUTTON = "[data-testid='stFileUploaderDropzone'] button [data-testid='stMarkdownContainer'] p"
_LIMIT = "[data-testid='stFileUploaderDropzoneInstructions'] span"


#: ASCII characters kept as they are in a CSS string; every other ASCII character is escaped.
_PLAIN_ASCII = frozenset(string.ascii_letters + string.digits + " .,:;-_()%/+")


def css_string(text: str) -> str:
    """``text`` as a double-quoted CSS string: every ASCII character outside letters, digits and ``.,:;-_()%/+`` is
    written as a hex escape ``\\HH `` (CSS Syntax 3, 4.3.7), so nothing can end the string, the rule or the
    ``<style>`` element; non-ASCII characters (Hangul) are kept."""
    return '"' + "".join(ch if ord(ch) > 127 or ch in _PLAIN_ASCII else f"\\{ord(ch):x} " for ch in text) + '"'


def uploader_css(limit_mb: int) -> str:
    """The ``<style>`` element that relabels the uploader in the active language (``limit_mb``: megabytes per file)."""
    button, limit = t("load.uploader_button"), t("load.uploader_limit", limit_mb=limit_mb)
    return ("<style>"
            f"{_BUTTON}, {_LIMIT} {{ font-size: 0; }}"
            f"{_BUTTON}::after {{ content: {css_string(button)}; font-size: 0.875rem; }}"
            f"{_LIMIT}::after {{ content: {css_string(limit)}; font-size: 0.875rem; }}"
            "</style>")


def localise_uploader(limit_mb: int) -> None:
    """On a page not in English, show the uploader's button and limit line in the page's language."""
    if active_language() != "en":
        st.html(uploader_css(limit_mb))
