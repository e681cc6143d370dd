"""The Load page on every bundled model, in both languages: sentences that start as sentences, and operator
settings folded away for the teacher."""

import re

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Block

from tests.pages.app_test import ROOT, open_app_page, shown

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


#: The settings a teacher (or whoever runs the server) sets; a student cannot change them.
SETTINGS = ("server.maxUploadSize", "EXPLORER_UPLOAD_QUOTA_MB", "EXPLORER_UPLOAD_IDLE_MINUTES", "EXPLORER_LOCAL_PATHS")
TEACHER = {"en": "For the teacher", "ko": "교사용"}


def _prose(node, teacher_label: str, inside: bool = False):
    """(text, whether it is inside the teacher's expander) for every text field under ``node``."""
    if isinstance(node, Block):
        inside = inside or (getattr(node, "type", None) == "expander" and node.label == teacher_label)
        for child in node.children.values():
            yield from _prose(child, teacher_label, inside)
        return
    for field in ("body", "label", "help", "placeholder", "caption"):
        value = getattr(getattr(node, "proto", None), field, None)
        if isinstance(value, str) and value.strip():
            yield shown(value), inside


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("lang, student", [
    ("en", ("Upload limit: **200 MB per file**", "uploads per session")),
    ("ko", ("업로드 한도: **파일당 200 MB**", "세션마다 최대")),
])
def test_the_load_page_folds_the_server_settings_away_for_the_teacher(monkeypatch, model, lang, student):
    for name in ("EXPLORER_UPLOAD_QUOTA_MB", "EXPLORER_UPLOAD_IDLE_MINUTES", "EXPLORER_LOCAL_PATHS"):
        monkeypatch.delenv(name, raising=False)
    at = _open(model, lang)
    prose = list(_prose(at._tree, TEACHER[lang]))
    outside = " ".join(text for text, inside in prose if not inside)
    teacher = " ".join(text for text, inside in prose if inside)
    assert all(part in outside for part in student), outside  # what a student can do stays in view
    assert not [name for name in SETTINGS if name in outside], outside
    assert all(name in teacher for name in SETTINGS), teacher


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("lang, student", [("en", "Any file or folder on this server opens by its path"),
                                           ("ko", "이 서버에 있는 파일이나 폴더는 경로로 열 수 있습니다")])
def test_the_sidebar_says_what_opens_and_keeps_the_setting_for_a_tooltip(monkeypatch, model, lang, student):
    monkeypatch.delenv("EXPLORER_LOCAL_PATHS", raising=False)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["model"], at.query_params["lang"] = model, lang
    at.run()  # the first page, with the sidebar
    assert not at.exception, [e.value for e in at.exception]
    captions = [c for c in at.sidebar.caption if "EXPLORER_LOCAL_PATHS" in shown(c.value + c.proto.help)]
    assert [shown(c.value) for c in captions] == [student + "."]
    assert "EXPLORER_LOCAL_PATHS=any" in shown(captions[0].proto.help) and TEACHER[lang] in captions[0].proto.help
    assert not any("EXPLORER_LOCAL_PATHS" in shown(c.value) for c in at.sidebar.caption)
