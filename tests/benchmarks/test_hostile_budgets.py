"""Hostile files cost what they hold: each is answered in a fresh process within the time and memory budget.

Budget (the one-wall issue): ``python -m dashboard info FILE --json`` answers a hostile file under 1 MB with exit
status 2 and one line within 60 s, and no process of it (the command or the child behind the wall) goes above
800 MB; any file costs at most the baseline + 1.5 x the float32 tables it really holds + 300 MB. For checkpoints
the reorder demo builds, ``load_forward_model`` is run too. Peak RSS is the largest of the process and its
children (``ru_maxrss`` of ``wait4``), measured by :func:`benchmarks.peak_memory_sharded.peak_rss`.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest

from benchmarks.peak_memory_sharded import peak_rss
from tests import hostile_factories as hostile

MB = 2**20
SMALL_FILE = 1 * MB
SECONDS = 60
MARGIN = 300 * MB
#: Most resident memory any one process may reach answering a small hostile file.
MOST_RSS = 800 * MB

#: What the reading process imports before it opens anything (the baseline's own command).
IMPORTS = "import torch, safetensors.torch, numpy, gguf, transformers, dashboard.cli, dashboard.checkpoints"
#: Reads one path as a server does, behind the wall; prints the seconds the answer took (after the imports, which a
#: server has done once) and ``tables`` or ``typed <ErrorClass> <message>``; any other exception exits non-zero.
_READ = IMPORTS + """
import sys, time
from dashboard.errors import ExplorerError
from dashboard.forward.loading import load_forward_model
from dashboard.wall.tables import read_checkpoint
start = time.perf_counter()
try:
    tables = read_checkpoint(sys.argv[1])
    if sys.argv[2] == "forward":
        load_forward_model(tables)
    answer = "tables"
except ExplorerError as error:
    answer = f"typed {type(error).__name__} {str(error)[:300]}"
print(f"{time.perf_counter() - start:.2f}")
print(answer)
"""
#: The command line a user runs: exit status, then what it printed on stderr.
_INFO = """
import contextlib, io, sys, time
from dashboard.cli import main
err = io.StringIO()
start = time.perf_counter()
with contextlib.redirect_stderr(err):
    code = main(["info", sys.argv[1], "--json"])
