"""Import a heavy library on a daemon thread while other work goes on (the command line's and the app's)."""

from __future__ import annotations

import importlib
import threading


def import_in_background(module: str) -> threading.Thread:
    """Start importing ``module`` in a daemon thread and return it, so the import overlaps work done outside the
    interpreter lock (file reads, hashing, tokenizers).

    The caller's own ``import`` waits for this one (Python's per-module import lock) and raises any import error
    with its traceback. A command that may end early joins the thread first, so the interpreter never ends while it
    still imports.
    """
    def load() -> None:
        try:
            importlib.import_module(module)
        except Exception:  # raised again where the module is imported for use
            pass

    thread = threading.Thread(target=load, name=f"import-{module}", daemon=True)
    thread.start()
    return thread
