"""Unpickling files that should hold only data: dicts, lists, strings, numbers.

nanoGPT's ``prepare.py`` writes ``meta.pkl`` with ``pickle.dump`` (the
character vocabulary as ``{'vocab_size', 'itos', 'stoi'}``). A pickle can name
any importable callable and have it called while loading, so a received
``meta.pkl`` is read by an unpickler whose ``find_class`` refuses every global
except a few plain container types. Containers, strings, bytes and numbers are
built by pickle opcodes alone and never pass through ``find_class``.

Source: Python docs, ``pickle`` "Restricting Globals"
(https://docs.python.org/3/library/pickle.html#restricting-globals).
"""

from __future__ import annotations

import collections
import io
import pickle
from pathlib import Path
from typing import Any

from dashboard.errors import CheckpointReadError, UnsafeCheckpointError

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
            raise UnsafeCheckpointError(
                f"{self.origin} asks for {module}.{name}, which a data file never needs; it was refused and nothing "
                "was executed. Re-create the file with plain dicts, lists, strings and numbers only"
            )
        return admitted

    def persistent_load(self, pid: Any) -> Any:
        """Refuse every persistent id (torch's way to reference tensor storages).

        Raises:
            UnsafeCheckpointError: always; a plain data file has none.
        """
        raise UnsafeCheckpointError(f"{self.origin} uses persistent ids, which a plain data file never has; "
                                    "it was refused and nothing was executed")

    origin = "the pickle"


def load_plain_pickle(path: Path) -> Any:
    """Unpickle a file that may hold only plain containers, strings and numbers.

    Raises:
        UnsafeCheckpointError: the pickle asks for any other object (named in
            the message); nothing was executed.
        CheckpointReadError: the file is not a readable pickle.
    """
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CheckpointReadError(f"cannot read {path}: {error}") from error
    unpickler = _PlainUnpickler(io.BytesIO(data))
    unpickler.origin = path.name
    try:
        return unpickler.load()
    except UnsafeCheckpointError:
        raise
    except Exception as error:  # UnpicklingError, EOFError, ValueError, ... on damaged bytes
        raise CheckpointReadError(f"{path.name} is not a readable pickle ({type(error).__name__}: {error}); "
                                  "re-create it") from error
