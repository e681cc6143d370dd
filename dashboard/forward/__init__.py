"""Forward passes of a checkpoint's whole model, for the sentence-reorder demo and perturb-and-watch.

``configure_nanogpt`` and ``build_nanogpt`` load from :mod:`.nanogpt` on first use (PEP 562), so a page that never
opens a nanoGPT checkpoint does not import its torch file reader.
"""

from __future__ import annotations

from dashboard import names_loaded_on_first_use

#: Public name -> the module that defines it.
_PUBLIC = {"configure_nanogpt": "nanogpt", "build_nanogpt": "nanogpt"}
__getattr__, __dir__ = names_loaded_on_first_use(__name__, _PUBLIC)
