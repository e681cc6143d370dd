"""Tokenizer files run in a child process: what a hostile one does ends that child, with a typed error."""

import base64
import struct

import pytest

from dashboard.checkpoints import tokenizer_process
from dashboard.checkpoints.tokenizer_process import TokenizerProcess, TokenizerProcessError
from tests import hostile_factories as hostile


def _process(folder) -> TokenizerProcess:
    process = TokenizerProcess("tokenizer.json", path=folder / "tokenizer.json")
    process.load()
    return process


def test_a_text_multiplied_past_the_memory_cap_ends_the_child_and_the_next_text_is_encoded(tmp_path, monkeypatch):
    """Six tenfold Replace steps turn 100 characters into 10**8 (gigabytes of alignment data): Rust aborts."""
    monkeypatch.setenv("EXPLORER_TOKENIZER_MB", "200")
    folder = hostile.hf_folder_with_tokenizer(tmp_path / "m", normalizer=hostile.tenfold_replace_chain(6),
                                              pre_tokenizer={"type": "Whitespace"})
    process = _process(folder)
    with pytest.raises(TokenizerProcessError, match="stopped \\(SIGABRT\\)"):
        process.encode("a" * 100, add_special_tokens=False)
    assert process.encode("b c", add_special_tokens=False)["ids"] == [2, 3]  # a fresh child read the file again
    process.close()


def test_an_encode_past_its_time_is_stopped_and_the_interpreter_lock_stays_free(tmp_path, monkeypatch):
    """A Split regex that backtracks under onig's retry limit took 8-12 s for 500 characters, holding the lock."""
    monkeypatch.setattr(tokenizer_process, "ENCODE_SECONDS", 1.0)
    split = {"type": "Split", "pattern": {"Regex": "(?:a|a){1,20}\\d"}, "behavior": "Isolated", "invert": False}
    process = _process(hostile.hf_folder_with_tokenizer(tmp_path / "m", pre_tokenizer=split))
    with pytest.raises(TokenizerProcessError, match="more than 1 s of processor time"):
        process.encode("a" * 499 + "x", add_special_tokens=False)
    assert process.encode("b", add_special_tokens=False)["ids"] == [2]
    process.close()


def test_a_rust_panic_reading_the_file_is_a_typed_error(tmp_path):
    """``PanicException`` is a BaseException: in this process it got past every ``except Exception``."""
    charsmap = base64.b64encode(struct.pack("<II", 8, 0)).decode()  # a trie of 8 bytes that holds 4
    folder = hostile.hf_folder_with_tokenizer(tmp_path / "m", normalizer={"type": "Precompiled",
                                                                          "precompiled_charsmap": charsmap})
    with pytest.raises(TokenizerProcessError, match="PanicException"):
        _process(folder)


def test_a_gguf_tokenizer_with_a_token_too_long_to_convert_is_not_used_and_the_note_says_why(tmp_path):
    """transformers rebuilt a merge-less GGUF tokenizer's merges in time growing with a token's length squared."""
    from dashboard.checkpoints import load_tables
    from dashboard.checkpoints.tokenizer import MAX_GGUF_TOKEN_CHARS, VocabularyTokenizer, load_tokenizer
    from tests import format_factories as ff

    tokens = [f"t{i}" for i in range(ff.VOCAB - 1)] + ["x" * (MAX_GGUF_TOKEN_CHARS + 1)]
    path, _ = ff.gguf_file(tmp_path / "long.gguf", tokens=tokens, tokenizer_model="llama")
    tokenizer = load_tokenizer(load_tables(path))
    assert isinstance(tokenizer, VocabularyTokenizer)
    assert f"one of its tokens has {MAX_GGUF_TOKEN_CHARS + 1:,} characters" in tokenizer.describe


