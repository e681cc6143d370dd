"""The message catalogue: both languages everywhere, the same placeholders, every key used exists."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

from dashboard.i18n import Text, msg, render
from dashboard.i18n import catalogue

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*ROOT.glob("pages/*.py"), *ROOT.glob("dashboard/**/*.py"), ROOT / "app.py"])
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _fields(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def _entry_problems(key: str, entry) -> list[str]:
    problems = []
    if not (entry.en.strip() and entry.ko.strip()):
        problems.append(f"{key}: a language is empty")
    if _fields(entry.en) != _fields(entry.ko):
        problems.append(f"{key}: placeholders differ")
    if _HANGUL.search(entry.en) and not key.startswith("language."):
        problems.append(f"{key}: Korean in the English text")
    return problems


def test_every_message_has_both_languages_with_the_same_placeholders():
    # One test over all keys (not one per key): a bug still fails it, and the message names every bad key.
    problems = [problem for key, entry in sorted(catalogue().items()) for problem in _entry_problems(key, entry)]
    assert not problems, "\n".join(problems)


def _keys_used() -> set[tuple[str, str]]:
    """(file, key) for every literal key passed to msg(), t(), Text() or a *_key= argument."""
    used = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in (
                    "msg", "t", "Text", "both_languages") and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                used.add((str(path.relative_to(ROOT)), node.args[0].value))
    return used


def test_every_key_the_code_names_is_in_the_catalogue():
    missing = sorted((f, k) for f, k in _keys_used() if k not in catalogue())
    assert not missing, missing


def _plural_keys_used() -> set[tuple[str, str]]:
    """(file, key) for every literal key passed to plural_key()."""
    return {(str(path.relative_to(ROOT)), node.args[0].value)
            for path in SOURCES for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "plural_key"
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)}


def test_every_countable_message_the_code_names_has_its_singular_and_plural():
    used = _plural_keys_used()
    assert len(used) >= 8  # the pages' counts, the position notes, the tokenizer's unknown words
    missing = sorted((f, f"{k}.{n}") for f, k in used for n in ("one", "many") if f"{k}.{n}" not in catalogue())
    assert not missing, missing


def test_every_singular_in_the_catalogue_has_a_plural_and_the_other_way_round():
    keys = set(catalogue())
    lonely = sorted(k for k in keys if k.endswith(".one") and k[:-4] + ".many" not in keys)
    lonely += sorted(k for k in keys if k.endswith(".many") and k[:-5] + ".one" not in keys)
    assert not lonely, lonely


def test_plural_key_picks_the_singular_for_one_only():
    from dashboard.i18n import plural_key

    assert [plural_key("x", n) for n in (0, 1, 2, 1000)] == ["x.many", "x.one", "x.many", "x.many"]


def test_text_is_english_as_a_string_and_korean_when_rendered():
    title = msg("nav.overview")
    assert title == "Overview" and isinstance(title, str)
    assert render(title, "ko") == "개요" and render(title, "en") == "Overview"
    assert render("plain", "ko") == "plain"


def test_text_keeps_its_key_through_pickling_as_the_cache_does():
    import pickle

    again = pickle.loads(pickle.dumps(msg("language.switch_help", env="EXPLORER_LANG", default="English",
                                                      other="ko", other_name="한국어")))
    assert isinstance(again, Text) and "EXPLORER_LANG=ko" in render(again, "ko") and "서버" in render(again, "ko")


def test_an_error_made_from_a_message_renders_in_the_readers_language():
    from dashboard.errors import QueryError

    error = QueryError(msg("nav.overview"))
    assert str(error) == "Overview" and render(error, "ko") == "개요"
