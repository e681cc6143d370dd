"""A large deck's points as files the browser fetches, not inside the deck's JSON.

``st.pydeck_chart`` sends the deck as one JSON text, which Streamlit 1.67's
frontend parses with JSON5 (a parser written in JavaScript) and deck.gl's
JSON converter then walks point by point: for 256,000 points that is most
of the seconds before the map appears. A layer whose ``data`` is a URL is
fetched by deck.gl itself and parsed with the browser's ``JSON.parse``
(deck.gl's default JSON loader), and the JSON converter never sees it.

The files are served by Streamlit's static file serving
(``server.enableStaticServing``, ``.streamlit/config.toml``) from
``static/deck-data/`` beside ``app.py``, at ``/app/static/deck-data/NAME``.
Each name is an HMAC-SHA256 of the layer's JSON under a key drawn when the
server starts (128 bits shown), so a name says nothing about its content and
cannot be guessed: only the session that drew the map is sent it. Identical
layers share one file. The folder is kept under :func:`budget_bytes`
(``EXPLORER_DECK_FILES_MB``, default 900): the least recently used files
go first, and a file a cached deck still names is written again when it is
missing. Where the folder cannot be written (a read-only image) or static
serving is off, the deck goes inline, as before.

Reference: https://docs.streamlit.io/develop/concepts/configuration/serving-static-files,
https://deck.gl/docs/developer-guide/loading-data (a URL as ``data``).
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import os
import secrets
import threading
import time
import weakref
from pathlib import Path

import pydeck as pdk
import streamlit as st

from dashboard.charts.token_map_deck import CompactDeck
from dashboard.projection_cache import write_atomically

#: The folder Streamlit serves at ``/app/static/`` (``static/`` beside the main script, ``app.py``).
STATIC_DIR = Path(__file__).resolve().parents[2] / "static"
#: Where the layer files go, under :data:`STATIC_DIR`.
DATA_DIR = STATIC_DIR / "deck-data"
#: A deck whose JSON is shorter than this many bytes is sent inline (a small map gains nothing from a fetch).
INLINE_BYTES = 1_000_000
#: Largest file Streamlit 1.67 serves (``MAX_APP_STATIC_FILE_SIZE``, 200 MiB): a deck with a larger layer goes inline.
MAX_FILE_BYTES = 200 * 2**20
#: Largest budget: Streamlit turns static serving off at start when the folder holds more than 1 GiB.
MAX_BUDGET_BYTES = 900_000_000
#: A half-written ``.tmp`` file older than this many seconds was left by a killed server, and is deleted.
STALE_SECONDS = 600
_KEY = secrets.token_bytes(32)
_LOCK = threading.Lock()
#: Deck -> (its JSON with file URLs, the file of each layer in order); kept as long as the deck.
_SERVED: "weakref.WeakKeyDictionary[pdk.Deck, tuple[str, list[Path]]]" = weakref.WeakKeyDictionary()


def budget_bytes() -> int:
    """Most bytes :data:`DATA_DIR` may hold: ``EXPLORER_DECK_FILES_MB`` megabytes (default 900, 1 to 900).

    Capped at :data:`MAX_BUDGET_BYTES`: above 1 GiB in ``static/`` Streamlit would not serve it at all.
    """
    try:
        megabytes = int(os.environ.get("EXPLORER_DECK_FILES_MB", "900"))
    except ValueError:
        megabytes = 900
    return min(max(1, megabytes) * 1_000_000, MAX_BUDGET_BYTES)


def files_enabled() -> bool:
    """Whether Streamlit serves :data:`STATIC_DIR` (``server.enableStaticServing``)."""
    try:
        return bool(st.get_option("server.enableStaticServing"))
    except RuntimeError:  # an unknown option in another Streamlit release
        return False


def _url(path: Path) -> str:
    """The URL the browser fetches ``path`` from, relative to the page (``app/static/deck-data/NAME``).

    Relative, as Streamlit's documentation writes static URLs: a page at
    ``/token_map`` fetches ``/app/static/...``, one at ``/explorer/token_map``
    (``server.baseUrlPath``, or a proxy that strips the prefix) fetches
    ``/explorer/app/static/...``.
    """
    return f"app/static/{DATA_DIR.name}/{path.name}"


def write_served_file(path: Path, content: str | bytes) -> None:
    """Write ``content`` (text as UTF-8) to ``path`` atomically: a temporary file in the same folder, then a rename.

    Raises:
        OSError: the folder cannot be written (a read-only image, a full disk).
    """
    data = content.encode("utf-8") if isinstance(content, str) else content
    write_atomically(path, lambda temporary: temporary.write_bytes(data))


def _prune(keep: set[Path]) -> None:
    """Delete the least recently used files of :data:`DATA_DIR` until it is within :func:`budget_bytes`.

    Half-written ``.tmp`` files older than :data:`STALE_SECONDS` (a server killed mid-write) go first.
    A file that cannot be deleted is skipped; the others are still deleted.
    """
    files, now = [], time.time()
    for path in DATA_DIR.iterdir():
        try:
            stat = path.stat()
            if path.suffix == ".tmp" and now - stat.st_mtime > STALE_SECONDS:
                path.unlink()
            elif path.suffix == ".json" and path.is_file():
                files.append((stat.st_mtime, stat.st_size, path))
        except OSError:  # removed meanwhile, or not ours to delete
            continue
    total = sum(size for _, size, _ in files)
    for _, size, path in sorted(files):
        if total <= budget_bytes():
            break
        if path in keep:
            continue
        try:
            path.unlink(missing_ok=True)
        except OSError:
            continue
        total -= size


def _layer_texts(deck: pdk.Deck) -> list[str]:
    return [json.dumps(layer.data, separators=(",", ":"), ensure_ascii=False) for layer in deck.layers]


def _file_for(text: str) -> Path:
    name = hmac.new(_KEY, text.encode("utf-8"), hashlib.sha256).hexdigest()[:32]
    return DATA_DIR / f"{name}.json"


def _ensure_files(deck: pdk.Deck, paths: list[Path]) -> None:
    """Write each layer's file that is missing, and mark every one as just used (for :func:`_prune`)."""
    texts = None
    for i, path in enumerate(paths):
        try:
            os.utime(path)
        except FileNotFoundError:
            texts = texts or _layer_texts(deck)
            write_served_file(path, texts[i])
    if texts is not None:
        _prune(set(paths))


