"""Hostile files of a few kilobytes that declare gigabytes, one writer per attack, for the budget tests.

Each writer takes a folder and returns the path to give ``load_tables`` (a
file or a model folder). They start from the valid tiny files of
:mod:`tests.format_factories` and :mod:`tests.factories` and change only
what the attack needs, so the rest of the file is what real tools write.
"""

from __future__ import annotations

import io
import json
import struct
import zipfile
from pathlib import Path

import numpy as np
import torch

from tests import factories
from tests import format_factories as ff

GIB = 2**30


def torch_zip_with_deflated_pickle(folder: Path) -> Path:
    """A ``torch.save`` zip whose ``data.pkl`` is deflated: 400 kB that inflate to a 400 MB string."""
    path = folder / "bomb.pt"
    buffer = io.BytesIO()
    torch.save({"transformer.wte.weight": torch.zeros(4, 2)}, buffer)
    size = 400 * 2**20
    pickle_bytes = b"\x80\x02X" + struct.pack("<I", size) + b"a" * size + b"."
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(path, "w") as target:
        for info in source.infolist():
            if info.filename.endswith("data.pkl"):
                target.writestr(info.filename, pickle_bytes, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            else:
                target.writestr(info, source.read(info))
    return path


def legacy_torch_with_huge_storage(folder: Path) -> Path:
    """A pre-1.6 ``torch.save`` pickle (not a zip) whose one storage declares 2**31 - 1 floats (8 GiB)."""
    buffer = io.BytesIO()
    torch.save({"transformer.wte.weight": torch.zeros(4, 2)}, buffer, _use_new_zipfile_serialization=False)
    data = buffer.getvalue()
    numel = data.index(b"K\x08", data.index(b"cpu"))  # BININT1 8: the storage's element count
    path = folder / "legacy.pt"
    path.write_bytes(data[:numel] + b"J" + struct.pack("<i", 2**31 - 1) + data[numel + 2:])
    return path


def meta_pkl_with_huge_bytes(folder: Path) -> Path:
    """A nanoGPT folder whose ``meta.pkl`` is one BINBYTES8 opcode declaring 50 GiB."""
    ff.nanogpt_checkpoint(folder, meta_chars="".join(chr(65 + i) for i in range(factories.VOCAB)))
    (folder / "meta.pkl").write_bytes(b"\x80\x04\x8e" + struct.pack("<Q", 50 * GIB) + b"abc")
    return folder / "ckpt.pt"


def _gguf_bytes(folder: Path) -> bytes:
    path, _ = ff.gguf_file(folder / "seed.gguf", tokens=[f"t{i}" for i in range(factories.VOCAB)])
    data = path.read_bytes()
    path.unlink()
    return data


def gguf_with_huge_token_count(folder: Path) -> Path:
    """A GGUF file whose ``tokenizer.ggml.tokens`` array declares 2**40 strings."""
    data = _gguf_bytes(folder)
    at = data.index(b"tokenizer.ggml.tokens") + len(b"tokenizer.ggml.tokens") + 8  # past value type, item type
    path = folder / "tokens.gguf"
    path.write_bytes(data[:at] + struct.pack("<Q", 2**40) + data[at + 8:])
    return path


def gguf_with_huge_string(folder: Path) -> Path:
    """A GGUF file whose first token string declares 2**40 bytes."""
    data = _gguf_bytes(folder)
    at = data.index(b"tokenizer.ggml.tokens") + len(b"tokenizer.ggml.tokens") + 16  # past types and count
    path = folder / "string.gguf"
    path.write_bytes(data[:at] + struct.pack("<Q", 2**40) + data[at + 8:])
    return path


def gguf_with_huge_tensor_count(folder: Path) -> Path:
    """A GGUF file whose header declares 2**40 tensors."""
    data = _gguf_bytes(folder)
    path = folder / "tensors.gguf"
    path.write_bytes(data[:8] + struct.pack("<Q", 2**40) + data[16:])
    return path


def gguf_with_many_tiny_tokens(folder: Path, count: int = 330_000) -> Path:
    """A GGUF file (version 3, no tensors) whose ``tokenizer.ggml.tokens`` holds ``count`` one-byte strings.

    9 bytes of file per token: 330,000 of them are a 3 MB file that the gguf
    reader alone would take about 410 MB to parse (one NumPy view per string).
    """
    def text(value: str) -> bytes:
        return struct.pack("<Q", len(value.encode())) + value.encode()

    string, array = 8, 9  # gguf.GGUFValueType
    header = b"GGUF" + struct.pack("<IQQ", 3, 0, 2)
    architecture = text("general.architecture") + struct.pack("<I", string) + text("llama")
    tokens = text("tokenizer.ggml.tokens") + struct.pack("<IIQ", array, string, count) + text("a") * count
    path = folder / "many-tokens.gguf"
    path.write_bytes(header + architecture + tokens)
    return path


def gguf_with_many_tensor_records(folder: Path, count: int = 40_000) -> Path:
    """A GGUF file (version 3, no metadata) listing ``count`` tensor records named ``a``, of no dimensions.

    25 bytes of file per record: 40,000 of them are a 1 MB file that the gguf
    reader would take about 180 MB to parse (six NumPy views a record).
    """
    record = struct.pack("<Q", 1) + b"a" + struct.pack("<IIQ", 0, 0, 0)  # name, n_dims 0, type F32, offset
    path = folder / "many-tensors.gguf"
    path.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, count, 0) + record * count)
    return path


