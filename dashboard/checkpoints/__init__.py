"""Reading checkpoints: one reader module per container format, one registry (:mod:`.registry`).

Imports no reader (importing any submodule runs this file first): ``load_tables``, ``READERS``, ``find_reader``,
``find_checkpoint``, ``resolve_source``, ``read_embedding_norm``, ``EMBEDDING_NORM_NAMES`` and ``load_torch_file``
load from their modules on first use (PEP 562).
"""

from __future__ import annotations

from dashboard import names_loaded_on_first_use

#: Public name -> the module that defines it.
_PUBLIC = {"load_tables": "registry", "READERS": "registry", "find_reader": "registry",
           "find_checkpoint": "registry", "resolve_source": "path_policy",
           "read_embedding_norm": "embedding_norm", "EMBEDDING_NORM_NAMES": "embedding_norm",
           "load_torch_file": "torch_pickle"}
__getattr__, __dir__ = names_loaded_on_first_use(__name__, _PUBLIC)
