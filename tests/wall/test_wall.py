"""The wall: a stranger's file is read in a capped child, and this process (the server here) only gets data back.

Each hostile file below crashed, froze or fed memory to the server when it was read in-process; through the wall
it is one typed error, and this test process, which plays the server, goes on to read the next file.
"""

import os
import shutil
import signal
import tempfile
import threading
from pathlib import Path

import numpy as np
import pytest

from dashboard.checkpoints import load_tables
from dashboard.errors import BusyError, ChildLimitError, ExplorerError, UnsafeCheckpointError
from dashboard.wall import runner, templates
from dashboard.wall.runner import Child
from dashboard.checkpoints.embedding_norm import read_embedding_norm
from dashboard.wall.norms import read_embedding_norm_safely
from dashboard.wall import tables as wall_tables
from dashboard.wall.tables import SIZED_DEPTH, read_checkpoint, reading_each, source_bytes
from tests import factories, format_factories as ff, hostile_factories as hostile


def _npy(path):
    np.save(path, np.random.default_rng(0).standard_normal((40, 8)).astype(np.float32))
    return path


def _same_tables(a, b) -> None:
    for name in ("token", "position", "token_type", "output_head"):
        left, right = getattr(a, name), getattr(b, name)
        assert (left is None and right is None) or np.array_equal(left, right), name
    assert a.vocabulary.raw == b.vocabulary.raw and a.vocabulary.display == b.vocabulary.display
    assert a.vocabulary.special_ids == b.vocabulary.special_ids and a.vocabulary.scheme == b.vocabulary.scheme
    assert (a.tying, a.format, a.architecture, a.source_dtype, a.position_kind, a.total_parameters, a.model_path) == \
        (b.tying, b.format, b.architecture, b.source_dtype, b.position_kind, b.total_parameters, b.model_path)
    assert dict(a.hyperparameters) == dict(b.hyperparameters) and a.notes == b.notes


@pytest.mark.parametrize("make", [
    lambda d: factories.gpt2_folder(d, tied=False),
    lambda d: factories.bert_folder(d),
    lambda d: ff.nanogpt_checkpoint(d, meta_chars="".join(chr(65 + i) for i in range(ff.VOCAB))),
    lambda d: ff.gguf_file(d / "m.gguf")[0],
    lambda d: _npy(d / "table.npy"),
], ids=["gpt2-untied", "bert", "nanogpt-meta.pkl", "gguf", "npy"])
def test_a_checkpoint_reads_through_the_wall_exactly_as_in_process(tmp_path, make):
    tmp_path.mkdir(exist_ok=True)
    path = make(tmp_path)
    through = read_checkpoint(path)
    _same_tables(load_tables(path), through)
    assert not through.token.flags.writeable  # a read-only map of the child's file


HOSTILE = {
    # Hashing a key 600,000 tuples deep recursed in C until Python crashed: the whole server died.
    "meta.pkl with a key 600,000 deep": (hostile.meta_pkl_with_deep_key, ChildLimitError, "SIGSEGV"),
    # Two entries of one name: the scanner read one, torch the other (1 MB, crashed the server).
    "torch zip with two data.pkl": (hostile.torch_zip_with_two_pickles_of_one_name, ChildLimitError, "SIGSEGV"),
    "protocol-1 torch file with a deep key": (hostile.torch_file_without_proto, ChildLimitError, "SIGSEGV"),
    # A table the file asks to be allocated holds whatever memory held: it reached a student's export.
    "table allocated at the file's request": (hostile.torch_zip_with_allocated_table, UnsafeCheckpointError,
                                              "not mapped from the file"),
    "sparse token table": (lambda d: hostile.torch_file_with_layout(d, "sparse"), UnsafeCheckpointError, "sparse"),
    "nested token table": (lambda d: hostile.torch_file_with_layout(d, "nested"), UnsafeCheckpointError,
                           "not stored in the file"),
    "meta-device token table": (lambda d: hostile.torch_file_with_layout(d, "meta"), UnsafeCheckpointError,
                                "device meta"),
}


@pytest.mark.parametrize("attack", list(HOSTILE))
def test_a_hostile_file_is_one_typed_error_and_this_process_goes_on(tmp_path, attack):
    make, error, words = HOSTILE[attack]
    (tmp_path / "m").mkdir()
    with pytest.raises(error, match=words):
        read_checkpoint(make(tmp_path / "m"))
    honest = factories.gpt2_folder(tmp_path / "honest")
    assert read_checkpoint(honest).vocab_size == load_tables(honest).vocab_size


