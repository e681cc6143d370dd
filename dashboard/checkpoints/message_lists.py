"""Lists of catalogue messages joined into one message that renders item by item in the reader's language
(``"; ".join`` would give a ``str`` whose items stay English).
"""

from __future__ import annotations

from typing import Iterable

from dashboard.i18n import Text, msg


def join_messages(items: Iterable[str | Text]) -> str | Text:
    """The items separated by ``"; "`` as one message: the single item itself, a nest of ``err.ckpt.join`` pairs, or
    ``""`` when there are none.
    """
    items = list(items)
    if not items:
        return ""
    joined = items[-1]
    for item in reversed(items[:-1]):
        joined = msg("err.ckpt.join", first=item, rest=joined)
    return joined