def test_an_encoding_of_more_tokens_than_any_page_uses_is_refused_in_the_child(tmp_path):
    """A template repeating the text a million times made the server slice gigabytes of token strings (audit)."""
    from dashboard.checkpoints.tokenizer_process import MAX_TOKENS

    repeat = MAX_TOKENS // 10 + 1
    template = {"type": "TemplateProcessing", "single": [{"Sequence": {"id": "A", "type_id": 0}}] * repeat,
                "pair": [{"Sequence": {"id": "A", "type_id": 0}}], "special_tokens": {}}
    process = _process(hostile.hf_folder_with_tokenizer(tmp_path / "m", pre_tokenizer={"type": "Whitespace"},
                                                        post_processor=template))
    assert len(process.encode("b c", add_special_tokens=True)["ids"]) == 2 * repeat
    with pytest.raises(TokenizerProcessError, match=f"made {10 * repeat:,} tokens of a text of 19 characters"):
        process.encode("b c d e f g h i j k", add_special_tokens=True)
    process.close()


def test_a_tokenizer_setting_naming_a_server_file_is_refused_and_real_settings_pass(tmp_path):
    """transformers passed ``"vocab": "/etc/passwd"`` to the library, which read it as the vocabulary; the page's
    mismatch note quoted its lines, and ``/proc/self/environ`` gave the server's environment (audit)."""
    import json

    from dashboard.checkpoints import load_tables
    from dashboard.checkpoints.tokenizer import VocabularyTokenizer, load_tokenizer
    from dashboard.errors import QueryError
    from tests import factories

    folder = factories.gpt2_folder(tmp_path / "m")
    (folder / "vocab.txt").write_text("\n".join(["[UNK]", "[CLS]", "[SEP]"] + [f"w{i}" for i in range(93)]))
    (folder / "tokenizer_config.json").write_text(json.dumps({"tokenizer_class": "BertTokenizer",
                                                              "vocab": "/etc/passwd"}))
    tokenizer = load_tokenizer(load_tables(folder))
    assert isinstance(tokenizer, VocabularyTokenizer)
    assert "tokenizer_config.json.vocab names a path" in tokenizer.describe and "root" not in tokenizer.describe
    (folder / "tokenizer_config.json").write_text(json.dumps({"name_or_path": "org/model", "eos_token": "</s>"}))
    tokenizer_process.refuse_path_settings(folder / "tokenizer_config.json")  # real settings pass
    (folder / "tokenizer_config.json").write_text(json.dumps({"vocab_file": "/etc/passwd"}))
    with pytest.raises(QueryError, match="tokenizer_config.json.vocab_file names a path"):
        tokenizer_process.refuse_path_settings(folder / "tokenizer_config.json")
    for value in ("../secret", "~/x", "C:\\x"):
        (folder / "tokenizer_config.json").write_text(json.dumps({"added": [{"content": value}]}))
        with pytest.raises(QueryError, match=r"added\[0\]\.content names a path"):
            tokenizer_process.refuse_path_settings(folder / "tokenizer_config.json")


def test_a_child_gets_none_of_the_servers_environment_and_answers_are_capped(tmp_path, monkeypatch):
    from dashboard.wall import runner, templates

    monkeypatch.setenv("EXPLORER_SECRET_FOR_TEST", "s3cret")
    assert "EXPLORER_SECRET_FOR_TEST" not in templates.child_environment()
    monkeypatch.setattr(runner, "MAX_ANSWER_BYTES", 100)  # the vocabulary answer is longer
    with pytest.raises(TokenizerProcessError, match="answered more than 0 MB"):
        _process(hostile.hf_folder_with_tokenizer(tmp_path / "m"))


def test_a_tokenizer_child_outlives_the_thread_that_started_it(tmp_path):
    """Streamlit runs each page in a thread that ends with the run; the tokenizer it loaded serves the next run."""
    import threading

    process = TokenizerProcess("tokenizer.json", path=hostile.hf_folder_with_tokenizer(tmp_path / "m",
                                                                                       pre_tokenizer={"type": "Whitespace"})
                               / "tokenizer.json")
    started = threading.Thread(target=process.load)
    started.start()
    started.join()
    pid = process._child.pid
    assert pid is not None
    assert process.encode("b c", add_special_tokens=False)["ids"] == [2, 3]
    assert process._child.pid == pid  # the same child: it was not killed when its thread ended
    process.close()
