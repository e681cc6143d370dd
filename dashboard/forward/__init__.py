"""Forward passes of a checkpoint's whole model, for the sentence-reorder demo and perturb-and-watch.

``configure_nanogpt`` and ``build_nanogpt`` load from :mod:`.nanogpt` on first use (PEP 562), so a page that never
opens a nanoGPT checkpoint does not import its torch file reader.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Public name -> the module that defines it.
_PUBLIC = {"configure_nanogpt": "nanogpt", "build_nanogpt": "nanogpt"}


def __getattr__(name: str) -> Any:
    if name not in _PUBLIC:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_PUBLIC[name]}"), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_PUBLIC])
