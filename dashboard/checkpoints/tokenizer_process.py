"""Tokenizer files run in a child process: a hostile one costs that process, never the server.

A ``tokenizer.json`` is a small program for the ``tokenizers`` library
(Rust), run inside whatever process loads it, and an audit built files of
about 1 KB that took a server down: a chain of ``Replace`` normalizers that
multiplies the text tenfold per step (Rust aborts the whole process when an
allocation fails), a ``Split`` regex that backtracks for 40 s while holding
the interpreter lock (every session froze), a ``Precompiled`` charsmap whose
parse panics (``PanicException`` is no ``Exception``), a post-processor that
repeats the text 12,000 times; a GGUF token list made transformers' merges
rebuild take minutes. So every tokenizer is loaded, and every text encoded,
in a child (``python -m dashboard.checkpoints.tokenizer_process``) that:

- imports only ``tokenizers`` (``transformers`` too, once, to convert a GGUF
  or vocab-file tokenizer to the same JSON, in a child of its own);
- caps its address space at what its imports use plus :func:`memory_bytes`,
  so a runaway allocation ends that child (Rust aborts it), not the server;
- is killed when a call runs past :data:`LOAD_SECONDS`, :data:`CONVERT_SECONDS`
  or :data:`ENCODE_SECONDS`; the next call starts a fresh one;
- answers errors, panics included, as a type name and a message.

The parent speaks to it in JSON lines over its standard input and output. The
child ends when its input closes (the server ended or dropped the tokenizer).
"""

from __future__ import annotations

import json
import os
import re
import resource
import select
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from dashboard.errors import QueryError
from dashboard.i18n import msg

ROOT = Path(__file__).resolve().parents[2]

#: Seconds a child may take to read a ``tokenizer.json`` (a 256,000-token BPE one of 31 MB: 2.3 s, start included).
LOAD_SECONDS = 20.0
#: Seconds a one-shot child may take to convert a GGUF or vocab-file tokenizer (imports included: SmolLM2's
#: 49,152 tokens take 5.5 s).
CONVERT_SECONDS = 60.0
#: Most tokens an encoding may have: the longest text a page takes is 2,000 characters, and a post-processor that
#: repeats the text a million times made the server build gigabytes of token strings from its answer (audit).
MAX_TOKENS = 8192
#: Most bytes one answer of a child may have (a 256,000-token vocabulary is about 5 MB, Gemma's converted
#: tokenizer 33 MB): 19 MB of control characters in a vocab.txt came back as 126 MB of escaped JSON (audit).
MAX_ANSWER_BYTES = 128 << 20
#: Seconds a child may take to encode one text (1,050 characters with that BPE one: 10 ms, round trip included).
ENCODE_SECONDS = 10.0


def memory_bytes() -> int:
    """Bytes of address space a child may use beyond its imports: ``EXPLORER_TOKENIZER_MB`` (default 1,024). A
    256,000-token BPE ``tokenizer.json`` (31 MB, 256,000 merges) peaked at 443 MB resident, 562 MB of address space
    in all, imports included (measured here)."""
    return int(os.environ.get("EXPLORER_TOKENIZER_MB", "1024")) << 20


class TokenizerProcessError(QueryError):
    """The tokenizer child failed, ran past its time or its memory, or answered an error."""


def _cap_memory(mapped: int = 0) -> None:
    """Cap this process's address space at its present size plus :func:`memory_bytes` plus ``mapped`` bytes (a
    file it will map whole: a 1.5 GB GGUF failed to convert under the cap alone)."""
    with open("/proc/self/statm") as statm:
        size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = size + memory_bytes() + mapped
    resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))


def _unknown_id(backend: Any) -> int | None:
    """Id of the unknown token of a ``tokenizers.Tokenizer``, from its model's JSON (``unk_token`` or ``unk_id``)."""
    model = json.loads(backend.to_str()).get("model", {})
    if isinstance(model.get("unk_token"), str):
        return backend.token_to_id(model["unk_token"])
    return model.get("unk_id") if isinstance(model.get("unk_id"), int) else None


def _convert(kind: str, path: str) -> str:
    """The ``tokenizer.json`` text of a GGUF (``kind="gguf"``) or vocab-file (``"vocab"``) tokenizer, by
    ``transformers.AutoTokenizer`` (its fast tokenizer encodes exactly as its backend does)."""
    from transformers import AutoTokenizer

    file = Path(path)
    _cap_memory(mapped=file.stat().st_size if kind == "gguf" else 0)
    if kind == "gguf":
        tokenizer = AutoTokenizer.from_pretrained(str(file.parent), gguf_file=file.name, local_files_only=True)
    else:
        tokenizer = AutoTokenizer.from_pretrained(str(file), local_files_only=True)
    return tokenizer.backend_tokenizer.to_str()


