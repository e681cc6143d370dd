"""Every ``EXPLORER_*`` setting of a deployment, read from the environment here and nowhere else.

=================================  =================  =============================================================
variable                           default            what it sets
=================================  =================  =============================================================
``EXPLORER_LANG``                  ``en``             the pages' language before a reader picks one: ``en`` or
                                                      ``ko`` (anything else: ``en``).
``EXPLORER_LOCAL_PATHS``           ``any``            which server paths a user may open: ``any``, ``models``
                                                      (inside ``EXPLORER_MODELS_DIR``) or ``off``
                                                      (:mod:`dashboard.checkpoints.path_policy`).
``EXPLORER_MODELS_DIR``            ``/models``        folder of the server's own checkpoints, listed in the sidebar
                                                      (used only when it is a folder).
``EXPLORER_CACHE_DIR``             ``.cache/          folder of the projection cache and of prepared checkpoints
                                   projections``      (:mod:`dashboard.maps.cache`).
``EXPLORER_CACHE_MB``              2,000              most megabytes (10**6 bytes) that folder keeps; not a
                                                      positive whole number: the default.
``EXPLORER_UPLOAD_QUOTA_MB``       1,000              most MiB one browser session's uploads may hold on disk.
``EXPLORER_UPLOAD_IDLE_MINUTES``   60                 minutes a session's uploads outlive its last use.
``EXPLORER_MAX_EXTRACT_MB``        5 x upload limit   most MiB an uploaded zip may unpack to (the upload limit is
                                                      Streamlit's ``server.maxUploadSize``, 200 MB by default).
``EXPLORER_TOKENIZER_MB``          1,024              MiB of address space a tokenizer child may use beyond its
                                                      imports (a whole number).
``EXPLORER_DASK_SCHEDULER``        unset              ``tcp://HOST:8786``: submit heavy work to that running
                                                      scheduler (its workers run this project's code, see
                                                      docs/deploy.md); unset: a local cluster of this machine's
                                                      worker processes.
``EXPLORER_DASK_WORKERS``          1                  worker processes of the local cluster: each computes one map
                                                      at a time; ``0``: one worker thread in the server's own
                                                      process (no isolation: the test suite's setting).
``EXPLORER_DASK_MEMORY``           ``auto``           memory each local worker may use (``2GiB``, ``1.5GB``;
                                                      ``auto``: the machine's memory shared out); a worker past it
                                                      is restarted by Dask's nanny, not the server.
``EXPLORER_LIVE_FIT_ROWS``         unset (no cap)     most rows a UMAP or t-SNE asked for from a page may fit.
``EXPLORER_WARM_UMAP``             ``1``              ``0``: a new worker does not compile umap-learn's numba code
                                                      before its first map.
=================================  =================  =============================================================

Set only in ``compose.yaml`` and read by no code here: ``EXPLORER_PORT``, ``EXPLORER_CHECKPOINTS``,
``EXPLORER_MAX_UPLOAD_MB`` and ``EXPLORER_BASE_URL_PATH``; ``scripts/healthcheck.py``, which runs without this package,
reads ``EXPLORER_HEALTH_TIMEOUT_S`` itself.

:func:`current_settings` parses them once, and again when one changes. A bad value does not stop the server: its field
holds an :class:`Unusable`, and only code that needs it raises its typed error, through :func:`usable`.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, TypeVar

from dashboard.errors import (
    ArchiveLimitError,
    ClusterSettingError,
    LiveFitLimitError,
    RefusedPathError,
    UploadStorageError,
)
from dashboard.i18n import LANGUAGES, Text, msg

PREFIX = "EXPLORER_"
LANG_ENV = "EXPLORER_LANG"
LOCAL_PATHS_ENV = "EXPLORER_LOCAL_PATHS"
MODELS_DIR_ENV = "EXPLORER_MODELS_DIR"
CACHE_DIR_ENV = "EXPLORER_CACHE_DIR"
CACHE_MB_ENV = "EXPLORER_CACHE_MB"
UPLOAD_QUOTA_ENV = "EXPLORER_UPLOAD_QUOTA_MB"
UPLOAD_IDLE_ENV = "EXPLORER_UPLOAD_IDLE_MINUTES"
MAX_EXTRACT_ENV = "EXPLORER_MAX_EXTRACT_MB"
TOKENIZER_MB_ENV = "EXPLORER_TOKENIZER_MB"
SCHEDULER_ENV = "EXPLORER_DASK_SCHEDULER"
WORKERS_ENV = "EXPLORER_DASK_WORKERS"
MEMORY_ENV = "EXPLORER_DASK_MEMORY"
LIVE_FIT_ENV = "EXPLORER_LIVE_FIT_ROWS"
WARM_ENV = "EXPLORER_WARM_UMAP"

#: The modes of ``EXPLORER_LOCAL_PATHS``, the default first (:data:`~dashboard.checkpoints.path_policy.MODES`).
PATH_MODES = ("any", "models", "off")
DEFAULT_CACHE_DIR = Path(__file__).resolve().parents[1] / ".cache" / "projections"
#: A thousand 256,000-row UMAP maps, or a hundred maps of 4,000,000-row uploads.
DEFAULT_CACHE_MB = 2_000
#: Five 200 MB uploads, or one zip unpacking to 1 GB.
DEFAULT_UPLOAD_QUOTA_MB = 1000
DEFAULT_UPLOAD_IDLE_MINUTES = 60
#: Without ``EXPLORER_MAX_EXTRACT_MB`` a zip may unpack to this many times the upload limit (weights barely deflate).
EXTRACT_LIMIT_FACTOR = 5
#: Upload limit assumed when the caller does not give Streamlit's (``server.maxUploadSize``, MB).
DEFAULT_UPLOAD_LIMIT_MB = 200
#: About twice the address space a 256,000-token BPE ``tokenizer.json`` needs.
DEFAULT_TOKENIZER_MB = 1024
#: The cap docs/deploy.md and compose.yaml suggest for a class server (rows); the example in a bad setting's message.
CLASS_LIVE_FIT_ROWS = 200_000

T = TypeVar("T")


@dataclass(frozen=True)
class Unusable:
    """A variable's text that is not a value it can take, and the typed error (``error`` with ``message``, naming the
    variable, its text and a valid value) that using it raises."""

    error: type[Exception]
    message: Text | str

    def exception(self) -> Exception:
        """A new instance of the error (each raise gets its own traceback)."""
        return self.error(self.message)


def usable(value: T | Unusable) -> T:
    """``value`` itself, unless it is :class:`Unusable`.

    Raises:
        Exception: the :class:`Unusable`'s typed error.
    """
    if isinstance(value, Unusable):
        raise value.exception()
    return value


@dataclass(frozen=True)
class ClusterSettings:
    """Where heavy work runs and how much of it a page may ask for: the ``EXPLORER_DASK_*``, ``EXPLORER_LIVE_FIT_ROWS``
    and ``EXPLORER_WARM_UMAP`` rows of the module's table (``None``: unset). Each local worker process runs one thread
    (numba and openTSNE use their own)."""

    scheduler: str | None = None
    workers: int = 1
    memory: str = "auto"
    live_fit_rows: int | None = None
    warm: bool = True

    def check_live_fit(self, n_rows: int, method_name: str) -> None:
        """Refuse a page's fit of ``n_rows`` rows above :attr:`live_fit_rows`.

        Raises:
            LiveFitLimitError: ``n_rows`` is over the cap; the message suggests PCA,
                ``python -m dashboard precompute`` or a machine of one's own.
        """
        if self.live_fit_rows is not None and n_rows > self.live_fit_rows:
            raise LiveFitLimitError(msg("err.map_data.live_fit_rows", method=method_name, rows=n_rows,
                                        limit=self.live_fit_rows, env=LIVE_FIT_ENV))


@dataclass(frozen=True)
class Settings:
    """One deployment's settings, each parsed (units and defaults: the module's table); an :class:`Unusable` where the
    text was bad. ``models_dir`` has ``~`` expanded and is checked to be a folder only when used."""

    language: str = "en"
    local_paths: str | Unusable = "any"
    models_dir: Path | None = None
    cache_dir: Path = DEFAULT_CACHE_DIR
    cache_mb: int = DEFAULT_CACHE_MB
    upload_quota_mb: float | Unusable = DEFAULT_UPLOAD_QUOTA_MB
    upload_idle_minutes: float | Unusable = DEFAULT_UPLOAD_IDLE_MINUTES
    max_extract_mb: float | None | Unusable = None
    tokenizer_mb: int | Unusable = DEFAULT_TOKENIZER_MB
    cluster: ClusterSettings | Unusable = ClusterSettings()

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> "Settings":
        """The settings ``environ`` gives (variables not in the module's table are ignored); never raises."""
        def text(name: str) -> str:
            return environ.get(name, "").strip()

        extract = None
        if text(MAX_EXTRACT_ENV):
            extract = _positive(environ, MAX_EXTRACT_ENV, EXTRACT_LIMIT_FACTOR * DEFAULT_UPLOAD_LIMIT_MB,
                                ArchiveLimitError)
        models = text(MODELS_DIR_ENV)
        return cls(
            language=text(LANG_ENV).lower() if text(LANG_ENV).lower() in LANGUAGES else "en",
            local_paths=_path_mode(environ),
            models_dir=Path(models).expanduser() if models else None,
            cache_dir=Path(environ.get(CACHE_DIR_ENV) or DEFAULT_CACHE_DIR),
            cache_mb=int(text(CACHE_MB_ENV)) if text(CACHE_MB_ENV).isdigit() and int(text(CACHE_MB_ENV)) > 0
            else DEFAULT_CACHE_MB,
            upload_quota_mb=_positive(environ, UPLOAD_QUOTA_ENV, DEFAULT_UPLOAD_QUOTA_MB, UploadStorageError),
            upload_idle_minutes=_positive(environ, UPLOAD_IDLE_ENV, DEFAULT_UPLOAD_IDLE_MINUTES, UploadStorageError),
            max_extract_mb=extract,
            tokenizer_mb=_tokenizer_mb(text(TOKENIZER_MB_ENV)),
            cluster=_cluster(environ),
        )


def current_settings() -> Settings:
    """The settings of this process's environment: parsed once, and again when an ``EXPLORER_*`` variable changes."""
    return _parsed(tuple(sorted((name, value) for name, value in os.environ.items() if name.startswith(PREFIX))))


@functools.lru_cache(maxsize=4)
def _parsed(variables: tuple[tuple[str, str], ...]) -> Settings:
    return Settings.from_environment(dict(variables))


def _positive(environ: Mapping[str, str], name: str, default: float, error: type[Exception]) -> float | Unusable:
    """``environ[name]`` as a positive number; ``default`` when unset or blank; else :class:`Unusable` (an ``error``
    naming the variable, with ``default`` as an example)."""
    text = environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:  # NaN too
        return Unusable(error, msg("err.ckpt.setting_not_positive", name=name, text=text, default=default))
    return value


def _tokenizer_mb(text: str) -> int | Unusable:
    """``EXPLORER_TOKENIZER_MB`` as a whole number; blank: the default; anything else is a ``ValueError``."""
    if not text:
        return DEFAULT_TOKENIZER_MB
    try:
        return int(text)
    except ValueError:
        return Unusable(ValueError, f"{TOKENIZER_MB_ENV}={text!r} is not a whole number of megabytes")


def _path_mode(environ: Mapping[str, str]) -> str | Unusable:
    """The mode ``EXPLORER_LOCAL_PATHS`` names (blank or unset: ``any``); :class:`Unusable` (a ``RefusedPathError``
    that lists the valid modes) when it names none."""
    mode = environ.get(LOCAL_PATHS_ENV, "").strip().lower() or PATH_MODES[0]
    if mode not in PATH_MODES:
        setting = f"{LOCAL_PATHS_ENV}={environ[LOCAL_PATHS_ENV]!r}"
        return Unusable(RefusedPathError, msg("err.paths.bad_mode", setting=setting, modes=", ".join(PATH_MODES)))
    return mode


def _cluster(environ: Mapping[str, str]) -> ClusterSettings | Unusable:
    """The ``EXPLORER_DASK_*`` settings and ``EXPLORER_LIVE_FIT_ROWS``; :class:`Unusable` for the first bad one
    (``ClusterSettingError``: a scheduler without ``://``, a non-whole worker count; ``LiveFitLimitError``: the cap)."""
    scheduler = environ.get(SCHEDULER_ENV, "").strip() or None
    if scheduler is not None and "://" not in scheduler:
        return Unusable(ClusterSettingError, msg("err.cluster.scheduler", env=SCHEDULER_ENV, text=scheduler))
    workers = environ.get(WORKERS_ENV, "").strip() or "1"
    if not workers.isdigit():
        return Unusable(ClusterSettingError, msg("err.cluster.workers", env=WORKERS_ENV, text=workers))
    rows = None
    if environ.get(LIVE_FIT_ENV, "").strip():
        rows = _positive(environ, LIVE_FIT_ENV, CLASS_LIVE_FIT_ROWS, LiveFitLimitError)
        if isinstance(rows, Unusable):
            return rows
    return ClusterSettings(scheduler, int(workers), environ.get(MEMORY_ENV, "").strip() or "auto",
                           None if rows is None else int(rows), environ.get(WARM_ENV, "1").strip() != "0")
