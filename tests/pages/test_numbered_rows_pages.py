"""A checkpoint whose rows are only numbered (a nanoGPT ckpt.pt without meta.pkl or tokenizer): the pages whose fields
hold words start with token ids instead, say so once, and show no error; a checkpoint with token strings gets the
lesson's words back."""

from __future__ import annotations

import pytest

from dashboard.ui import state
from tests import format_factories as ff
from tests.pages.app_test import open_app_page

#: Page -> (the field's widget key, what it starts with for the 96-row checkpoint).
FIELDS = {
    "pages/lookup.py": ("lookup_sentence", "#0 #1 #2 #3 #4 #5"),
    "pages/neighbours.py": ("nn_query", "#0"),
    "pages/similarity.py": ("sim_terms", "#0, #1, #2, #3, #4"),
    "pages/reorder.py": (state.REORDER_SENTENCE, "#0 #1 #2 #3 #4 #5"),
    "pages/similarity_quiz.py": ("quiz_pairs", "#0, #1\n#2, #3\n#4, #5"),
}


@pytest.fixture(scope="module")
def numbered(tmp_path_factory):
    return ff.nanogpt_checkpoint(tmp_path_factory.mktemp("run") / "run")


@pytest.mark.parametrize("page", list(FIELDS))
def test_word_fields_start_with_ids_that_work_and_one_note_says_why(numbered, page):
    at = open_app_page(page, model=numbered)
    key, ids = FIELDS[page]
    assert at.session_state[key] == ids
    assert not at.exception and not at.error, [e.value for e in at.error]
    notes = [info.value for info in at.info if "without token strings" in info.value]
    assert len(notes) == 1 and "#0 to #95" in notes[0]
    assert not any("must match a token exactly" in info.value for info in at.info)  # no word can: said once above
    assert not any("left out" in warning.value for warning in at.warning)  # the quiz's pairs all work


@pytest.mark.parametrize("page", ["pages/lookup.py", "pages/similarity.py"])
def test_a_field_left_at_its_ids_gets_the_words_back_when_the_checkpoint_has_token_strings(page):
    key, ids = FIELDS[page]
    words = {"pages/lookup.py": "the cat sat on the mat", "pages/similarity.py": "cat, dog, pet, Tuesday, xylophone"}
    # last given the numbered checkpoint's ids, now the default model (BERT, with its tokenizer)
    at = open_app_page(page, session={key: ids, state.DEFAULT_GIVEN: {key: ids}})
    assert at.session_state[key] == words[page]
    assert not any("without token strings" in info.value for info in at.info)


@pytest.mark.parametrize(("page", "typed"), [("pages/neighbours.py", "#0"), ("pages/lookup.py", "#0 #1")])
def test_ids_the_reader_typed_stay_on_a_checkpoint_with_token_strings(page, typed):
    key, _ = FIELDS[page]
    at = open_app_page(page, session={key: typed})
    assert at.session_state[key] == typed
    at.run()
    assert at.session_state[key] == typed and not at.error


def test_a_field_the_reader_typed_is_kept_on_the_numbered_checkpoint(numbered):
    at = open_app_page("pages/neighbours.py", model=numbered, session={"nn_query": "cat", state.DEFAULT_GIVEN:
                                                                       {"nn_query": "#0"}})
    assert at.session_state["nn_query"] == "cat"
