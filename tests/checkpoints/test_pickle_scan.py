"""The opcode scan that measures what a pickle would build before anything is unpickled."""

import io
import pickle

import pytest
import torch

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.pickle_scan import scan_pickle
from dashboard.errors import CheckpointReadError, UnsafeCheckpointError
from tests import format_factories as ff
from tests import hostile_factories as hostile
from tests.hostile_factories import _shared_lists, _shared_tuple_key_pickle


def _scan(data: bytes, **limits) -> int:
    return scan_pickle(io.BytesIO(data), "x.pkl", **limits)


def test_a_dict_key_that_would_take_2_to_the_60_steps_to_hash_is_refused_before_unpickling():
    with pytest.raises(UnsafeCheckpointError, match="a dict key or set element is hashed whole"):
        _scan(_shared_tuple_key_pickle(60))
    assert _scan(_shared_tuple_key_pickle(3)) == 0  # a small shared key is fine


@pytest.mark.parametrize("module, name", [("torch", "FloatTensor"), ("builtins", "bytearray")])
def test_a_call_that_allocates_what_its_numbers_ask_for_is_refused_naming_it(module, name):
    """torch's safe loader allows both; from a few bytes they allocated 2-3 GB (audit)."""
    data = b"\x80\x02c" + f"{module}\n{name}\n".encode() + b"J\x00\x09\x3d\x00K\x80\x86R."  # f(4000000, 128)
    with pytest.raises(UnsafeCheckpointError, match=f"call {module}.{name}"):
        _scan(data)


def test_values_and_text_count_every_time_they_are_reached():
    shared = pickle.dumps([["x" * 100] * 100])  # one 100-character string named 100 times: 10,000 characters
    assert _scan(shared, limit_bytes=10_000) == 0
    with pytest.raises(UnsafeCheckpointError, match="more than"):
        _scan(shared, limit_bytes=9_999)
    with pytest.raises(UnsafeCheckpointError, match="more than 50 values"):
        _scan(shared, limit_values=50)


def test_one_key_used_many_times_counts_its_hashing_each_time():
    key = tuple(range(30))
    data = pickle.dumps({i: {key: 0} for i in range(10)})  # the key's 31 values hashed 10 times
    assert _scan(data, limit_values=400) == 0
    with pytest.raises(UnsafeCheckpointError):
        _scan(data, limit_values=300)


def test_a_container_holding_itself_and_a_cut_pickle_are_refused():
    with pytest.raises(UnsafeCheckpointError, match="contains itself"):
        _scan(b"\x80\x02]q\x00h\x00a.")  # EMPTY_LIST PUT GET APPEND: l.append(l)
    with pytest.raises(CheckpointReadError, match="truncated or corrupt"):
        _scan(pickle.dumps({"a": list(range(100))})[:40])


def test_real_torch_files_pass_and_declare_the_bytes_their_tensors_hold(tmp_path):
    state = {"a": torch.zeros(40, 20), "b": torch.zeros(7, dtype=torch.float16)}
    torch.save(state, tmp_path / "legacy.pt", _use_new_zipfile_serialization=False)
    stream = open(tmp_path / "legacy.pt", "rb")
    declared = sum(scan_pickle(stream, "legacy.pt") for _ in range(5))
    stream.close()
    assert declared == 40 * 20 * 4 + 7 * 2
    path = ff.nanogpt_checkpoint(tmp_path / "nano")  # with its optimizer state and config
    assert load_tables(path).token.shape == (ff.VOCAB, ff.D_MODEL)


def test_a_word_level_vocabulary_passes_and_shared_lists_or_deep_nesting_are_refused():
    words = {f"w{i}": i for i in range(50_000)}  # a word-level meta.pkl: about 200,000 values
    assert _scan(pickle.dumps({"vocab_size": 50_000, "stoi": words, "itos": {i: w for w, i in words.items()}})) == 0
    with pytest.raises(UnsafeCheckpointError, match="more than 2,000,000 values"):
        _scan(pickle.dumps({"itos": _shared_lists(40)}))
    nested: list = [1]
    for _ in range(62):  # 63 lists and the leaf: 64 levels
        nested = [nested]
    assert _scan(pickle.dumps(nested)) == 0
    with pytest.raises(UnsafeCheckpointError, match="more than 64 levels deep"):
        _scan(pickle.dumps([nested]))
    assert pickle.loads(hostile.deep_key_pickle(3, held=False)) == {}  # the key is built, hashed and dropped
    for held in (True, False):
        with pytest.raises(UnsafeCheckpointError, match="more than 64 levels deep"):
            _scan(hostile.deep_key_pickle(65, held))


def test_every_pickle_of_a_torch_zip_is_scanned_not_only_the_first_named_like_data_pkl(tmp_path):
    """A harmless ``xdata.pkl`` listed first hid the hash bomb in ``data.pkl`` that torch reads (audit)."""
    path = hostile.torch_zip_with_decoy_pickle(tmp_path, levels=26)  # a regression hashes 2**26 (seconds), not for ever
    with pytest.raises(UnsafeCheckpointError, match="decoy.pt would build more than"):
        load_tables(path)


def test_a_torch_file_of_protocol_1_without_a_proto_opcode_is_scanned_too(tmp_path):
    """torch unpickles a protocol 0 or 1 pickle, which has no PROTO opcode: one skipped the scan, and a key nested
    600,000 deep crashed the server (audit). Here 65 levels, and a hash bomb, are refused before torch reads them."""
    (tmp_path / "deep.pt").write_bytes(hostile.deep_key_pickle(65)[2:])  # without PROTO 2
    with pytest.raises(UnsafeCheckpointError, match="more than 64 levels deep"):
        load_tables(tmp_path / "deep.pt")
    (tmp_path / "bomb.pt").write_bytes(hostile._pop_free_hashed_key_pickle(26)[2:])
    with pytest.raises(UnsafeCheckpointError, match="would build more than"):
        load_tables(tmp_path / "bomb.pt")
    (tmp_path / "cut.pt").write_bytes(b"PK\x03\x04" + bytes(100))  # a zip to torch; none to Python's zipfile
    with pytest.raises(CheckpointReadError, match="starts as a zip .* truncated or corrupt"):
        load_tables(tmp_path / "cut.pt")