def served_deck(deck: pdk.Deck) -> pdk.Deck:
    """``deck``, or for a large one a copy whose layers fetch their points from files (see the module docstring).

    The copy's ``to_json()`` is the deck's JSON with each layer's ``data`` a
    root-relative URL; the files are written here when missing. ``deck``
    itself is not changed (a cached deck is shared by every session).

    Returns:
        ``deck`` unchanged when its JSON is under :data:`INLINE_BYTES`, when
        static serving is off, or when :data:`DATA_DIR` cannot be written.
    """
    if not files_enabled() or len(deck.to_json()) < INLINE_BYTES:
        return deck
    try:
        with _LOCK:
            served = _SERVED.get(deck)
            if served is None:
                # Through the link's target: in the image static/ links into the /cache volume, which may
                # predate the link's folder (Docker fills only a new, empty volume from the image).
                Path(os.path.realpath(DATA_DIR)).mkdir(parents=True, exist_ok=True)
                texts = _layer_texts(deck)
                if max(len(text.encode("utf-8")) for text in texts) > MAX_FILE_BYTES:
                    return deck  # Streamlit would answer 404 for such a file
                paths = [_file_for(text) for text in texts]
                copied = copy.copy(deck)
                copied.layers = [copy.copy(layer) for layer in deck.layers]
                for layer, path in zip(copied.layers, paths):
                    layer.data = _url(path)
                served = (CompactDeck.to_json(copied), paths)
                _SERVED[deck] = served
            _ensure_files(deck, served[1])
    except OSError:  # a read-only or full disk: the deck goes inline
        return deck
    return _PrebuiltDeck(deck, served[0])


class _PrebuiltDeck(CompactDeck):
    """A deck whose JSON is given (``served_deck``'s), with the original's tooltip for Streamlit."""

    def __init__(self, deck: pdk.Deck, text: str) -> None:
        self.__dict__.update(deck.__dict__)
        self._text = text

    def to_json(self) -> str:
        """The JSON given at construction, ``str``."""
        return self._text
