"""The hostile files the wall answers, by name: what the command-line contract test and ``make bench`` read.

Each value writes one file (or model folder) into the folder it is given and returns the path to open; the writers
are in :mod:`tests.hostile_factories`. Every file is under 1 MB.
"""

from __future__ import annotations

from tests import hostile_factories as hostile

#: Files whose tables cannot be read: ``python -m dashboard info FILE --json`` answers each with exit status 2 and
#: one line on stderr.
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

#: Small model folders whose config asks for a model their weights cannot fill: building the model for a forward
#: pass is refused (:class:`~dashboard.errors.ForwardUnavailableError`) before anything is built.
FORWARD_HOSTILE = {
    "config.json asking for 20,000 layers": lambda folder: hostile.hf_folder_with_config(folder, n_layer=20000),
    "config.json asking for a 20,000,000-wide MLP": lambda folder: hostile.hf_folder_with_config(folder,
                                                                                                n_inner=20_000_000),
    "model_args asking for 20,000 layers": lambda folder: hostile.nanogpt_with_model_args(folder, n_layer=20000),
    "config.json of 6,000 thin layers beside 1 MB of unused tensors": hostile.hf_folder_of_thin_layers,
}