print(f"{time.perf_counter() - start:.2f}")
print(code)
print(err.getvalue(), end="")
"""


@pytest.fixture(scope="module")
def baseline() -> int:
    rss, _, _ = peak_rss([sys.executable, "-c", IMPORTS])
    return rss


def _answer(path, level: str = "tables") -> tuple[int, float, str]:
    """Peak RSS (bytes), seconds to answer once imported, and the answer line of one fresh reading process."""
    # killed well past the budget: a file that makes the reader hang (a hash bomb) fails, not stalls the suite
    # the tokenizer child's memory is capped lower than the server's default (1 GiB): its peak counts here too
    rss, _, out = peak_rss([sys.executable, "-c", _READ, str(path), level], timeout=4 * SECONDS,
                           env={"EXPLORER_TOKENIZER_MB": "200"})
    seconds, answer = out.split("\n", 1)
    return rss, float(seconds), answer


def _size(path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size


SMALL_HOSTILE = {
    "torch zip with a deflated 400 MB pickle": hostile.torch_zip_with_deflated_pickle,
    "legacy torch pickle declaring an 8 GiB storage": hostile.legacy_torch_with_huge_storage,
    "meta.pkl declaring 50 GiB of bytes": hostile.meta_pkl_with_huge_bytes,
    "GGUF declaring 2**40 tokens": hostile.gguf_with_huge_token_count,
    "GGUF declaring a 2**40-byte string": hostile.gguf_with_huge_string,
    "GGUF declaring 2**40 tensors": hostile.gguf_with_huge_tensor_count,
    "GGUF listing 40,000 tensor records": hostile.gguf_with_many_tensor_records,
    ".npy declaring 4 TB": hostile.npy_with_huge_shape,
    ".npz deflating to 800 MiB": hostile.npz_bomb,
    "safetensors declaring 4 TB": hostile.safetensors_with_huge_shape,
    # A walk or repr of 2**60 shared values never ended, holding the interpreter lock: the whole server froze.
    "meta.pkl of 2**60 values by shared references": hostile.meta_pkl_of_shared_lists,
    "model_args of 2**60 values by shared references": hostile.nanogpt_with_shared_list_args,
    "meta.pkl whose dict key takes 2**60 steps to hash": hostile.meta_pkl_with_hashed_tuple_key,
    # Hashing a key nested 600,000 deep recursed in C until Python crashed (segmentation fault): the server died.
    "meta.pkl whose dict key nests 600,000 deep": hostile.meta_pkl_with_deep_key,
    "meta.pkl hashing a deep key no returned object holds": lambda folder: hostile.meta_pkl_with_deep_key(
        folder, held=False),
    "torch file of protocol 1 (no PROTO) with a key 600,000 deep": hostile.torch_file_without_proto,
    # Rust aborted the whole reading process (the server) when the tenfold chain's allocation failed.
    "tokenizer.json multiplying an added token 10**7 times": hostile.tokenizer_json_multiplying_an_added_token,
    "torch zip whose hash bomb data.pkl follows a decoy xdata.pkl": hostile.torch_zip_with_decoy_pickle,
    "state dict whose 4-byte table reads as 2 GB (expand)": hostile.torch_state_dict_with_broadcast_table,
    # Found by an outside test of the server: a crash hidden from the old scanner, tables made at the file's request,
    # and layouts that ended in a traceback.
    "torch zip with two data.pkl entries, the second a crash": hostile.torch_zip_with_two_pickles_of_one_name,
    "torch zip whose table is allocated at its request": hostile.torch_zip_with_allocated_table,
    "sparse token table": lambda d: hostile.torch_file_with_layout(d, "sparse"),
    "nested token table": lambda d: hostile.torch_file_with_layout(d, "nested"),
    "meta-device token table": lambda d: hostile.torch_file_with_layout(d, "meta"),
}


@pytest.mark.parametrize("attack", list(SMALL_HOSTILE))
def test_a_small_hostile_file_is_one_line_and_exit_2_from_the_command_line(tmp_path, attack):
    path = SMALL_HOSTILE[attack](tmp_path)
    assert _size(path) < SMALL_FILE
    rss, _, out = peak_rss([sys.executable, "-c", _INFO, str(path)], timeout=4 * SECONDS,
                           env={"EXPLORER_TOKENIZER_MB": "200"})
    seconds, code, *lines = out.split("\n")
    lines = [line for line in lines if line.strip()]
    assert code == "2" and len(lines) == 1, out
    assert float(seconds) < SECONDS, f"{attack}: {seconds} s"
    assert rss < MOST_RSS, f"{attack}: {rss / MB:.0f} MB"


def test_a_gguf_of_many_tiny_metadata_values_is_refused_before_the_reader_builds_them(tmp_path, baseline):
    # 2,000,000 one-byte tokens (18 MB) took 2.7 GB and 92 s before the limit; 330,000 (3 MB) would take ~410 MB.
    path = hostile.gguf_with_many_tiny_tokens(tmp_path)
    rss, seconds, out = _answer(path)
    assert out.startswith("typed ArchiveLimitError") and "200,000 values" in out, out
    assert seconds < SECONDS, f"{seconds:.1f} s"
    assert rss < baseline + MARGIN, f"{(rss - baseline) / MB:.0f} MB above the import baseline"


FORWARD_HOSTILE = {
    "config.json asking for 20,000 layers": lambda folder: hostile.hf_folder_with_config(folder, n_layer=20000),
    "config.json asking for a 20,000,000-wide MLP": lambda folder: hostile.hf_folder_with_config(folder,
                                                                                                n_inner=20_000_000),
    "model_args asking for 20,000 layers": lambda folder: hostile.nanogpt_with_model_args(folder, n_layer=20000),
    "config.json of 6,000 thin layers beside 1 MB of unused tensors": hostile.hf_folder_of_thin_layers,
}


@pytest.mark.parametrize("attack", list(FORWARD_HOSTILE))
def test_a_config_asking_for_a_huge_model_is_refused_before_anything_is_built(tmp_path, baseline, attack):
    path = FORWARD_HOSTILE[attack](tmp_path / "model")
    assert _size(path) < SMALL_FILE
    rss, seconds, out = _answer(path, "forward")
    assert out.startswith("typed ForwardUnavailableError") and "asks for" in out, out
    assert seconds < SECONDS, f"{attack}: {seconds:.1f} s"
    assert rss < baseline + MARGIN, f"{attack}: {(rss - baseline) / MB:.0f} MB above the import baseline"


def test_the_tiny_model_itself_still_builds_within_budget(tmp_path, baseline):
    # The check must not refuse the honest file the hostile ones were made from.
    rss, seconds, out = _answer(hostile.hf_folder_with_config(tmp_path / "model"), "forward")
    assert out == "tables\n"
    assert rss < baseline + MARGIN and seconds < SECONDS


def test_a_large_float64_table_costs_at_most_one_and_a_half_float32_tables(tmp_path, baseline):
    # 300 MB as float32, 600 MB on disk: np.load + astype held 900 MB (the file's pages and the copy).
    rows, width = 75_000, 1_000
    table = np.lib.format.open_memmap(tmp_path / "token_embedding.npy", mode="w+", dtype=np.float64,
                                      shape=(rows, width))
    for start in range(0, rows, 10_000):
        table[start:start + 10_000] = np.arange(start, min(start + 10_000, rows))[:, None] * 1e-6
    table.flush()
    del table
    float32_bytes = rows * width * 4
    rss, _, out = _answer(tmp_path / "token_embedding.npy")
    assert out == "tables\n"
    assert rss < baseline + 1.5 * float32_bytes + MARGIN, f"{(rss - baseline) / MB:.0f} MB above the baseline"
