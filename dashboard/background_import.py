"""Import a heavy library on a daemon thread while other work goes on (the command line's and the app's)."""

from __future__ import annotations

import importlib
import threading


def import_in_background(module: str) -> threading.Thread:
    """Start importing ``module`` in a daemon thread and return it, so the import overlaps work outside the GIL. The
    caller's own ``import`` waits for it and raises any import error; a command that may end early joins it first."""
    def load() -> None:
        try:
            importlib.import_module(module)
        except Exception:  # raised again where the module is imported for use
            pass

    thread = threading.Thread(target=load, name=f"import-{module}", daemon=True)
    thread.start()
    return thread
