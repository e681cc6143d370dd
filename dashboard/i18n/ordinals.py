"""Ordinal numbers in English ("1st", "2nd", "11th") and the percentile named with one.

English picks the suffix from the last two digits: 11, 12 and 13 take ``th``
(``11th``, ``112th``), otherwise a last digit of 1, 2 or 3 takes ``st``,
``nd`` or ``rd`` (``21st``, ``102nd``) and every other number ``th``. Korean
names a percentile by its number (``2 백분위수``), so its side of each
message has no suffix.
"""

from __future__ import annotations

from dashboard.i18n import Text, msg

#: Last digit -> its suffix, for numbers whose last two digits are not 11, 12 or 13.
_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def ordinal_suffix(number: float) -> str:
    """The English ordinal suffix of ``number``: ``st``, ``nd``, ``rd`` or ``th``.

    Args:
        number: a whole number (``2`` or ``2.0``) or a fraction; a fraction
            (``2.5``, read "two point five") takes ``th``, as in "the 2.5th percentile".
    """
    if number != int(number):
        return "th"
    whole = abs(int(number))
    if whole % 100 in (11, 12, 13):
        return "th"
    return _SUFFIXES.get(whole % 10, "th")


def name_percentile(percentile: float) -> Text:
    """``2`` -> the message "2nd percentile" (Korean "2 백분위수"); render it on a page.

    Args:
        percentile: in [0, 100]; written with ``:g`` (``2.0`` as ``2``, ``2.5`` as ``2.5``).
    """
    return msg(f"ordinals.percentile.{ordinal_suffix(percentile)}", number=f"{percentile:g}")
