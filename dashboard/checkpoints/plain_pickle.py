"""Unpickling files that should hold only data (nanoGPT's ``meta.pkl``): dicts, lists, strings, numbers.

A pickle can have any importable callable called while loading, so ``find_class`` admits only a few container
types. Source: https://docs.python.org/3/library/pickle.html#restricting-globals.
"""

from __future__ import annotations

import collections
import io
import pickle
from pathlib import Path
from typing import Any

from dashboard.errors import CheckpointReadError, UnsafeCheckpointError
from dashboard.i18n import msg

#: The only globals admitted: containers that older pickle protocols build by
#: name (protocols 0-2 spell the builtins module ``__builtin__``, Python 2's name).
_ADMITTED = {
    (module, name): kind
    for module in ("builtins", "__builtin__")
    for name, kind in (("set", set), ("frozenset", frozenset))
} | {("collections", "OrderedDict"): collections.OrderedDict}


class _PlainUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        """The class for ``module.name`` when it is in :data:`_ADMITTED` (sets, OrderedDict).

        Raises:
            UnsafeCheckpointError: any other global; nothing is imported or run.
        """
        admitted = _ADMITTED.get((module, name))
        if admitted is None:
            raise UnsafeCheckpointError(msg("err.ckpt.pickle_global", origin=self.origin, module=module, name=name))
        return admitted

    def persistent_load(self, pid: Any) -> Any:
        """Refuse every persistent id (torch's way to reference tensor storages).

        Raises:
            UnsafeCheckpointError: always; a plain data file has none.
        """
        raise UnsafeCheckpointError(msg("err.ckpt.pickle_persistent", origin=self.origin))

    origin = "the pickle"


def load_plain_pickle(path: Path) -> Any:
    """Unpickle a file that may hold only plain containers, strings and numbers.

    Run it behind the wall (:mod:`dashboard.wall`) for a file that did not ship with the app, so a hash or memory bomb
    costs the capped child, not the server.

    Raises:
        UnsafeCheckpointError: the pickle asks for any other object (named); nothing was executed.
        CheckpointReadError: the file is not a readable pickle.
    """
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CheckpointReadError(msg("err.ckpt.cannot_read", path=path, error=error)) from error
    unpickler = _PlainUnpickler(io.BytesIO(data))
    unpickler.origin = path.name
    try:
        loaded = unpickler.load()
    except UnsafeCheckpointError:
        raise
    except Exception as error:  # UnpicklingError, EOFError, ValueError, ... on damaged bytes
        raise CheckpointReadError(msg("err.ckpt.pickle_unreadable", name=path.name, kind=type(error).__name__,
                                      error=error)) from error
    return loaded
