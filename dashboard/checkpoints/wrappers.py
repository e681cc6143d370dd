"""Key prefixes that training wrappers leave on state dicts, stripped and reported.

DDP saves every key as ``module.<name>``, ``torch.compile`` as ``_orig_mod.<name>``, stacked when both; the
prefixes are data in :data:`~dashboard.checkpoints.keymaps.WRAPPER_PREFIXES`.
"""

from __future__ import annotations

from dashboard.checkpoints.keymaps import WRAPPER_PREFIXES
from dashboard.checkpoints.tensor_store import TensorStore
from dashboard.i18n import Text, msg


class RenamedStore:
    """A view of a :class:`TensorStore` under new names (``names``: new name -> name in ``store``), nothing copied."""

    def __init__(self, store: TensorStore, names: dict[str, str]):
        self._store = store
        self._names = names

    def keys(self) -> list[str]:
        return list(self._names)

    def shape(self, key: str) -> tuple[int, ...]:
        return self._store.shape(self._names[key])

    def dtype(self, key: str) -> str:
        return self._store.dtype(self._names[key])

    def read(self, key: str):
        return self._store.read(self._names[key])

    def shares_storage(self, a: str, b: str) -> bool:
        return self._store.shares_storage(self._names[a], self._names[b])

    def storage_id(self, key: str) -> object:
        return self._store.storage_id(self._names[key])


def strip_prefix(store: TensorStore, prefix: str) -> TensorStore:
    """The store with ``prefix`` removed from the keys that carry it (others kept as they are)."""
    names = {(k[len(prefix):] if k.startswith(prefix) else k): k for k in store.keys()}
    return RenamedStore(store, names)


def strip_wrapper_prefixes(store: TensorStore) -> tuple[TensorStore, tuple[str, ...]]:
    """Remove wrapper prefixes that every key carries, repeatedly (they stack).

    Returns:
        The renamed store (nothing copied) and one note per prefix removed, naming the wrapper that leaves it.
    """
    notes: list[Text] = []
    keys = store.keys()
    stripped = 0
    while keys:
        prefix = next((p for p in WRAPPER_PREFIXES if all(k[stripped:].startswith(p) for k in keys)), None)
        if prefix is None:
            break
        notes.append(msg("note.ckpt.wrapper_prefix", prefix=prefix, count=len(keys), wrapper=WRAPPER_PREFIXES[prefix]))
        stripped += len(prefix)
    if not stripped:
        return store, ()
    return RenamedStore(store, {k[stripped:]: k for k in keys}), tuple(notes)
