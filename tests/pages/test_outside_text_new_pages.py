"""Outside text on the lesson, training and comparison pages is shown as text: a crafted link stays characters.

Each test gives a page a value from outside (a typed token, word, sentence or
path, a model folder's name, a link's parameter) that would be a clickable
link if the page put it into its Markdown as is, and checks the element that
quotes it: the raw link syntax is not in the element's Markdown source, and
what a reader sees of it (:func:`tests.pages.app_test.shown`) is the value.
"""

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.training import view_run as frames
from dashboard.ui import state
from dashboard.ui.url_state import IDS_CHARS, PATH_CHARS, SENTENCE_CHARS
from tests import factories, run_factories
from tests.compare_factories import write_run
from tests.map_fixtures import bert_with_tokenizer
from tests.pages.app_test import open_app_page, shown
from tests.perturb_fixtures import PROMPT, gpt2_tied  # noqa: F401 (fixtures)

#: Markdown for a link: rendered as is, it would be a clickable "x" leading to another site.
CRAFTED = "[x](https://e.x)"
#: A folder name that is a link (no slash: a file name cannot hold one; a relative link is still a link).
CRAFTED_NAME = "[m](e.x)"


def _open(page: str, **kwargs) -> AppTest:
    at = open_app_page(page, **kwargs)
    assert not at.exception, [e.value for e in at.exception]
    return at


def _quoting(elements, text: str) -> list[str]:
    """The Markdown sources of ``elements`` whose shown text holds ``text``; none may hold it as markup."""
    sources = [e.value for e in elements]
    assert not [s for s in sources if text in s], sources  # the raw link syntax would render as a link
    return [s for s in sources if text in shown(s)]


def _ignored(at: AppTest, param: str) -> bool:
    """Whether the page said it ignored the link's ``param`` (a value longer than its field holds)."""
    return any(f"Ignored from the link: {param}=" in shown(w.value) for w in at.warning)


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


@pytest.fixture(scope="module")
def crafted_gpt2(tmp_path_factory):
    """A tiny untied GPT-2 without tokenizer files, in a folder whose name is a Markdown link."""
    return factories.gpt2_folder(tmp_path_factory.mktemp("named") / CRAFTED_NAME, tied=False)


def test_perturb_error_quotes_a_crafted_token_as_text(gpt2_tied):
    at = _open("pages/perturb.py", model=gpt2_tied,
               session={state.PERTURB_PROMPT: PROMPT, state.PERTURB_TOKEN: CRAFTED})
    assert _quoting(at.error, CRAFTED)


def test_perturb_shows_a_crafted_prompt_as_text(gpt2_tied):
    prompt = f"{PROMPT} {CRAFTED}"
    at = _open("pages/perturb.py", model=gpt2_tied, session={state.PERTURB_PROMPT: prompt, state.PERTURB_TOKEN: "cat"})
    assert _quoting(at.subheader, CRAFTED)


def test_perturb_fields_are_bounded(gpt2_tied):
    at = _open("pages/perturb.py", model=gpt2_tied, session={state.PERTURB_PROMPT: PROMPT, state.PERTURB_TOKEN: "cat"})
    assert at.text_input(key=state.PERTURB_TOKEN).max_chars > 0
    assert at.text_input(key=state.PERTURB_PROMPT).max_chars == SENTENCE_CHARS


def test_lookup_names_a_crafted_model_folder_as_text(crafted_gpt2):
    # No tokenizer: the error names the model, whose name is the folder's.
    at = _open("pages/lookup.py", model=crafted_gpt2, query={"sentence": "the cat"})
    assert _quoting(at.error, CRAFTED_NAME)
    assert _quoting(at.title, CRAFTED_NAME)


def test_lookup_refuses_a_linked_sentence_past_the_field_bound(bert):
    at = _open("pages/lookup.py", model=bert, query={"sentence": "cat " * (SENTENCE_CHARS // 4 + 1)})
    assert at.text_input(key="lookup_sentence").value == "the cat sat on the mat"
    assert at.text_input(key="lookup_sentence").max_chars == SENTENCE_CHARS
    assert _ignored(at, "sentence")


@pytest.mark.parametrize("pairs, box", [(CRAFTED, "error"), (f"cat, {CRAFTED}", "warning")],
                         ids=["not-a-pair", "unknown-word"])
def test_similarity_quiz_quotes_a_crafted_line_or_word_as_text(bert, pairs, box):
    """A line that is no pair stops the round (error); a word it cannot look up costs its pair (warning)."""
    at = _open("pages/similarity_quiz.py", model=bert, session={"quiz_pairs": pairs})
    assert _quoting(getattr(at, box), CRAFTED)


def test_similarity_heatmap_names_a_crafted_word_it_left_out_as_text(bert):
    at = _open("pages/similarity.py", model=bert, query={"terms": f"cat, dog, {CRAFTED}"})
    assert _quoting(at.warning, CRAFTED)


def test_compare_quotes_a_crafted_path_as_text(tmp_path_factory):
    run = write_run(tmp_path_factory.mktemp("run"))
    at = _open("pages/compare.py", model=str(run["end"]),
               session={"cmp_with": "another checkpoint (path) ...", "cmp_path": f"/no/such/{CRAFTED}"})
    assert _quoting(at.error, CRAFTED)
    assert at.text_input(key="cmp_path").max_chars == PATH_CHARS


def test_compare_refuses_a_linked_path_past_the_field_bound(tmp_path_factory):
    run = write_run(tmp_path_factory.mktemp("run"))
    at = _open("pages/compare.py", model=str(run["end"]), query={"with": "/" + "a" * PATH_CHARS})
    assert _ignored(at, "with")


def test_undertrained_quotes_crafted_ids_as_text_and_bounds_the_field(bert):
    at = _open("pages/undertrained.py", model=bert, session={"ut_unused": f"1,{CRAFTED}"})
    assert _quoting(at.error, CRAFTED)
    assert at.text_input(key="ut_unused").max_chars == IDS_CHARS
    at = _open("pages/undertrained.py", model=bert, query={"unused": "1," * (IDS_CHARS // 2 + 1)})
    assert _ignored(at, "unused")


def test_training_names_a_crafted_word_and_folder_as_text(tmp_path):
    run = run_factories.snapshot_run(tmp_path / "run")
    at = _open("pages/training.py", session={frames.FOLDER_KEY: str(run), frames.WORDS_KEY: f"cat, {CRAFTED}"})
    assert _quoting(at.warning, CRAFTED)
    assert at.text_input(key=frames.WORDS_KEY).max_chars > 0
    assert at.text_input(key=frames.FOLDER_KEY).max_chars == PATH_CHARS
    (tmp_path / CRAFTED_NAME).mkdir()
    at = _open("pages/training.py", session={frames.FOLDER_KEY: str(tmp_path / CRAFTED_NAME)})
    assert _quoting(at.error, CRAFTED_NAME)


def test_initialisation_title_names_a_crafted_model_folder_as_text(crafted_gpt2):
    at = _open("pages/initialisation.py", model=crafted_gpt2)
    assert _quoting(at.title, CRAFTED_NAME)
