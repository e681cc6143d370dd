"""The Load page on every bundled model, in both languages: sentences that start as sentences, and operator
settings folded away for the teacher."""

import re

import pytest

from tests.pages.app_test import open_app_page, shown

PAGE = "pages/load.py"
MODELS = ["all-minilm-l6-v2", "tiny-gpt-pydocs", "smollm2-135m"]


def _open(model, lang):
    at = open_app_page(PAGE, model=model, query={"lang": lang})
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.real
@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("lang, heading", [("en", "**Weight tying: "), ("ko", "**가중치 공유(weight tying): ")])
def test_the_tying_verdict_and_its_evidence_read_as_one_sentence(model, lang, heading):
    [said] = [shown(m.value) for m in _open(model, lang).markdown if m.value.startswith(heading)]
    assert not re.search(r"\.\s+[a-z]", said), said  # no sentence starting in lower case after a full stop
    assert said.endswith(".")
    assert re.match(re.escape(heading) + r"[^*]+\*\* — \S", said), said
