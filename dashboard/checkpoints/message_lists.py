"""Lists of catalogue messages joined into one message, rendered item by item in the reader's language.

``"; ".join(texts)`` would give a plain ``str``: its English would be right,
but a Korean page would show English items. :func:`join_messages` nests the
items in ``err.ckpt.join`` pairs instead, so every item keeps its key.
"""

from __future__ import annotations

from typing import Iterable

from dashboard.i18n import Text, msg


def join_messages(items: Iterable[str | Text]) -> str | Text:
    """The items separated by ``"; "`` as one message (``""`` when there are none).

    Args:
        items: messages (or plain strings) in order.

    Returns:
        The single item itself, or a :class:`~dashboard.i18n.Text` whose
        English is ``"; ".join(items)`` and whose Korean joins the Korean items.
    """
    items = list(items)
    if not items:
        return ""
    joined = items[-1]
    for item in reversed(items[:-1]):
        joined = msg("err.ckpt.join", first=item, rest=joined)
    return joined