def test_a_child_has_none_of_the_servers_environment_no_network_and_its_caps(tmp_path, monkeypatch):
    monkeypatch.setenv("EXPLORER_SECRET_FOR_TEST", "s3cret")
    child = Child("probe", memory_bytes=100 << 20)
    try:
        probe = child.ask("wall.probe", {}, seconds=5)
    finally:
        child.close()
    assert "EXPLORER_SECRET_FOR_TEST" not in probe["environment"] and "HOME" in probe["environment"]
    assert probe["cwd"] == str(child.workdir) and probe["cpu_cap"] <= 6
    assert probe["memory_cap"] > 100 << 20  # its imports plus the budget
    # Off the network where the kernel lets an unprivileged process unshare (this machine does; Docker's default
    # seccomp profile does not, see docs/deploy.md): then only loopback is there.
    assert probe["network_isolated"] == (probe["interfaces"] == ["lo"])
    # A fork of a template can neither trace it nor read its memory: the template is not dumpable, and the fork is
    # in namespaces of its own (a review found forks sharing the template's, with every capability in it).
    assert probe["template_memory_readable"] is False


def test_a_stalled_child_is_a_busy_machine_and_the_next_request_starts_afresh(monkeypatch):
    """A child that used little processor time before the deadline was starved, not hostile: BusyError."""
    monkeypatch.setattr(runner, "BUSY_FACTOR", 1.0)
    child = Child("stalled", memory_bytes=100 << 20)
    try:
        child.ask("wall.probe", {}, seconds=5)
        os.kill(child.pid, signal.SIGSTOP)  # a machine too busy to run it at all
        with pytest.raises(BusyError, match="the machine was busy"):
            child.ask("wall.probe", {}, seconds=1)
        assert child.ask("wall.probe", {}, seconds=5)["cpu_cap"] >= 1  # a fresh child answers
    finally:
        child.close()


def test_a_busy_tokenizer_is_never_taken_for_a_missing_one(monkeypatch, tmp_path):
    """A conversion that timed out under load was cached as 'no tokenizer' for 35 minutes (outside test)."""
    from dashboard.checkpoints import tokenizer as tokenizer_module
    from dashboard.checkpoints.tokenizer import load_tokenizer

    def busy(path):
        raise BusyError("the machine was busy")

    tables = load_tables(factories.gpt2_folder(tmp_path / "m"))
    monkeypatch.setattr(tokenizer_module, "_from_files", busy)
    with pytest.raises(BusyError):
        load_tokenizer(tables)


def test_an_answer_of_an_unknown_error_class_or_message_key_stays_typed():
    from dashboard.wall.runner import decode_error

    error = decode_error({"error": "NoSuchError", "text": {"$text": "no.such.key", "params": {}}, "explorer": True},
                         "x.pt")
    assert isinstance(error, ExplorerError) and "x.pt" in str(error)


def test_a_received_zip_is_measured_and_unpacked_behind_the_wall_with_the_same_checks(tmp_path):
    import zipfile

    from dashboard.errors import ArchiveLimitError, UnsafeArchiveError, UploadQuotaError
    from dashboard.wall.archives import extract_behind_wall, list_arrays_behind_wall

    honest = tmp_path / "honest.zip"
    with zipfile.ZipFile(honest, "w") as archive:
        archive.writestr("m/config.json", "{}")
    asked = []
    (tmp_path / "out").mkdir()
    extract_behind_wall(honest, tmp_path / "out", max_bytes=1 << 20, check_room=asked.append)
    assert asked == [2] and (tmp_path / "out" / "m" / "config.json").read_text() == "{}"

    def no_room(needed):
        raise UploadQuotaError(f"no room for {needed} bytes")

    with pytest.raises(UploadQuotaError, match="no room for 2 bytes"):  # the session's own quota, asked here
        extract_behind_wall(honest, tmp_path / "out2", max_bytes=1 << 20, check_room=no_room)
    slip = tmp_path / "slip.zip"
    with zipfile.ZipFile(slip, "w") as archive:
        archive.writestr("../outside.txt", "x")
    with pytest.raises(UnsafeArchiveError):
        extract_behind_wall(slip, tmp_path / "out", max_bytes=1 << 20)
    assert not (tmp_path / "outside.txt").exists()
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("zeros.bin", b"\0" * (8 << 20))
    with pytest.raises(ArchiveLimitError):
        extract_behind_wall(bomb, tmp_path / "out", max_bytes=1 << 30)
    np.savez(tmp_path / "t.npz", wte=np.zeros((5, 3), np.float32))
    assert list_arrays_behind_wall(tmp_path / "t.npz") == {"wte": ((5, 3), "float32")}


