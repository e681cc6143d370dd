"""The UMAP child process's protocol: JSON lines, no pickles; messages and errors keep their catalogue keys."""

from __future__ import annotations

import io

import numpy as np

from dashboard.analysis.umap_process import _error_from, _read, _write
from dashboard.errors import QueryError
from dashboard.i18n import Text, msg, render


def test_a_message_crosses_as_json_and_keeps_its_key_and_parameters():
    stream = io.BytesIO()
    label = msg("nav.overview")
    _write(stream, kind="progress", fraction=np.float32(0.5), label=label, shape=(3, 4))
    assert b"pickle" not in stream.getvalue() and stream.getvalue().endswith(b"\n")
    stream.seek(0)
    answer = _read(stream)
    assert answer["fraction"] == 0.5 and answer["shape"] == [3, 4]
    assert isinstance(answer["label"], Text) and render(answer["label"], "ko") == "개요"
    assert _read(stream) is None  # the end of the stream


def test_the_childs_error_comes_back_as_the_projects_error_class_or_a_runtime_error():
    again = _error_from("QueryError", msg("nav.overview"))
    assert isinstance(again, QueryError) and render(again, "ko") == "개요"
    other = _error_from("ZeroDivisionError", "division by zero")
    assert type(other) is RuntimeError and "ZeroDivisionError: division by zero" in str(other)
    assert type(_error_from("Popen", "x")) is RuntimeError  # only ExplorerError subclasses are made
