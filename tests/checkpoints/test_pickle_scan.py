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


def test_a_torch_zip_with_a_decoy_pickle_beside_its_data_pkl_is_refused(tmp_path):
    """A harmless ``xdata.pkl`` listed first hid the hash bomb in ``data.pkl`` that torch reads (audit)."""
    path = hostile.torch_zip_with_decoy_pickle(tmp_path, levels=26)  # a regression hashes 2**26 (seconds), not for ever
    with pytest.raises(UnsafeCheckpointError, match="decoy.pt is a zip holding the pickles .*xdata.pkl"):
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


def test_keys_that_can_share_a_hash_are_refused_and_token_ids_pass():
    """Integers 7 + k * (2**61 - 1) all hash to 7: a dict of 100,000 took minutes, holding the lock (audit)."""
    assert _scan(pickle.dumps({i: f"t{i}" for i in range(1000)} | {2**31: "big"})) == 0
    for keys in ([7 + k * (2**61 - 1) for k in range(3)], [0.5, 1.5], [frozenset({1})]):
        with pytest.raises(UnsafeCheckpointError, match="share one hash value"):
            _scan(pickle.dumps({key: 0 for key in keys}, protocol=2))


def test_calls_that_cost_more_than_the_file_are_refused_and_their_plain_uses_pass():
    assert _scan(pickle.dumps({1, 2, 3}, protocol=2)) == 0  # set([1, 2, 3])
    assert _scan(pickle.dumps(b"abc", protocol=2)) == 0  # _codecs.encode("abc", "latin1")
    with pytest.raises(UnsafeCheckpointError, match="calls builtins.set"):  # a set of a text's characters
        _scan(b"\x80\x02cbuiltins\nset\nX\x05\x00\x00\x00abcde\x85R.")
    with pytest.raises(UnsafeCheckpointError, match="calls _codecs.encode"):
        _scan(b"\x80\x02c_codecs\nencode\nX\x03\x00\x00\x00abcX\x08\x00\x00\x00punycode\x86R.")
    with pytest.raises(UnsafeCheckpointError, match="builtins.bytearray"):  # named, not called: passed to a call
        _scan(b"\x80\x02cbuiltins\nbytearray\n.")


def test_the_scan_keeps_the_pickle_machines_own_rules():
    """C's pickle pops a MARK on top of the stack (a MARK POP hid a dict key from the scan); it grows its memo to
    twice the largest index (one LONG_BINPUT of 2**27 took 2.3 GB); and what stays below the result is built."""
    mark_pop = b"\x80\x02(0}."
    assert pickle.loads(mark_pop) == {} and _scan(mark_pop) == 0
    with pytest.raises(UnsafeCheckpointError, match="memo index"):
        _scan(b"\x80\x02}r\x00\x00\x00\x08.")
    with pytest.raises(UnsafeCheckpointError, match="not exactly one object"):
        _scan(b"\x80\x02K\x01}.")


def test_a_torch_zip_with_another_pickle_than_its_data_pkl_is_refused(tmp_path):
    """Each entry had its own instruction cap: six extra pickles took 27 s of scanning (audit)."""
    import zipfile

    torch.save({"transformer.wte.weight": torch.zeros(4, 4)}, tmp_path / "real.pt")
    with zipfile.ZipFile(tmp_path / "real.pt") as real:
        entries = [(info.filename, real.read(info)) for info in real.infolist()]
    with zipfile.ZipFile(tmp_path / "extra.pt", "w") as archive:
        for name, data in entries:
            archive.writestr(name, data)
        archive.writestr(entries[0][0].replace("data.pkl", "more.pkl"), entries[0][1])
    with pytest.raises(UnsafeCheckpointError, match="torch.save writes exactly one"):
        load_tables(tmp_path / "extra.pt")


def test_tuple_keys_of_large_integers_are_refused_and_small_ones_pass():
    """A tuple's hash can be solved for its last item: 40,000 (a, b) keys below 2**61 shared one (audit)."""
    assert _scan(pickle.dumps({(i, i + 1): 0 for i in range(100)})) == 0
    with pytest.raises(UnsafeCheckpointError, match="share one hash value"):
        _scan(pickle.dumps({(1, 2**40): 0}))