def test_a_runs_checkpoints_are_read_in_one_child_and_a_hostile_step_spoils_only_its_own_read(tmp_path, monkeypatch):
    started = _count_forks(monkeypatch)
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))  # where the child's working folder is made
    steps = [factories.gpt2_folder(tmp_path / f"step-{i}", tied=False) for i in range(3)]
    (tmp_path / "bad").mkdir()
    bad = hostile.meta_pkl_with_deep_key(tmp_path / "bad")
    with reading_each([*steps, bad]) as read:
        tables = [read(step) for step in steps]
        assert len(started) == 1  # one interpreter's start for the three steps
        with pytest.raises(ChildLimitError, match="SIGSEGV"):
            read(bad)
        assert len(started) == 2  # the bad step is a torch file: read by a child that imports torch
        _same_tables(load_tables(steps[0]), read(steps[0]))  # the next read starts a fresh child
        assert len(started) == 3
    for step, through in zip(steps, tables):
        _same_tables(load_tables(step), through)  # each still mapped after its files were removed
    assert list(temp.iterdir()) == []  # the child's folder and the files it wrote are gone


def test_a_strangers_embedding_layernorm_is_read_in_a_child_exactly_as_in_process(tmp_path, monkeypatch):
    started = _count_forks(monkeypatch)
    tables = load_tables(factories.bert_folder(tmp_path))
    here, through = read_embedding_norm(tables), read_embedding_norm_safely(tables)
    assert len(started) == 1
    assert np.array_equal(here.weight, through.weight) and np.array_equal(here.bias, through.bias)
    assert (here.eps, here.source) == (through.eps, through.source)


def test_a_layernorm_in_a_torch_file_is_read_by_a_child_with_torch_after_the_one_without(tmp_path, monkeypatch):
    from transformers import BertConfig, BertModel

    config = BertConfig(vocab_size=60, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=32, max_position_embeddings=24, pad_token_id=0)
    tables = load_tables(ff.pytorch_bin_folder(tmp_path / "bin", BertModel(config)))
    asked = _jobs_asked(monkeypatch)
    here, through = read_embedding_norm(tables), read_embedding_norm_safely(tables)
    assert asked == ["norm.read", "norm.read_torch"]
    assert np.array_equal(here.weight, through.weight) and np.array_equal(here.bias, through.bias)


def test_a_folder_is_sized_as_deep_and_as_wide_as_a_reader_opens(tmp_path, monkeypatch):
    deep = tmp_path / "run"
    for depth in range(6):  # a 10-byte file in each of run/, run/a/, run/a/a/, ...
        folder = deep.joinpath(*["a"] * depth)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "weights.bin").write_bytes(b"x" * 10)
    assert source_bytes(deep) == 10 * (SIZED_DEPTH + 1)
    monkeypatch.setattr(wall_tables, "SIZED_ENTRIES", 3)
    wide = tmp_path / "wide"
    for i in range(5):
        (wide / f"d{i}").mkdir(parents=True)
        (wide / f"d{i}" / "x.bin").write_bytes(b"x")
    assert source_bytes(wide) < 5  # stops once 3 entries were met (a path such as / is not walked whole)


ask = runner.Child.ask


def test_a_pickle_goes_to_a_child_with_torch_and_any_other_file_to_one_without(tmp_path, monkeypatch):
    # A child without torch starts in a fraction of the time and memory: the server reads two bytes to choose.
    legacy = tmp_path / "legacy.pt"
    legacy.write_bytes(b"\x80\x02" + bytes(60))
    assert wall_tables.job_for(legacy) == "tables.read_torch"
    os.mkfifo(tmp_path / "fifo")  # opening it would block: it is never opened
    archive = tmp_path / "e.npz"
    np.savez(archive, wte=np.zeros((5, 3), np.float32))
    torch_zip = ff.nanogpt_checkpoint(tmp_path / "nano")  # torch.save's zip: told only by reading it
    for other in (_npy(tmp_path / "t.npy"), ff.gguf_file(tmp_path / "m.gguf")[0], archive, torch_zip, tmp_path,
                  tmp_path / "fifo", tmp_path / "missing.npy"):
        assert wall_tables.job_for(other) == "tables.read"
    asked = _jobs_asked(monkeypatch)
    _same_tables(load_tables(torch_zip), read_checkpoint(torch_zip))
    _same_tables(load_tables(archive), read_checkpoint(archive))
    assert asked == ["tables.read", "tables.read_torch", "tables.read"]


def _jobs_asked(monkeypatch) -> list[str]:
    asked = []
    monkeypatch.setattr(runner.Child, "ask", lambda self, job, *a, **k: asked.append(job) or ask(self, job, *a, **k))
    return asked


