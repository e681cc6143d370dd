"""Reading checkpoints into :class:`~dashboard.tables.EmbeddingTables`.

One entry point, :func:`load_tables`, and one registry, :data:`READERS`, from
format name to (detector, reader). Each reader lives in its own module and
handles one container format.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, NamedTuple

from dashboard.checkpoints.bundled import BUNDLED, find_bundled
from dashboard.checkpoints.hf_folder import is_hf_folder, read_hf_folder
from dashboard.errors import SourceNotFoundError, UnsupportedFormatError
from dashboard.tables import EmbeddingTables


class Reader(NamedTuple):
    detect: Callable[[Path], bool]
    read: Callable[[Path, str], EmbeddingTables]
    describe: str


#: Format name -> reader, tried in this order.
READERS: dict[str, Reader] = {
    "hf-folder": Reader(is_hf_folder, read_hf_folder, "Hugging Face folder (config.json + model.safetensors)"),
}


def resolve_source(source: str | Path) -> tuple[Path, str]:
    """Turn a bundled name or a path into ``(path, name to report)``.

    Raises:
        SourceNotFoundError: neither a bundled name nor an existing path.
    """
    bundled = find_bundled(str(source))
    if bundled is not None:
        return bundled.path, bundled.name
    path = Path(source).expanduser()
    if not path.exists():
        names = ", ".join(["default"] + [m.name for m in BUNDLED])
        raise SourceNotFoundError(f"{source} is neither an existing path nor a bundled checkpoint ({names})")
    return path, str(source)


def load_tables(source: str | Path) -> EmbeddingTables:
    """Read the embedding tables of a checkpoint.

    Args:
        source: a bundled name (``default``, ``all-minilm-l6-v2``), or a path
            to a checkpoint file or folder.

    Returns:
        The tables in float32; only embedding tensors are read.

    Raises:
        SourceNotFoundError: the path does not exist.
        UnsupportedFormatError: no reader recognises it.
        ExplorerError: any subclass, from the reader, when the file is bad.
    """
    path, name = resolve_source(source)
    for reader in READERS.values():
        if reader.detect(path):
            return reader.read(path, name)
    formats = "; ".join(r.describe for r in READERS.values())
    raise UnsupportedFormatError(f"{path} is not a checkpoint format we read. Supported: {formats}")
