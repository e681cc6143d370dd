"""Typed errors raised by the library, each saying what was wrong and what to do, so ``str(error)`` is shown as is;
pages catch :class:`ExplorerError`, and anything else is a bug."""


class ExplorerError(Exception):
    """Base class of every error this project raises on bad input."""


class SourceNotFoundError(ExplorerError):
    """The path or bundled name does not exist."""


class UnusablePathError(SourceNotFoundError):
    """A path that cannot be looked up: empty, too long, holding a NUL byte, or behind a folder we may not search."""


class UnsupportedFormatError(ExplorerError):
    """The file exists but is not a checkpoint format we can read."""


class CheckpointReadError(ExplorerError):
    """The file claims a known format but is truncated, corrupt or inconsistent."""


class MissingTensorError(ExplorerError):
    """A tensor that the architecture's key map requires is not in the checkpoint."""


class ShapeMismatchError(ExplorerError):
    """Two sizes that must agree do not (both are given in the message)."""


class UnsafeCheckpointError(ExplorerError):
    """A pickle asked for objects that safe loading refuses; nothing was executed."""


class InvalidTableError(ExplorerError):
    """A table holds values no analysis can use (NaN or Inf rows, wrong rank)."""


class RunError(ExplorerError):
    """A folder is not one training run: no checkpoints, only one, or two at the same step."""


class SpecError(ExplorerError):
    """A spec string for parameter accounting is malformed or incomplete."""


class QueryError(ExplorerError):
    """A token, word or parameter asked for by the user cannot be used."""


class OrderError(QueryError):
    """A reorder spec (``reverse``, ``shuffle:SEED``, ``swap:I,J``, ``i,j,k,...``) cannot be used."""


class ForwardUnavailableError(ExplorerError):
    """No forward pass can be built from this checkpoint (a bare table, an unsupported architecture)."""


class UnsafeArchiveError(ExplorerError):
    """A zip entry would land outside the folder it is extracted to; nothing was extracted."""


class ArchiveLimitError(ExplorerError):
    """A zip would unpack past the extraction limits (total size, compression ratio); nothing was extracted."""


class ArrayChoiceError(ExplorerError):
    """An array file holds several arrays and which one is the token table is not clear."""


class HubUnavailableError(ExplorerError):
    """The model hub cannot be reached from this machine (offline or blocked)."""


class UploadStorageError(ExplorerError):
    """No writable temporary folder to store an upload in (a read-only file system, a full disk)."""


class NoOutputHeadError(ExplorerError):
    """The checkpoint has no output head (an encoder such as all-MiniLM), so there is no head to show or change."""


class RefusedPathError(ExplorerError):
    """A path this server's setting does not open (outside the allowed folders, or another session's upload)."""


class UploadQuotaError(ExplorerError):
    """An upload would take more disk than one session may hold; nothing of it was kept."""


class MetadataError(CheckpointReadError):
    """A metadata file or field (config.json, meta.pkl, GGUF key ...) has the wrong type or shape; both are named."""


class BackendUnavailableError(ExplorerError):
    """A computing backend asked for (``--backend cuml``) cannot run here: the message says why and what to do."""


class LiveFitLimitError(ExplorerError):
    """A UMAP or t-SNE for a page would fit more rows than the server allows (``EXPLORER_LIVE_FIT_ROWS``)."""


class ClusterSettingError(ExplorerError):
    """A heavy-work setting (``EXPLORER_DASK_*``) is not one the cluster can use."""


class CacheFolderError(ExplorerError):
    """The cache folder (``EXPLORER_CACHE_DIR``) is not a folder this process can make or write."""


class HeavyWorkError(ExplorerError):
    """Heavy work on the Dask cluster could not be done: the scheduler cannot be reached, or a worker stopped
    (past its memory limit, or killed) while computing it."""


class ChildLimitError(CheckpointReadError):
    """A file made the child process reading it crash, or ask for more memory or processor time than the file can
    honestly need. The server kept serving; nothing of the file was kept."""


class BusyError(ExplorerError):
    """Work did not finish in time because the machine was busy (little processor time was used); never cached."""