def _count_forks(monkeypatch) -> list[str]:
    """The kind of template each child is forked from, from now on."""
    started = []
    fork = templates.Template.fork
    monkeypatch.setattr(templates.Template, "fork", lambda self, *a: started.append(self.kind) or fork(self, *a))
    return started


def test_a_child_without_torch_refuses_to_import_it_however_a_reader_wraps_the_error(tmp_path, monkeypatch):
    folder = ff.pytorch_bin_folder(tmp_path / "bin", ff.gpt2_model(tied=False))  # a folder: nothing told
    child = Child("bin", memory_bytes=256 << 20)
    try:  # the reader wraps torch's errors in its own; the child still finds the refusal in the chain
        with pytest.raises(runner.NeedsTorchError):
            child.ask("tables.read", {"source": str(folder), "policy": wall_tables._policy_fields(
                wall_tables.PathPolicy.from_settings()), "options": {}}, seconds=60)
    finally:
        child.close()
    asked = _jobs_asked(monkeypatch)
    _same_tables(load_tables(folder), read_checkpoint(folder))
    assert asked == ["tables.read", "tables.read_torch"]


def test_a_run_moves_to_a_child_with_torch_at_its_first_torch_file_and_stays(tmp_path, monkeypatch):
    steps = [factories.gpt2_folder(tmp_path / "s0", tied=False),
             ff.pytorch_bin_folder(tmp_path / "s1", ff.gpt2_model(tied=False, seed=1)),
             factories.gpt2_folder(tmp_path / "s2", tied=False, seed=2)]
    asked = _jobs_asked(monkeypatch)
    with reading_each(steps) as read:
        for step in steps:
            _same_tables(load_tables(step), read(step))
    assert asked == ["tables.read", "tables.read", "tables.read_torch", "tables.read_torch"]


def test_a_numpy_header_that_claims_more_than_the_file_holds_is_a_typed_error(tmp_path):
    path = tmp_path / "t.npy"  # 12.8 TB claimed, 64 bytes held
    with open(path, "wb") as file:
        np.lib.format.write_array_header_1_0(file, {"descr": "<f4", "fortran_order": False,
                                                   "shape": (4_000_000, 800_000)})
        file.write(bytes(64))
    assert wall_tables.job_for(path) == "tables.read"
    with pytest.raises(ExplorerError, match="t.npy"):
        read_checkpoint(path)


def test_a_template_that_ended_is_started_again_and_its_child_counts_as_killed():
    child = Child("probe", memory_bytes=100 << 20)
    try:
        first = child.pid if child.ask("wall.probe", {}, seconds=30) else None
        light = templates.template("light")
        light._process.kill()
        light._process.wait()
        assert child._process.wait() == -signal.SIGKILL  # it ends with its template; the listener says so
        again = child.ask("wall.probe", {}, seconds=30)  # a fresh template, a fresh child
        assert child.pid not in (None, first) and again["cwd"] == str(child.workdir)
        assert light._process.poll() is None
    finally:
        child.close()


def test_a_process_ends_and_waits_for_its_templates_at_exit_and_the_next_request_starts_one_again():
    """A command line left its templates to end on their own, unwaited: what they and their children used went
    uncounted (the hostile-file benchmark measured only the command, 34 MiB)."""
    child = Child("probe", memory_bytes=100 << 20)
    try:
        child.ask("wall.probe", {}, seconds=30)
    finally:
        child.close()
    light = templates.template("light")
    process = light._process
    templates.close_templates()  # what the exit hook (end_templates) runs, less its ending flag
    assert process.returncode is not None and light._process is None  # ended and waited for
    again = Child("probe", memory_bytes=100 << 20)
    try:
        assert again.ask("wall.probe", {}, seconds=30)["cwd"] == str(again.workdir)
    finally:
        again.close()


def test_after_the_exit_hook_no_template_starts_again(monkeypatch):
    """A daemon thread still reading while the interpreter ended could start a fresh template after the hook ran."""
    monkeypatch.setattr(templates, "_ENDING", threading.Event())  # this test's own end, not the suite's
    light = templates.template("light")
    light.start()
    templates.end_templates()  # what atexit runs
    with pytest.raises(OSError, match="this process is ending"):
        light.fork(Path(tempfile.gettempdir()))
    assert light._process is None


