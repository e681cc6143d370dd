"""What a reader reads on a page rendered in AppTest, and how much of it is Korean.

:func:`page_prose` collects the prose of every element (titles, Markdown,
captions, alerts, widget labels, help and placeholders, metric labels, table
headers, chart titles, axis, legend and tooltip titles). :func:`hangul_share`
and :func:`english_runs` measure it with code and identifiers left out:
backtick code spans, and words holding a digit, ``_``, ``.``, ``/``, ``=`` or
``-`` (``d_model``, ``all-minilm-l6-v2``, ``config.json``), which are
identifiers and token strings that are never translated. :func:`assert_korean`
is the page-level check every Korean page test makes with them.
"""

from __future__ import annotations

import json
import re
from typing import Iterator

from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Block

from tests.pages.app_test import shown

_PROTO_TEXT_FIELDS = ("body", "label", "help", "placeholder", "title", "caption")
_CODE = re.compile(r"`[^`]*`|```.*?```", re.S)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_IDENTIFIER = re.compile(r"\S*[0-9_./=\\:-]\S*")
_HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
_LATIN = re.compile(r"[A-Za-z]")
#: Four or more plain Latin words in a row: a sentence left in English.
_ENGLISH_RUN = re.compile(r"(?:\b[A-Za-z]+\b[ ,;'’()]*){4,}")


def _elements(node) -> Iterator:
    if isinstance(node, Block):
        for child in node.children.values():
            yield from _elements(child)
    else:
        yield node


def _chart_titles(spec) -> Iterator[str]:
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key in ("data", "datasets", "values"):
                continue
            if key == "title":
                if isinstance(value, str):
                    yield value
                elif isinstance(value, list):
                    yield from (v for v in value if isinstance(v, str))
                elif isinstance(value, dict) and isinstance(value.get("text"), str):
                    yield value["text"]
            else:
                yield from _chart_titles(value)
    elif isinstance(spec, list):
        for item in spec:
            yield from _chart_titles(item)


def page_prose(at: AppTest) -> list[str]:
    """Every piece of prose on the page AppTest last ran, one string per element field."""
    texts: list[str] = []
    for element in _elements(at._tree):
        proto = getattr(element, "proto", None)
        if proto is None:
            continue
        if element.type in ("vega_lite_chart", "arrow_vega_lite_chart"):
            texts.extend(_chart_titles(json.loads(proto.spec or "{}")))
            continue
        if element.type in ("dataframe", "arrow_data_frame", "table"):
            try:
                texts.extend(str(c) for c in element.value.columns)
            except Exception:  # a frame AppTest cannot decode still has its headers in the column config
                pass
            continue
        for field in _PROTO_TEXT_FIELDS:
            value = getattr(proto, field, None)
            if isinstance(value, str) and value.strip():
                texts.append(value)
        if element.type in ("radio", "selectbox", "multiselect", "segmented_control", "button_group"):
            texts.extend(str(o) for o in getattr(proto, "options", []) if isinstance(o, str))
    return [shown(text) for text in texts]


#: A cited work's title: italic link text (``[*Title*](url)``), kept as published so that a reader can find it.
_CITED_TITLE = re.compile(r"\[\*[^\]*]+\*\]\(")


def _prose_only(text: str) -> str:
    text = _LINK_TARGET.sub("]", _CODE.sub(" ", _CITED_TITLE.sub("(", text)))
    return _IDENTIFIER.sub(" ", text)


def hangul_share(texts: list[str]) -> float:
    """Hangul letters / (Hangul + Latin letters) in ``texts``, code and identifiers left out; 1.0 when no letters."""
    prose = " ".join(_prose_only(t) for t in texts)
    hangul, latin = len(_HANGUL.findall(prose)), len(_LATIN.findall(prose))
    return 1.0 if hangul + latin == 0 else hangul / (hangul + latin)


def english_runs(texts: list[str]) -> list[str]:
    """Runs of four or more Latin words in a row (code and identifiers left out): English sentences left."""
    runs = []
    for text in texts:
        runs.extend(m.group(0).strip() for m in _ENGLISH_RUN.finditer(_prose_only(text)))
    return runs


#: The least share of Hangul among the prose's letters (names such as PCA, UMAP, GGUF and Hugging Face stay Latin).
MIN_HANGUL_SHARE = 0.8


def assert_korean(at: AppTest, *, typed: tuple[str, ...] = ()) -> list[str]:
    """The page ran without an exception and what it shows is Korean prose: no English sentence left
    (:func:`english_runs`), Hangul at least :data:`MIN_HANGUL_SHARE` of the letters (:func:`hangul_share`).

    Args:
        at: the page, as AppTest last ran it.
        typed: texts the reader typed (a prompt, a sentence) that the page shows as typed: left out of the measure.

    Returns:
        The prose measured.
    """
    assert not at.exception, [e.value for e in at.exception]
    prose = page_prose(at)
    for text in typed:
        prose = [p.replace(text, " ") for p in prose]
    assert english_runs(prose) == []
    share = hangul_share(prose)
    assert share >= MIN_HANGUL_SHARE, f"{share:.2f} of the letters are Hangul"
    return prose
