"""Printing for the command line: JSON documents and aligned text tables."""

from __future__ import annotations

import json
import math
from typing import Any, Sequence


def _jsonable(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if hasattr(value, "item"):  # numpy scalars
        return value.item()
    return value


def print_json(document: Any) -> None:
    """Print ``document`` as indented UTF-8 JSON; non-finite floats become ``null``, and a lone surrogate (a path's
    byte that is not UTF-8, as Python keeps it) the JSON escape ``\\udcXX``, so the output stays valid UTF-8."""
    text = json.dumps(_jsonable(document), indent=2, ensure_ascii=False)
    print(text.encode("utf-8", "backslashreplace").decode("utf-8"))


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool] | None = None) -> None:
    """Print an aligned text table; ``right[i]`` right-aligns column i (numbers)."""
    right = right or [False] * len(header)
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(str(c).rjust(w) if r else str(c).ljust(w) for c, w, r in zip(cells, widths, right)).rstrip()

    print(line(header))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))
