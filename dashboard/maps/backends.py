"""Which backends can compute a map here: ``cpu`` always, ``cuml`` where RAPIDS cuML and a GPU are usable.

``cpu`` is scikit-learn, umap-learn and openTSNE; ``cuml`` is cuML's PCA and UMAP (:mod:`dashboard.maps.cuml`).
t-SNE has no cuML backend: ``cuml.manifold.TSNE`` computes 2D only, with other defaults than openTSNE's.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
from dataclasses import dataclass

from dashboard.errors import BackendUnavailableError, QueryError
from dashboard.i18n import Text, msg

#: Backend names, the default first.
BACKENDS = ("cpu", "cuml")
#: Backend -> the projection methods it computes.
BACKEND_METHODS = {"cpu": ("pca", "umap", "tsne"), "cuml": ("pca", "umap")}


@dataclass(frozen=True)
class BackendStatus:
    """Whether backend ``name`` (``cpu``/``cuml``) is ``available`` here; else ``reason``, a sentence on what to do."""

    name: str
    available: bool
    reason: Text | None = None


def _count_cuda_devices() -> int:
    """CUDA devices the runtime sees, through CuPy (a cuML dependency); raises without a driver or device."""
    import cupy

    return int(cupy.cuda.runtime.getDeviceCount())


def _installed(module: str) -> bool:
    """Whether ``module`` can be imported, without importing it (already imported counts)."""
    if module in sys.modules:
        return sys.modules[module] is not None
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a broken parent package, a module without a spec
        return False


@functools.lru_cache(maxsize=1)
def cuml_status() -> BackendStatus:
    """Whether RAPIDS cuML imports and a CUDA device is usable, with why not; cached for the process, never raises."""
    if not _installed("cuml"):
        return BackendStatus("cuml", False, msg("backends.cuml.not_installed"))
    try:
        importlib.import_module("cuml")
    except Exception as error:  # noqa: BLE001 - a broken install may raise anything (CUDA, ABI, missing .so)
        return BackendStatus("cuml", False, msg("backends.cuml.import_failed", error=_one_line(error)))
    try:
        devices = _count_cuda_devices()
    except Exception as error:  # noqa: BLE001 - no driver, no device, a driver older than the runtime
        return BackendStatus("cuml", False, msg("backends.cuml.no_device", error=_one_line(error)))
    if devices < 1:
        return BackendStatus("cuml", False, msg("backends.cuml.no_device", error="0 devices"))
    return BackendStatus("cuml", True)


def _one_line(error: BaseException) -> str:
    """``Type: message`` of ``error`` on one line, at most 200 characters."""
    text = " ".join(f"{type(error).__name__}: {error}".split())
    return text if len(text) <= 200 else text[:199] + "…"


def backend_status(name: str) -> BackendStatus:
    """The status of backend ``name`` (``cpu`` is always available).

    Raises:
        QueryError: ``name`` is not one of :data:`BACKENDS`.
    """
    if name == "cpu":
        return BackendStatus("cpu", True)
    if name == "cuml":
        return cuml_status()
    raise QueryError(msg("err.backends.unknown", backend=repr(name), choices=", ".join(BACKENDS)))


def best_backend(method: str = "umap") -> str:
    """The default backend for ``method`` (``pca``, ``umap``, ``tsne``): ``cuml`` where usable for it, else ``cpu``."""
    if method in BACKEND_METHODS["cuml"] and cuml_status().available:
        return "cuml"
    return "cpu"


def require_backend(name: str) -> None:
    """Check that backend ``name`` can compute here.

    Raises:
        QueryError: ``name`` is not one of :data:`BACKENDS`.
        BackendUnavailableError: it cannot (the message gives the reason and what to do).
    """
    status = backend_status(name)
    if not status.available:
        raise BackendUnavailableError(msg("err.backends.unavailable", backend=name, reason=status.reason))
