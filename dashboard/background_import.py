"""Import a heavy library on a daemon thread while other work goes on (the command line's and the app's)."""

from __future__ import annotations

import importlib
import threading


def import_in_background(module: str) -> threading.Thread:
    """Start importing ``module`` in a daemon thread (scikit-learn alone takes about a second); return it.

    Reading a checkpoint spends much of its time outside the interpreter lock
    (file reads, hashing, the tokenizer's Rust code), and a server waits for
    its users, so the import overlaps other work. The caller's own ``import``
    waits for this one (Python's per-module import lock); an import error is
    left for that ``import`` to raise, with its traceback. A command that may
    end early joins the thread before returning, so that the interpreter never
    ends while the thread still imports (and writes warnings).
    """
    def load() -> None:
        try:
            importlib.import_module(module)
        except Exception:  # raised again where the module is imported for use
            pass

    thread = threading.Thread(target=load, name=f"import-{module}", daemon=True)
    thread.start()
    return thread
