"""Tiny GPT-2 folders, tied and untied, with a word tokenizer, for the perturb tests (CLI and page).

Import the fixtures into a test module to use them; each is made once per module.
"""

import pytest

from tests import reorder_factories

#: A prompt of the word tokenizer's words; its next token is predicted before and after.
PROMPT = "the cat sat on a"


@pytest.fixture(scope="module")
def gpt2_tied(tmp_path_factory):
    return reorder_factories.gpt2_with_words(tmp_path_factory.mktemp("tied") / "gpt2", tied=True)


@pytest.fixture(scope="module")
def gpt2_untied(tmp_path_factory):
    return reorder_factories.gpt2_with_words(tmp_path_factory.mktemp("untied") / "gpt2", tied=False)
