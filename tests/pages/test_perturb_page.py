"""The Perturb and watch page through AppTest, on tiny GPT-2 folders named in the link."""

import numpy as np
import pytest
import torch
from streamlit.testing.v1 import AppTest

from dashboard.checkpoints import load_tables
from dashboard.ui import state
from tests import factories, reorder_factories
from tests.perturb_fixtures import PROMPT, gpt2_tied, gpt2_untied  # noqa: F401 (fixtures)
from tests.pages.app_test import open_app_page, shown

PAGE = "pages/perturb.py"


def _page(model, **session) -> AppTest:
    session = {state.PERTURB_PROMPT: PROMPT, state.PERTURB_TOKEN: "cat", **session}
    at = open_app_page(PAGE, model=model, session=session, timeout=180)
    assert not at.exception, [e.value for e in at.exception]
    return at


def _metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def _unperturbed_top5(folder) -> tuple[list[str], np.ndarray]:
    """The next-token top-5 of a model transformers builds afresh: what "before" must show."""
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

    model = AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32).eval()
    tokenizer = PreTrainedTokenizerFast(tokenizer_file=str(folder / "tokenizer.json"))
    with torch.no_grad():
        logits = model(input_ids=torch.tensor([tokenizer(PROMPT)["input_ids"]])).logits[0, -1]
    values, ids = torch.topk(torch.softmax(logits.double(), -1), 5)
    labels = load_tables(folder).token_label
    return [labels(int(i)) for i in ids], values.numpy()


def test_tied_model_moves_both_rows_and_says_one_storage(gpt2_tied):
    at = _page(gpt2_tied, **{state.PERTURB_TABLE: "token", state.PERTURB_CHANGE: "noise", state.PERTURB_NOISE: 2.0})
    metrics = _metrics(at)
    assert metrics["other table changed"] == "yes"
    assert metrics["token row change"] == metrics["head row change"] != "0"
    assert any("one storage (`data_ptr` equal): **yes**" in m.value for m in at.markdown)
    assert any("**one storage**, so the model is tied" in m.value for m in at.markdown)
    assert len(at.dataframe[0].value) == 5
    d_model = load_tables(gpt2_tied).d_model  # noise of std 2 adds a vector of norm about 2 x sqrt(d_model)
    assert any(f"2 × √{d_model} = {2 * d_model ** 0.5:.4g}." in c.value for c in at.caption)
    (code,) = at.code
    assert "model.get_output_embeddings().weight" in code.value and "manual_seed(0)" in code.value
    assert not at.error


def test_untied_model_moves_one_row_and_says_two_matrices(gpt2_untied):
    at = _page(gpt2_untied, **{state.PERTURB_TABLE: "head", state.PERTURB_CHANGE: "zero"})
    metrics = _metrics(at)
    assert metrics["other table changed"] == "no" and metrics["token row change"] == "0"
    assert metrics["head row change"] != "0"
    assert any("**two independent matrices**" in m.value for m in at.markdown)
    assert any("one storage (`data_ptr` equal): **no**" in m.value for m in at.markdown)
    assert any(c.value.startswith("The change has L2 norm") and ": 1 times the changed row's own norm" in c.value
               for c in at.caption)  # zeroing a row removes its whole length
    assert not any("Gaussian" in c.value for c in at.caption)  # no noise was added


def test_the_page_leaves_the_shared_model_as_loaded(gpt2_tied):
    """A large change first; a later run on the same cached model must still predict like a fresh model."""
    _page(gpt2_tied, **{state.PERTURB_TABLE: "head", state.PERTURB_CHANGE: "scale", state.PERTURB_SCALE: 50.0})
    at = _page(gpt2_tied, **{state.PERTURB_TABLE: "token", state.PERTURB_TOKEN: "dog",
                             state.PERTURB_CHANGE: "scale", state.PERTURB_SCALE: 3.0})
    frame = at.dataframe[0].value
    tokens, probabilities = _unperturbed_top5(gpt2_tied)
    assert list(frame["before"]) == tokens
    np.testing.assert_allclose(frame["p before"], probabilities, rtol=1e-5)
    assert any("put back exactly" in c.value for c in at.caption)


def test_model_without_head_gets_a_clear_message(tmp_path):
    at = _page(str(reorder_factories.bert_with_words(tmp_path / "bert")))
    assert any("has no output head" in i.value and "tiny-gpt-pydocs" in i.value for i in at.info)
    assert not at.metric and not at.code and not at.error


def test_a_token_that_is_not_in_the_vocabulary_is_an_error_in_the_page(gpt2_untied):
    at = _page(gpt2_untied, **{state.PERTURB_TOKEN: "zebra"})
    assert len(at.error) == 1 and "zebra" in at.error[0].value and not at.metric


