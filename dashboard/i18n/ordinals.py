"""Ordinal numbers in English ("1st", "2nd", "11th") and the percentile named with one (Korean names it by its
number, ``2 백분위수``, with no suffix)."""

from __future__ import annotations

from dashboard.i18n import Text, msg

#: Last digit -> its suffix, for numbers whose last two digits are not 11, 12 or 13.
_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def ordinal_suffix(number: float) -> str:
    """The English ordinal suffix of ``number``: ``st``, ``nd``, ``rd`` or ``th``; last two digits 11-13 and fractions
    (``2.5th``) take ``th``."""
    if number != int(number):
        return "th"
    whole = abs(int(number))
    if whole % 100 in (11, 12, 13):
        return "th"
    return _SUFFIXES.get(whole % 10, "th")


def name_percentile(percentile: float) -> Text:
    """``2`` -> the message "2nd percentile" (Korean "2 백분위수") for ``percentile`` in [0, 100], written with ``:g``;
    render it on a page."""
    return msg(f"ordinals.percentile.{ordinal_suffix(percentile)}", number=f"{percentile:g}")
