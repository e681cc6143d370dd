"""What crosses the wall as JSON, never a pickle: catalogue messages keep their key and parameters, errors their
:class:`~dashboard.errors.ExplorerError` class by name. The parent decodes only what it knows: an unknown key or
class from a misbehaving child becomes a plain string or a :class:`~dashboard.errors.CheckpointReadError`.
"""

from __future__ import annotations

from typing import Any

from dashboard import errors
from dashboard.i18n import Text, msg

#: The JSON object key that marks an encoded :class:`~dashboard.i18n.Text`.
TEXT_KEY = "$text"
#: Error name answered when a job needs torch, which its child refused (:data:`dashboard.wall.child.TORCH_REFUSED`).
NEEDS_TORCH = "NeedsTorch"


def encode(value: Any) -> Any:
    """``value`` as JSON-able data: a :class:`Text` as ``{"$text": key, "params": {...}}``, tuples as lists,
    paths and other objects as their ``str``."""
    if isinstance(value, Text):
        return {TEXT_KEY: value.key, "params": {name: encode(item) for name, item in value.params.items()}}
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {str(name): encode(item) for name, item in value.items()}
    return str(value)


def decode(value: Any) -> Any:
    """The inverse of :func:`encode` (lists stay lists); a message whose key the catalogue lacks becomes its
    parameters' plain text, so nothing a child says can raise here."""
    if isinstance(value, dict) and TEXT_KEY in value:
        params = {str(name): decode(item) for name, item in dict(value.get("params") or {}).items()}
        try:
            return Text(str(value[TEXT_KEY]), params)
        except (KeyError, IndexError, ValueError, TypeError):
            return str(value[TEXT_KEY])
    if isinstance(value, list):
        return [decode(item) for item in value]
    if isinstance(value, dict):
        return {name: decode(item) for name, item in value.items()}
    return value


def encode_error(error: BaseException) -> dict[str, Any]:
    """An exception as ``{"error": class name, "text": message}``: an :class:`ExplorerError` keeps its message's
    key and parameters, anything else (a Rust panic too) its first 500 characters."""
    if isinstance(error, errors.ExplorerError) and error.args:
        return {"error": type(error).__name__, "text": encode(error.args[0]), "explorer": True}
    return {"error": type(error).__name__, "text": str(error)[:500], "explorer": False}


def _explorer_errors() -> dict[str, type[errors.ExplorerError]]:
    found: dict[str, type[errors.ExplorerError]] = {}
    pending: list[type[errors.ExplorerError]] = [errors.ExplorerError]
    while pending:
        cls = pending.pop()
        found.setdefault(cls.__name__, cls)
        pending.extend(cls.__subclasses__())
    return found


def decode_error(answer: dict[str, Any], origin: str) -> errors.ExplorerError:
    """The error in an :func:`encode_error` answer: its own :class:`ExplorerError` class, else CheckpointReadError."""
    text = decode(answer.get("text", ""))
    if answer.get("explorer"):
        cls = _explorer_errors().get(str(answer.get("error")))
        if cls is not None:
            return cls(text)
    return errors.CheckpointReadError(msg("err.wall.failed", origin=origin, kind=str(answer.get("error")),
                                          error=str(text)))