def _serve() -> None:
    """The child's loop: one JSON request a line in, one answer a line out, until the input closes."""
    from tokenizers import Tokenizer

    tokenizer = None
    capped = False
    for line in sys.stdin:
        request = json.loads(line)
        try:
            if request["op"] == "convert":
                answer: dict[str, Any] = {"json": _convert(request["kind"], request["path"])}
            else:
                if not capped:
                    _cap_memory()
                    capped = True
                if request["op"] == "load":
                    text = request.get("json")
                    tokenizer = Tokenizer.from_file(request["path"]) if text is None else Tokenizer.from_str(text)
                    tokenizer.no_padding()
                    tokenizer.no_truncation()
                    answer = {"size": tokenizer.get_vocab_size(with_added_tokens=True),
                              "vocabulary": tokenizer.get_vocab(with_added_tokens=True),
                              "special": [i for i, added in tokenizer.get_added_tokens_decoder().items()
                                          if added.special],
                              "unknown_id": _unknown_id(tokenizer)}
                else:
                    encoding = tokenizer.encode(request["text"], add_special_tokens=request["add_special_tokens"])
                    if len(encoding.ids) > MAX_TOKENS:
                        answer = {"too_many": len(encoding.ids)}
                    else:
                        answer = {"ids": encoding.ids, "special": encoding.special_tokens_mask,
                                  "offsets": encoding.offsets}
        except BaseException as error:  # noqa: BLE001 - a Rust panic is a BaseException; all go back as text
            answer = {"error": type(error).__name__, "message": str(error)[:500]}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


class TokenizerProcess:
    """One child process holding one tokenizer; thread-safe (calls wait for each other).

    Args:
        origin: the file as messages name it.
        path: a ``tokenizer.json`` to read; or
        json_text: its text (a converted GGUF or vocab-file tokenizer).
        cwd: the child's working folder (the project's by default).
    """

    def __init__(self, origin: str, *, path: Path | None = None, json_text: str | None = None,
                 cwd: Path | None = None):
        self.origin = origin
        # absolute: the child runs in the project's folder, and a user's path may be relative to another
        self._load = {"op": "load", "path": None if path is None else os.path.abspath(path), "json": json_text}
        self._child: subprocess.Popen | None = None
        self._lock = threading.Lock()
        self._cwd = cwd or ROOT

    def _start(self) -> subprocess.Popen:
        # Not the server's environment (its secrets: a config once made the library read /proc/self/environ as a
        # vocabulary), and a folder holding only the files it may read.
        return subprocess.Popen([sys.executable, "-m", "dashboard.checkpoints.tokenizer_process"], cwd=self._cwd,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                env=_child_environment())

    def _ask(self, request: dict, seconds: float) -> dict:
        child = self._child
        if child is None or child.poll() is not None:
            raise TokenizerProcessError(msg("err.tokenizer.process_gone", origin=self.origin))
        child.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
        child.stdin.flush()
        line = _read_line(child, seconds)
        if line == b"":
            child.kill()
            child.wait()
            raise TokenizerProcessError(msg("err.tokenizer.answer_too_big", origin=self.origin,
                                            most_mb=MAX_ANSWER_BYTES >> 20))
        if line is None:
            child.kill()
            child.wait()
            code = child.returncode
            key = "err.tokenizer.process_slow" if code == -9 else "err.tokenizer.process_died"
            raise TokenizerProcessError(msg(key, origin=self.origin, seconds=seconds, code=code,
                                            memory_mb=memory_bytes() >> 20))
        answer = json.loads(line)
        if "too_many" in answer:
            raise TokenizerProcessError(msg("err.tokenizer.too_many_tokens", origin=self.origin,
                                            tokens=answer["too_many"], chars=len(request["text"]), most=MAX_TOKENS))
        if "error" in answer:
            raise TokenizerProcessError(msg("err.tokenizer.process_error", origin=self.origin,
                                            kind=answer["error"], error=answer["message"]))
        return answer

    def load(self) -> dict:
        """Start the child and read the tokenizer.

        Returns:
            ``size`` (tokens, added ones included), ``vocabulary`` (token -> 0-based id), ``special`` (ids of
            special added tokens), ``unknown_id`` (``None`` without one).

        Raises:
            TokenizerProcessError: the library refused the file, or the child died, ran out of memory or time.
        """
        with self._lock:
            self.close()
            self._child = self._start()
            return self._ask(self._load, LOAD_SECONDS)

    def encode(self, text: str, add_special_tokens: bool) -> dict:
        """``ids``, ``special`` (0/1 per token) and ``offsets`` (``[start, end)`` characters) of ``text``, at most
        :data:`MAX_TOKENS` tokens.

        A child that died or was killed before is started again (and reads the tokenizer again) first.

        Raises:
            TokenizerProcessError: the encode failed, made more than :data:`MAX_TOKENS` tokens, or ran out of memory
                or time (the child is then killed).
        """
        with self._lock:
            if self._child is None or self._child.poll() is not None:
                self._child = self._start()
                self._ask(self._load, LOAD_SECONDS)
            return self._ask({"op": "encode", "text": text, "add_special_tokens": add_special_tokens},
                             ENCODE_SECONDS)

    def ask_once(self, request: dict, seconds: float) -> dict:
        """Start a child, ask it ``request`` (given ``seconds``), end it.

        Raises:
            TokenizerProcessError: as :meth:`load`.
        """
        with self._lock:
            self._child = self._start()
            try:
                return self._ask(request, seconds)
            finally:
                self.close()

    def close(self) -> None:
        """End the child (closing its input ends it; a stuck one is killed)."""
        child, self._child = self._child, None
        if child is not None and child.poll() is None:
            child.kill()
            child.wait()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass


