"""Fetching a model folder from the Hugging Face Hub by its id, when the machine is online.

``HfApi.model_info`` lists the files; ``snapshot_download`` fetches only those read (config, tokenizer files, one
weight set) into the usual cache. An unreachable hub raises :class:`~dashboard.errors.HubUnavailableError` first.
"""

from __future__ import annotations

import fnmatch
import os
import re
import socket
from pathlib import Path

from dashboard.errors import ExplorerError, HubUnavailableError, QueryError
from dashboard.i18n import msg

HUB_HOST = "huggingface.co"
#: ``owner/name`` or ``name``: letters, digits, ``-``, ``_``, ``.`` (huggingface_hub's repo-id rule).
_REPO_ID = re.compile(r"^[A-Za-z0-9][\w.-]{0,95}(/[A-Za-z0-9][\w.-]{0,95})?$")
#: Small files read beside the weights.
COMPANION_PATTERNS = ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json",
                      "vocab.json", "vocab.txt")
#: Weight sets in order of preference: (file that marks the set, patterns to fetch).
WEIGHT_SETS = (
    ("model.safetensors.index.json", ("model.safetensors.index.json", "model-*.safetensors")),
    ("model.safetensors", ("model.safetensors",)),
    ("pytorch_model.bin.index.json", ("pytorch_model.bin.index.json", "pytorch_model-*.bin")),
    ("pytorch_model.bin", ("pytorch_model.bin",)),
)
OFFLINE_ADVICE = msg("err.ckpt.hub_offline_advice")


def offline_mode_set(environ: dict[str, str] | None = None) -> bool:
    """Whether ``HF_HUB_OFFLINE`` asks huggingface_hub never to connect (``1``, ``true``, ``yes``, ``on``)."""
    value = (os.environ if environ is None else environ).get("HF_HUB_OFFLINE", "")
    return value.strip().lower() in ("1", "true", "yes", "on")


def hub_unavailable_reason(timeout_s: float = 2.0) -> str | None:
    """Why the hub cannot be reached, or ``None`` when a TCP connection to it succeeds.

    Either ``HF_HUB_OFFLINE`` is set (nothing tried) or ``huggingface.co:443`` did not connect in ``timeout_s`` seconds.
    """
    if offline_mode_set():
        return msg("err.ckpt.hub_offline_mode", host=HUB_HOST)
    try:
        with socket.create_connection((HUB_HOST, 443), timeout=timeout_s):
            return None
    except socket.gaierror:
        return msg("err.ckpt.hub_unresolved", host=HUB_HOST)
    except TimeoutError:
        return msg("err.ckpt.hub_timeout", host=HUB_HOST, timeout_s=timeout_s)
    except OSError as error:
        return msg("err.ckpt.hub_connect_failed", host=HUB_HOST, reason=error.strerror or type(error).__name__)


def choose_hub_files(filenames: list[str]) -> list[str]:
    """The files of a repository to fetch: companions plus one weight set.

    Raises:
        QueryError: the repository has no weights the explorer reads.
    """
    chosen = [name for name in filenames if name in COMPANION_PATTERNS]
    for marker, patterns in WEIGHT_SETS:
        if marker in filenames:
            return chosen + [n for n in filenames if any(fnmatch.fnmatch(n, p) for p in patterns)]
    ggufs = sorted((n for n in filenames if n.endswith(".gguf")), key=lambda n: ("Q8_0" not in n, n))
    if ggufs:
        return [ggufs[0]]  # one quantization is enough; prefer Q8_0, the least lossy common one
    raise QueryError(msg("err.ckpt.hub_no_weights", files=", ".join(filenames[:12])))


def fetch_hub_model(repo_id: str, *, revision: str | None = None) -> Path:
    """Download the files the explorer needs of a hub model; returns the local folder or file.

    Raises:
        QueryError: a malformed id, or no such (public) repository.
        HubUnavailableError: the hub cannot be reached from this machine.
    """
    repo_id = repo_id.strip()
    if not _REPO_ID.match(repo_id):
        raise QueryError(msg("err.ckpt.hub_bad_id", repo_id=repo_id))
    reason = hub_unavailable_reason()
    if reason is not None:
        raise HubUnavailableError(msg("err.ckpt.hub_unavailable", reason=reason, repo_id=repo_id,
                                      advice=OFFLINE_ADVICE))
    from huggingface_hub import HfApi, snapshot_download
    from huggingface_hub.errors import GatedRepoError, RepositoryNotFoundError, RevisionNotFoundError

    try:
        info = HfApi().model_info(repo_id, revision=revision, timeout=10)
        files = choose_hub_files([sibling.rfilename for sibling in info.siblings or ()])
        folder = Path(snapshot_download(repo_id, revision=revision, allow_patterns=files))
    except ExplorerError:
        raise
    except (RepositoryNotFoundError, GatedRepoError, RevisionNotFoundError) as error:
        raise QueryError(msg("err.ckpt.hub_not_public", repo_id=repo_id, kind=type(error).__name__)) from error
    except Exception as error:  # HTTP and transport errors of huggingface_hub's client, disk errors
        raise HubUnavailableError(msg("err.ckpt.hub_fetch_failed", repo_id=repo_id, host=HUB_HOST, error=error,
                                      advice=OFFLINE_ADVICE)) from error
    single = [f for f in files if f.endswith(".gguf")]
    return folder / single[0] if single else folder
