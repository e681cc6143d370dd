"""Reading checkpoints: one reader module per container format, one registry (:mod:`.registry`).

Imports no reader (importing any submodule runs this file first): ``load_tables``, ``READERS``, ``find_reader``,
``find_checkpoint``, ``resolve_source``, ``read_embedding_norm`` and ``EMBEDDING_NORM_NAMES`` load from their modules
on first use (PEP 562).
"""

from __future__ import annotations

import importlib
from typing import Any

#: Public name -> the module that defines it.
_PUBLIC = {"load_tables": "registry", "READERS": "registry", "find_reader": "registry",
           "find_checkpoint": "registry", "resolve_source": "path_policy",
           "read_embedding_norm": "embedding_norm", "EMBEDDING_NORM_NAMES": "embedding_norm"}


def __getattr__(name: str) -> Any:
    if name not in _PUBLIC:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_PUBLIC[name]}"), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_PUBLIC])