def convert_tokenizer(kind: str, path: Path, origin: str) -> str:
    """The ``tokenizer.json`` text of a GGUF (``kind="gguf"``, ``path`` the file) or vocab-file (``"vocab"``,
    ``path`` the folder) tokenizer, converted by ``transformers`` in a one-shot child.

    The child works in a fresh folder holding only :data:`CONVERTED_FILES` (a link to the GGUF file), after the
    JSON ones are checked by :func:`refuse_path_settings`: transformers passes a config's ``"vocab":
    "/etc/passwd"`` to the tokenizers library, which read it as the vocabulary, and a mismatch note quoted its
    lines (audit).

    Raises:
        TokenizerProcessError: transformers refused it, or the child died, ran out of memory or time.
        QueryError: a setting names a path.
    """
    import shutil

    with tempfile.TemporaryDirectory(prefix="tokenizer-") as scratch:
        folder = Path(scratch)
        if kind == "gguf":
            (folder / path.name).symlink_to(os.path.abspath(path))
            converted = folder / path.name
        else:
            for name in CONVERTED_FILES:
                if (path / name).is_file():
                    if name.endswith(".json"):
                        refuse_path_settings(path / name)
                    shutil.copyfile(path / name, folder / name)
            _write_model_type(path / "config.json", folder / "config.json")
            converted = folder
        return TokenizerProcess(origin, cwd=folder).ask_once(
            {"op": "convert", "kind": kind, "path": str(converted)}, CONVERT_SECONDS)["json"]


#: Files a vocab-file tokenizer is converted from (``transformers``' names), copied to the child's own folder.
CONVERTED_FILES = ("vocab.txt", "vocab.json", "merges.txt", "tokenizer_config.json", "special_tokens_map.json",
                   "added_tokens.json")


#: A string that names a path outside the folder it is read in.
_PATH_OUTSIDE = re.compile(r"^(/|~|\\\\|[A-Za-z]:[/\\\\])|(^|[/\\\\])\.\.([/\\\\]|$)")


def refuse_path_settings(path: Path) -> None:
    """Refuse a JSON settings file any of whose strings names a path outside the folder: absolute (``/``, ``~``,
    ``\\``, ``C:``) or climbing out (``..``). Relative names stay in the child's folder of copies; ``</s>`` and
    ``org/model`` names are fine.

    Raises:
        QueryError: such a string, with where it is.
    """
    from dashboard.checkpoints.metadata import load_json

    pending: list[tuple[str, Any]] = [(path.name, load_json(path))]
    while pending:
        where, value = pending.pop()
        if isinstance(value, dict):
            pending.extend((f"{where}.{key}", item) for key, item in value.items())
        elif isinstance(value, list):
            pending.extend((f"{where}[{i}]", item) for i, item in enumerate(value))
        elif isinstance(value, str) and _PATH_OUTSIDE.search(value.strip()):
            raise QueryError(msg("err.ckpt.tokenizer_setting_path", where=where[:200]))


def _write_model_type(source: Path, target: Path) -> None:
    """Copy of a ``config.json`` reduced to what ``AutoTokenizer`` picks a tokenizer class by (``model_type``,
    ``tokenizer_class``): its other strings are often absolute paths (``_name_or_path``), harmless but unchecked."""
    from dashboard.checkpoints.metadata import load_json

    if not source.is_file():
        return
    config = load_json(source)
    kept = {key: config[key] for key in ("model_type", "tokenizer_class")
            if isinstance(config, dict) and isinstance(config.get(key), str) and not _PATH_OUTSIDE.search(config[key])}
    target.write_text(json.dumps(kept), encoding="utf-8")


def _child_environment() -> dict[str, str]:
    """What a child needs of the environment: the interpreter's path, its language, the memory setting."""
    kept = ("PATH", "LANG", "LC_ALL", "EXPLORER_TOKENIZER_MB", "SYSTEMROOT")
    return {**{k: os.environ[k] for k in kept if k in os.environ}, "PYTHONPATH": str(ROOT),
            # HOME: somewhere writable also in the Docker image, where the project's folder is root's
            "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HOME": tempfile.gettempdir()}


def _read_line(child: subprocess.Popen, seconds: float) -> bytes | None:
    """The child's next line; ``None`` when it ends or ``seconds`` pass first, ``b""`` past
    :data:`MAX_ANSWER_BYTES`."""
    deadline = time.monotonic() + seconds
    fd = child.stdout.fileno()
    chunks: list[bytes] = []
    received = 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return None
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return None
        chunks.append(chunk)
        received += len(chunk)
        if received > MAX_ANSWER_BYTES:
            return b""
        if chunk.endswith(b"\n"):
            return b"".join(chunks)


if __name__ == "__main__":
    _serve()
