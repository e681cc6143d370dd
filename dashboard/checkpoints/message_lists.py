"""Catalogue messages joined into one that renders item by item in the reader's language (a ``"; ".join`` would not)."""

from __future__ import annotations

from typing import Iterable

from dashboard.i18n import Text, msg


def join_messages(items: Iterable[str | Text]) -> str | Text:
    """The items as one ``"; "``-separated message: the lone item, nested ``err.ckpt.join`` pairs, or ``""`` if none."""
    items = list(items)
    if not items:
        return ""
    joined = items[-1]
    for item in reversed(items[:-1]):
        joined = msg("err.ckpt.join", first=item, rest=joined)
    return joined