def npy_with_huge_shape(folder: Path) -> Path:
    """An ``.npy`` header declaring a (10**9, 1000) float32 array (4 TB) over 64 bytes of data."""
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f4", "fortran_order": False, "shape": (10**9, 1000)})
    path = folder / "huge.npy"
    path.write_bytes(header.getvalue() + bytes(64))
    return path


def npz_bomb(folder: Path) -> Path:
    """An ``.npz`` whose member deflates from under 1 MB to a 800 MiB float32 table of zeros."""
    path = folder / "bomb.npz"
    rows, width = 200 * 1024, 1024
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f4", "fortran_order": False, "shape": (rows, width)})
    zeros = bytes(16 * 2**20)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        with archive.open("token_embedding.npy", "w", force_zip64=True) as member:
            member.write(header.getvalue())
            for _ in range(rows * width * 4 // len(zeros)):
                member.write(zeros)
    return path


def safetensors_with_huge_shape(folder: Path) -> Path:
    """A safetensors header declaring a (10**9, 1000) float32 tensor and offsets past the file's end."""
    header = json.dumps({"wte.weight": {"dtype": "F32", "shape": [10**9, 1000],
                                        "data_offsets": [0, 4 * 10**12]}}).encode()
    path = folder / "huge.safetensors"
    path.write_bytes(struct.pack("<Q", len(header)) + header + bytes(64))
    return path


def hf_folder_with_config(folder: Path, **changes) -> Path:
    """A tiny GPT-2 folder whose ``config.json`` is changed by ``changes`` (``n_layer=20000`` ...)."""
    factories.gpt2_folder(folder)
    config = json.loads((folder / "config.json").read_text())
    config.update(changes)
    (folder / "config.json").write_text(json.dumps(config))
    return folder


def hf_folder_with_tokenizer(folder: Path, **parts) -> Path:
    """A tiny GPT-2 folder whose ``tokenizer.json`` is a word-level tokenizer of ``[UNK]`` and ``a``..``z`` with
    ``parts`` (``normalizer``, ``pre_tokenizer``, ``post_processor``, ``added_tokens``) set."""
    factories.gpt2_folder(folder)
    vocab = ["[UNK]"] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
    spec = {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [], "normalizer": None,
            "pre_tokenizer": None, "post_processor": None, "decoder": None,
            "model": {"type": "WordLevel", "vocab": {t: i for i, t in enumerate(vocab)}, "unk_token": "[UNK]"}}
    spec.update(parts)
    (folder / "tokenizer.json").write_text(json.dumps(spec))
    return folder


def tenfold_replace_chain(steps: int) -> dict:
    """A normalizer that turns every ``a`` into ten, ``steps`` times over: 10**steps characters an ``a``."""
    return {"type": "Sequence", "normalizers": [{"type": "Replace", "pattern": {"String": "a"}, "content": "a" * 10}]
            * steps}


def tokenizer_json_multiplying_an_added_token(folder: Path) -> Path:
    """A 1 KB ``tokenizer.json`` whose normalized added token of 10 characters grows to 10**8 inside
    ``Tokenizer.from_file``: Rust aborted the whole process when the 3.7 GB allocation failed (audit)."""
    added = [{"id": 27, "content": "a" * 10, "single_word": False, "lstrip": False, "rstrip": False,
              "normalized": True, "special": False}]
    return hf_folder_with_tokenizer(folder, normalizer=tenfold_replace_chain(7), added_tokens=added)


def hf_folder_of_thin_layers(folder: Path, layers: int = 6000) -> Path:
    """A 1 MB GPT-2 folder of a 2-wide token table, one tensor of 250,000 zeros the model never loads, and a
    config asking for ``layers`` layers: the stored-parameter check allowed 62,572 (audit: 6,000 took 37 s)."""
    from safetensors.torch import save_file

    folder.mkdir(parents=True, exist_ok=True)
    save_file({"transformer.wte.weight": torch.randn(96, 2), "transformer.wpe.weight": torch.randn(48, 2),
               "junk": torch.zeros(250_000)}, folder / "model.safetensors")
    (folder / "config.json").write_text(json.dumps({
        "model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "vocab_size": 96, "n_embd": 2, "n_head": 1,
        "n_layer": layers, "n_positions": 48, "tie_word_embeddings": True}))
    return folder


def nanogpt_with_model_args(folder: Path, **changes) -> Path:
    """A nanoGPT ``ckpt.pt`` whose ``model_args`` are changed by ``changes``."""
    return ff.nanogpt_checkpoint(folder, model_args=changes)


def _shared_lists(levels: int = 60) -> list:
    """``[x, x]`` nested ``levels`` deep, each level naming the one below twice: 2**levels values, pickled small."""
    nested: list = [0]
    for _ in range(levels):
        nested = [nested, nested]
    return nested


def meta_pkl_of_shared_lists(folder: Path) -> Path:
    """A nanoGPT folder whose ``meta.pkl`` (under 1 KB) holds 2**60 values by shared references: a billion laughs."""
    import pickle

    ff.nanogpt_checkpoint(folder, meta_chars="".join(chr(65 + i) for i in range(factories.VOCAB)))
    (folder / "meta.pkl").write_bytes(pickle.dumps({"vocab_size": 3, "itos": _shared_lists()}))
    return folder / "ckpt.pt"


def nanogpt_with_shared_list_args(folder: Path) -> Path:
    """A nanoGPT ``ckpt.pt`` whose ``model_args['dropout']`` is 2**60 values by shared references."""
    return ff.nanogpt_checkpoint(folder, model_args={"dropout": _shared_lists()})


def torch_state_dict_with_broadcast_table(folder: Path) -> Path:
    """A ``torch.save`` state dict (10 kB) whose token table is ``torch.zeros(1).expand(4_000_000, 128)``:
    4 stored bytes that read as 2 GB of float32."""
    path = folder / "broadcast.pt"
    torch.save({"transformer.wte.weight": torch.zeros(1).expand(4_000_000, 128),
                "transformer.wpe.weight": torch.randn(16, 128)}, path)
    return path


def zip_of_many_empty_files(folder: Path, count: int = 60_000) -> Path:
    """A zip of ``count`` empty entries (about 6 MB): no byte limit sees it, but each entry would be a file."""
    path = folder / "many.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("config.json", "{}")
        for i in range(count):
            archive.writestr(f"f/{i}.txt", "")
    return path


def _shared_tuple_key_pickle(levels: int) -> bytes:
    """A protocol-2 pickle of ``{'vocab_size': 3, 'itos': {...}, 'stoi': {t: 0}}`` whose key ``t = (t', t')`` nests
    ``levels`` deep: unpickling hashes it whole, 2**levels steps (Python does not cache a tuple's hash). Written
    opcode by opcode: Python itself could not build that dict to dump it."""
    chain = b"K\x00q\x000" + b"h\x00h\x00\x86q\x000" * levels + b"h\x00"  # BININT1 0 PUT POP; (GET GET TUPLE2 PUT POP)*
    return (b"\x80\x02}(X\x0a\x00\x00\x00vocab_sizeK\x03X\x04\x00\x00\x00itos}(K\x00X\x01\x00\x00\x00aK\x01"
            b"X\x01\x00\x00\x00bK\x02X\x01\x00\x00\x00cuX\x04\x00\x00\x00stoi}" + chain + b"K\x00su.")


def _pop_free_hashed_key_pickle(levels: int) -> bytes:
    """``{(0, t1, ..., tn): 0}`` with ``t(k+1) = (tk, tk)``: hashing the key takes 2**levels steps. Unlike
    :func:`_shared_tuple_key_pickle` it has no POP, which torch's restricted unpickler refuses: it is a bomb for
    ``torch.load(weights_only=True)`` too."""
    import struct

    body = b"K\x00r" + struct.pack("<I", 0)  # BININT1 0, LONG_BINPUT 0
    for k in range(levels):  # LONG_BINGET k, LONG_BINGET k, TUPLE2, LONG_BINPUT k+1
        body += b"j" + struct.pack("<I", k) + b"j" + struct.pack("<I", k) + b"\x86r" + struct.pack("<I", k + 1)
    return b"\x80\x02}(" + body + b"tK\x00s."  # EMPTY_DICT MARK ... TUPLE BININT1 0 SETITEM STOP


def deep_key_pickle(levels: int, held: bool = True) -> bytes:
    """A pickle whose key is ``levels`` nested 1-tuples (one byte a level, TUPLE1): ``{(((0,),),): 0}`` when
    ``held``, else ``{}`` after a ``frozenset`` of the key was built and popped. Hashing recurses in C without a
    limit: 300,000 levels crash Python with a segmentation fault."""
    key = b"K\x00" + b"\x85" * levels
    if held:
        return b"\x80\x02}" + key + b"K\x00s."  # EMPTY_DICT key BININT1 0 SETITEM STOP
    # GLOBAL builtins.frozenset, key, TUPLE1 (the elements), TUPLE1 (the arguments), REDUCE, POP, EMPTY_DICT, STOP
    return b"\x80\x02cbuiltins\nfrozenset\n" + key + b"\x85\x85R0}."


def meta_pkl_with_deep_key(folder: Path, held: bool = True) -> Path:
    """A nanoGPT folder whose ``meta.pkl`` (600 kB) hashes a key 600,000 tuples deep: it crashed the server."""
    ff.nanogpt_checkpoint(folder, meta_chars="".join(chr(65 + i) for i in range(factories.VOCAB)))
    (folder / "meta.pkl").write_bytes(deep_key_pickle(600_000, held))
    return folder / "ckpt.pt"


def torch_file_without_proto(folder: Path) -> Path:
    """A ``.pt`` file (600 kB) holding a protocol-1 pickle, which has no PROTO opcode, of a key 600,000 deep: torch
    unpickles it, and a scan that looked for PROTO first skipped it (the server crashed)."""
    path = folder / "protocol1.pt"
    path.write_bytes(deep_key_pickle(600_000)[2:])
    return path


def torch_zip_with_decoy_pickle(folder: Path, levels: int = 60) -> Path:
    """A ``torch.save`` zip whose ``data.pkl`` is a hash bomb torch's unpickler runs, listed after a harmless
    ``xdata.pkl``: a scan of the first entry whose name ends in data.pkl passed it, and torch hashed 2**levels."""
    import zipfile

    torch.save({"transformer.wte.weight": torch.zeros(4, 4)}, folder / "real.pt")
    with zipfile.ZipFile(folder / "real.pt") as real:
        entries = [(info.filename, real.read(info)) for info in real.infolist()]
    prefix = entries[0][0].split("/")[0]
    path = folder / "decoy.pt"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr(f"{prefix}/xdata.pkl", entries[0][1])
        for name, data in entries:
            archive.writestr(name, _pop_free_hashed_key_pickle(levels) if name.endswith("/data.pkl") else data)
    (folder / "real.pt").unlink()
    return path


def meta_pkl_with_hashed_tuple_key(folder: Path, levels: int = 60) -> Path:
    """A nanoGPT folder whose ``meta.pkl`` (under 1 KB) has a dict key that takes 2**60 steps to hash."""
    ff.nanogpt_checkpoint(folder, meta_chars="".join(chr(65 + i) for i in range(factories.VOCAB)))
    (folder / "meta.pkl").write_bytes(_shared_tuple_key_pickle(levels))
    return folder / "ckpt.pt"


class _AllocatedTable:
    """Pickles as ``torch.FloatTensor(rows, width)``: a call on torch's weights-only allow-list that allocates
    what the file asks for, uninitialised, instead of reading stored bytes."""

    def __init__(self, rows: int, width: int):
        self.shape = (rows, width)

    def __reduce__(self):
        import torch

        return torch.FloatTensor, self.shape


def torch_zip_with_allocated_table(folder: Path, rows: int = 1000, width: int = 64) -> Path:
    """A GPT-2 state dict (under 10 kB) whose token table is made by the file, not stored in it: its values are
    whatever memory held (a student downloaded 63,965 non-zero bytes of server memory this way)."""
    import io
    import pickle
    import zipfile

    import torch

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "model.pt"
    torch.save({"transformer.wte.weight": torch.zeros(2, 2), "transformer.wpe.weight": torch.zeros(8, width)}, path)
    buffer = io.BytesIO()
    pickle.Pickler(buffer, protocol=2).dump({"transformer.wte.weight": _AllocatedTable(rows, width)})
    rewritten = folder / "rewritten.pt"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(rewritten, "w", zipfile.ZIP_STORED) as target:
        for info in source.infolist():
            data = buffer.getvalue() if info.filename.endswith("/data.pkl") else source.read(info)
            target.writestr(info, data)
    rewritten.replace(path)
    return path


def torch_file_with_layout(folder: Path, layout: str) -> Path:
    """A GPT-2-keyed state dict whose token table is ``sparse``, ``nested`` or on the ``meta`` device."""
    import torch

    folder.mkdir(parents=True, exist_ok=True)
    if layout == "sparse":
        table = torch.eye(16).to_sparse()
    elif layout == "nested":
        table = torch.nested.nested_tensor([torch.ones(3, 4), torch.ones(2, 4)])
    else:
        table = torch.empty(1 << 20, 1024, device="meta")
    path = folder / f"{layout}.pt"
    torch.save({"transformer.wte.weight": table, "transformer.wpe.weight": torch.zeros(8, 16)}, path)
    return path


def torch_zip_with_two_pickles_of_one_name(folder: Path, levels: int = 600_000) -> Path:
    """A torch zip holding ``archive/data.pkl`` twice: a harmless one and one whose key nests ``levels`` deep
    (hashing it crashes Python). Two zip readers of one file may each take a different one."""
    import zipfile
    import warnings

    import torch

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "model.pt"
    torch.save({"transformer.wte.weight": torch.zeros(4, 4)}, path)
    bomb = folder / "bomb.pt"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(bomb, "w", zipfile.ZIP_STORED) as target:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "Duplicate name": the point of the file
            for info in source.infolist():
                target.writestr(info, source.read(info))
                if info.filename.endswith("/data.pkl"):  # listed second: the one torch's reader takes
                    target.writestr(info.filename, deep_key_pickle(levels))
    bomb.replace(path)
    return path
