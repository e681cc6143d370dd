"""Embedding Table Explorer: read, account for and visualise the embedding tables of transformer checkpoints."""

from __future__ import annotations

import importlib
from typing import Any, Callable

__version__ = "0.1.0"


def names_loaded_on_first_use(package: str, public: dict[str, str]) -> tuple[Callable[[str], Any], Callable[[], list]]:
    """A package's ``__getattr__`` and ``__dir__`` (PEP 562) for ``public``: name -> the submodule defining it, imported
    at the name's first use, so importing the package (or any of its submodules) imports none of them.

    The ``__getattr__`` raises ``AttributeError`` for a name outside ``public``.
    """
    def get(name: str) -> Any:
        if name not in public:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{public[name]}"), name)

    def names() -> list[str]:
        return sorted([*vars(importlib.import_module(package)), *public])

    return get, names