def test_a_torch_file_is_read_by_a_template_without_transformers_and_a_model_is_exported_by_one_with_it(
        tmp_path, monkeypatch):
    """One torch template imported transformers' model code for exports: every command line reading a nanoGPT
    checkpoint waited seconds more for imports that a pickle's reader never uses."""
    from dashboard.forward import loading

    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "cache"))  # no export kept from another test
    started = _count_forks(monkeypatch)
    read_checkpoint(ff.nanogpt_checkpoint(tmp_path / "nano"))
    assert started == ["light", "torch"] and "transformers" not in runner.TEMPLATES["torch"]  # a zip: told by reading
    loading.load_forward_model(read_checkpoint(factories.gpt2_folder(tmp_path / "gpt2")))
    assert started[2:] == ["light", "transformers"]


@pytest.mark.parametrize("kind, make", [
    ("light", lambda folder: Path(shutil.copytree(Path(__file__).resolve().parents[2] / "models" / "tiny-gpt-pydocs",
                                                  folder))),  # safetensors and tokenizer.json
    ("torch", lambda folder: ff.nanogpt_checkpoint(folder)),
    ("light", lambda folder: factories.bert_folder(folder)),  # and its embedding LayerNorm (norm.read)
    ("transformers", lambda folder: ff.nanogpt_checkpoint(folder)),  # a model exported (model.export)
], ids=["light-hf-folder", "torch-nanogpt", "light-bert-norm", "transformers-nanogpt-export"])
def test_a_forks_first_read_imports_no_module_its_template_did_not(tmp_path, kind, make):
    """A read forked from a template that had not imported the readers' registry took 0.40 s instead of 0.13 s
    (tiny-gpt-pydocs, the `wall` benchmark): each fork imported the readers again before its work."""
    import json
    import subprocess
    import sys

    source = make(tmp_path / "model")
    work = tmp_path / "work"  # the child's working folder
    work.mkdir()
    d_model = 0
    if kind == "transformers":
        import torch

        d_model = torch.load(source, weights_only=True)["model_args"]["n_embd"]
    script = f"""
import importlib, json, os, sys
import dashboard.wall
from dashboard.wall import child
if {kind!r} == "light":
    child._refuse_torch()
for name in child.preloaded({kind!r}):
    importlib.import_module(name)
dashboard.wall.INSIDE = True
from dashboard.wall import tables
before = set(sys.modules)
os.chdir({str(work)!r})
if {kind!r} == "transformers":
    from dashboard.forward import export
    export.export_in_child({str(source)!r}, stored=10**9, d_model={d_model})
    fields = {{"architecture": "gpt2"}}
else:
    answer = tables.read_in_child({str(source)!r}, tables._policy_fields(tables.PathPolicy.from_settings()), {{}})
    fields = answer["fields"]
if fields["architecture"] == "bert":
    from dashboard.wall import norms
    norms.read_norm_in_child(architecture="bert", model_path=fields["model_path"], name="model",
                             format=fields["format"])
print(json.dumps(sorted(name for name in set(sys.modules) - before if name.startswith("dashboard"))))
"""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == []


def test_a_module_planted_in_the_temporary_folder_is_not_imported_by_a_template(tmp_path, monkeypatch):
    """A template runs in the temporary folder, where any process of the server's user may write (a child
    included): started with ``-m`` alone, Python put that folder first on sys.path, and a planted ``json.py``
    ran in every later fork (found by a review)."""
    planted = tmp_path / "ran"
    (tmp_path / "json.py").write_text(f"open({str(planted)!r}, 'w').close()\n")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    light = templates.Template("light")
    workdir = tmp_path / "work"
    workdir.mkdir()
    try:
        forked = light.fork(workdir)  # answered once the template has made its imports
        forked.stdin.close()
        assert forked.wait() == 0
    finally:
        light.close()
    assert not planted.exists()


def test_a_child_killed_as_soon_as_it_is_forked_is_killed_before_or_after_it_made_its_own_group(tmp_path):
    """A child leads a process group of its own once it has run setsid(); killed before that, there is no such
    group, and killpg alone missed it (a full suite run found it still running)."""
    light = templates.Template("light")
    try:
        for round_ in range(5):
            workdir = tmp_path / f"work-{round_}"
            workdir.mkdir()
            forked = light.fork(workdir)
            forked.kill()
            assert forked._ended.wait(30) and forked.returncode == -signal.SIGKILL  # the template reaped it
    finally:
        light.close()


def test_closing_a_template_kills_the_children_still_running(tmp_path, monkeypatch):
    killed = []
    kill = templates.Forked.kill
    monkeypatch.setattr(templates.Forked, "kill", lambda self: killed.append(self.pid) or kill(self))
    light = templates.Template("light")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    done, running = light.fork(tmp_path / "a"), light.fork(tmp_path / "b")
    done.stdin.close()
    assert done.wait() == 0
    light.close()
    assert killed == [running.pid] and running.wait() == -signal.SIGKILL