@pytest.mark.real
def test_a_word_of_several_tokens_lists_them_as_plain_text_in_the_page():
    """The bundled GPT's byte-level vocabulary splits a Korean word into bytes: each piece is named with its id."""
    at = _page("tiny-gpt-pydocs", **{state.PERTURB_TOKEN: "고양이"})
    [error] = [e.value for e in at.error]
    assert "is 9 tokens here" in error and "(#" in error and "`" not in error, error  # no literal backticks
    assert "shared by every character that holds the byte" in error  # changing one moves far more than this word
    english = _page("tiny-gpt-pydocs", **{state.PERTURB_TOKEN: "xylophone"})
    assert "tokens here" in english.error[0].value and "UTF-8 bytes" not in english.error[0].value


def test_an_uploads_snippet_names_it_as_uploaded_not_by_the_servers_folder(gpt2_untied):
    import shutil

    from dashboard.ui.session_files import SessionFolder, upload_root

    folder = SessionFolder(session_id="test-perturb-upload")
    try:
        upload = folder.new_batch() / "my-gpt2"  # what store_files leaves for my-gpt2.zip
        shutil.copytree(gpt2_untied, upload)
        at = _page(None, **{state.UPLOAD_FOLDER: folder, state.ACTIVE_SOURCE: str(upload),
                            state.PERTURB_TABLE: "token", state.PERTURB_CHANGE: "zero"})
        (code,) = at.code
        assert "path = Path('my-gpt2')  # your upload" in code.value
        assert str(upload_root()) not in code.value and "session-" not in code.value
    finally:
        folder.remove()


@pytest.mark.parametrize("lang, words", [("en", "came without a tokenizer and without token strings"),
                                         ("ko", "토크나이저도 토큰 문자열도 없습니다")])
def test_a_checkpoint_without_a_tokenizer_opens_on_one_message_and_ids_that_work(tmp_path, lang, words):
    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=False)  # config and weights, no tokenizer files
    at = open_app_page(PAGE, model=folder, query={"lang": lang}, timeout=180)  # the page's own defaults
    assert not at.exception and not at.error, [e.value for e in at.error]
    [message] = [i.value for i in at.info]
    assert words in message and "#0 #1 #2 #3" in message and "tokenizer.json" in message
    assert at.text_input(key=state.PERTURB_TOKEN).value == "#3"
    assert at.text_input(key=state.PERTURB_PROMPT).value == "#0 #1 #2 #3"
    assert at.metric and at.dataframe  # the ids ran through the model: rows compared, top-5 before and after


@pytest.mark.parametrize("lang, words", [("en", "emb.npy holds embedding tables only (npy): no output head"),
                                         ("ko", "emb.npy에는 임베딩 테이블만 있습니다(npy)")])
def test_a_lone_npy_table_opens_on_one_message_that_does_not_call_it_an_encoder(tmp_path, lang, words):
    np.save(tmp_path / "emb.npy", np.random.default_rng(0).normal(size=(40, 8)).astype(np.float32))
    at = open_app_page(PAGE, model=tmp_path / "emb.npy", query={"lang": lang}, timeout=180)
    assert not at.exception and not at.error
    [message] = [shown(i.value) for i in at.info]
    assert words in message and "tiny-gpt-pydocs" in message
    assert "encoder" not in message and "인코더" not in message  # nothing says what the table came from


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_bare_table_note_inside_the_no_model_message_ends_its_sentence_once(lang):
    from dashboard.i18n import msg, render

    note = render(msg("err.forward.bare_table", name="emb.npy", format="npy"), lang)
    text = render(msg("perturb.no_model", note=note), lang)
    assert ".." not in text and ". ." not in text, text


#: nanoGPT's shakespeare_char alphabet: one token per character, so "the" is three tokens.
SHAKESPEARE_CHARS = "\n !$&',-.3:;?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_character_level_checkpoint_opens_on_a_token_that_is_one_row_not_an_error(tmp_path, lang):
    from tests.format_factories import nanogpt_checkpoint

    checkpoint = nanogpt_checkpoint(tmp_path / "char", vocab_size=len(SHAKESPEARE_CHARS), meta_chars=SHAKESPEARE_CHARS)
    at = open_app_page(PAGE, model=checkpoint, query={"lang": lang}, timeout=180)  # the page's own defaults
    assert not at.exception and not at.error, [e.value for e in at.error]
    token = at.text_input(key=state.PERTURB_TOKEN).value
    assert token == "e" and at.text_input(key=state.PERTURB_PROMPT).value.endswith(token)  # the prompt's last row
    assert at.metric and at.dataframe  # the row was changed and the prompt run before and after
