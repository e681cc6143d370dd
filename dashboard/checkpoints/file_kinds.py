"""What a file is, from its first bytes and suffix, so a misnamed file (a GGUF saved as ``.bin``) reaches its reader.

Sources: GGUF (ggml ``docs/gguf.md``: ``GGUF`` then a uint32 version); safetensors (an 8-byte little-endian header
length, then a JSON object).
"""

from __future__ import annotations

from pathlib import Path

GGUF_MAGIC = b"GGUF"

#: Suffixes ``torch.save`` files usually carry.
TORCH_SUFFIXES = (".pt", ".pth", ".bin", ".ckpt")
#: Suffixes of files that hold a bare state dict (no config beside them needed).
STATE_DICT_SUFFIXES = TORCH_SUFFIXES + (".safetensors",)


def leading_bytes(path: Path, count: int = 16) -> bytes:
    """The first ``count`` bytes of a file, ``b""`` for a folder or an unreadable file."""
    try:
        with open(path, "rb") as handle:
            return handle.read(count)
    except OSError:
        return b""


def looks_like_safetensors(path: Path) -> bool:
    """True when the file starts as safetensors does: a plausible header length, then ``{``."""
    head = leading_bytes(path, 9)
    if len(head) < 9:
        return False
    header_length = int.from_bytes(head[:8], "little")
    try:
        size = path.stat().st_size
    except OSError:
        return False
    return 0 < header_length <= size - 8 and head[8:9] == b"{"


def is_gguf(path: Path) -> bool:
    """True for a ``.gguf`` file or any file starting with the GGUF magic."""
    return path.is_file() and (path.suffix.lower() == ".gguf" or leading_bytes(path, 4) == GGUF_MAGIC)
