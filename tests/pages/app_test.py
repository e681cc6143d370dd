"""Open one page of the app in AppTest the way a browser opens a link: the router first, then the page."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from dashboard.markdown_text import WORD_JOINER
from dashboard.ui import state

ROOT = Path(__file__).resolve().parents[2]


def shown(markdown: str) -> str:
    """What a reader sees of an element's Markdown source: backslash escapes and word joiners dropped.

    Outside text reaches the page through :func:`dashboard.markdown_text.escape_markdown`,
    so an element's ``value`` holds ``n\\_neighbors`` where the page shows ``n_neighbors``.
    """
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown).replace(WORD_JOINER, "")


def open_app_page(page: str, *, model: str | Path | None = None, query: dict[str, str] | None = None,
                  session: dict[str, Any] | None = None, timeout: float = 120) -> AppTest:
    """Run ``app.py`` with the link's ``model`` and ``query`` parameters and ``session`` state, then ``page``.

    Session state must be set before the first run: after a rerun of this
    ``st.navigation`` app AppTest keeps only the page's elements.
    """
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
    if model is not None:
        at.query_params[state.MODEL_PARAM] = str(model)
    for name, value in (query or {}).items():
        at.query_params[name] = value
    for key, value in (session or {}).items():
        at.session_state[key] = value
    at.run()  # the router reads the link's model
    return at.switch_page(page).run()


#: CPython 3.11's AST builder keeps its recursion depth per interpreter, so two threads building ASTs at
#: once (AppTest parses every page script for Streamlit's magic) can fail the check with this SystemError
#: (python/cpython gh-106905; seen once in a full suite run, on a page script that parses fine).
_AST_RACE = "AST constructor recursion depth mismatch"


def _hit_cpython_ast_race(at: AppTest) -> bool:
    return any(_AST_RACE in element.proto.message for element in at.exception)


def rerun_past_cpython_ast_race(run):
    """``AppTest._run`` (every run: first, rerun, widget change, page switch), made once more from the same state
    and the same widget states when the run ended in :data:`_AST_RACE`, and never for any other error.

    ``tests/conftest.py`` installs it for the whole session; the app's own errors are still seen on the first run.
    """
    @functools.wraps(run)
    def run_once_more_if_raced(self: AppTest, widget_state=None, timeout=None) -> AppTest:
        before = self._tree, self._finished_page_script_hash, dict(self.query_params)
        at = run(self, widget_state, timeout)
        if _hit_cpython_ast_race(at):
            self._tree, self._finished_page_script_hash, self.query_params = before
            at = run(self, widget_state, timeout)
        return at

    return run_once_more_if_raced


def map_figures(at: AppTest) -> list[dict]:
    """The page's token maps, as the figures the browser draws (``data``, ``layout``, ``config``, ``view``).

    Rebuilt from what the map component receives, as its script does (``dashboard/maps/token_map_component``):
    the JSON ``spec`` and the Arrow ``points``; each point trace gets its rows' ``x``, ``y`` (``z``) grid steps,
    ``text``, ``customdata`` ``(n, 2)`` (id, norm) and, coloured by norm or id, ``marker.color`` steps.
    """
    return [component_figure(element.proto) for element in at.get("component_instance")
            if element.proto.component_name.endswith(".token_map")]


def component_figure(proto) -> dict:
    """A ``ComponentInstance`` proto of the token map component as the figure it draws (see :func:`map_figures`)."""
    import json

    import numpy as np
    import pyarrow as pa

    spec = json.loads(proto.json_args)["spec"]
    points = next(arg.bytes for arg in proto.special_args if arg.key == "points")
    table = pa.ipc.open_stream(points).read_all()
    columns = {name: table[name].to_numpy() for name in table.column_names}
    traces = []
    for trace in spec["data"]:
        trace = dict(trace)
        rows = trace.pop("rows", None)
        if rows is not None:
            part = slice(*rows)
            trace.update({axis: columns[axis][part] for axis in "xyz" if axis in columns})
            trace["text"] = columns["text"][part].tolist()
            trace["customdata"] = np.column_stack([columns["id"][part], columns["norm"][part]])
            if "colour" in columns:
                trace["marker"] = {**trace["marker"], "color": columns["colour"][part]}
        traces.append(trace)
    return {"data": traces, "layout": spec["layout"], "config": spec["config"], "view": spec["view"]}


def map_points(figure: dict) -> int:
    """Points of a map figure (each point trace's ``text`` holds one token a point; legend entries none)."""
    return sum(len(trace["text"]) for trace in figure["data"] if "customdata" in trace)


def map_rows(figure: dict):
    """The points of a 2D map figure as a frame: ``id``, ``x``, ``y`` in projection units (to half a grid step,
    ``step``), ``highlighted`` (drawn larger, on top), one row per point."""
    import numpy as np
    import pandas as pd

    from dashboard.maps.chart import HIGHLIGHT_SIZE

    layout, parts = figure["layout"], []
    for trace in (trace for trace in figure["data"] if "customdata" in trace):
        part = pd.DataFrame({"id": np.asarray(trace["customdata"])[:, 0].astype(int),
                             "highlighted": trace["marker"]["size"] == HIGHLIGHT_SIZE})
        for axis in "xy":
            grid, shown = layout[f"{axis}axis"]["range"], layout[f"{axis}axis2"]["range"]
            step = (shown[1] - shown[0]) / (grid[1] - grid[0])
            part[axis] = shown[0] + (np.asarray(trace[axis]).astype(float) - grid[0]) * step
        part["step"] = step
        parts.append(part)
    return pd.concat(parts, ignore_index=True).sort_values("id", ignore_index=True)
