"""The Token map's one renderer: a Streamlit custom component drawing the map's plotly figure with plotly.js.

The component's sources are in ``token_map_component/frontend/`` (``src/index.js``, ``package.json``,
``package-lock.json``); its built bundle, ``token_map_component/build/`` (``index.html`` and ``token_map.js``:
plotly.js's core with ``scattergl`` and ``scatter3d``, apache-arrow, streamlit-component-lib), is committed, so
nothing is built when the app is installed. Rebuild it after changing the sources::

    cd dashboard/maps/token_map_component/frontend && npm ci && npm run build

The server serves the bundle as static files (cached by the browser); each drawn map sends its points as Arrow
and its styling as JSON (:mod:`dashboard.maps.wire`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

import numpy as np
import streamlit.components.v1 as components

from dashboard.maps.wire import MapPayload, selected_ids

#: The built component (``index.html`` and its script).
BUILD = Path(__file__).with_name("token_map_component") / "build"


def _token_map(**kwargs):
    # Declared at each draw, not at import: Streamlit registers a component only when it is declared inside a script
    # run, and the server imports this module before its first run (dashboard.ui.server_start). Declaring it again
    # registers an equal component (same name, path and module), which Streamlit accepts without a word.
    return components.declare_component("token_map", path=str(BUILD))(**kwargs)


def draw_token_map(payload: MapPayload, config: Mapping, messages: Mapping[str, str], key: str) -> np.ndarray:
    """Draw the map of ``payload`` and return the rows selected on it.

    Args:
        payload: from :func:`~dashboard.maps.wire.map_payload`.
        config: plotly.js's config (modebar, PNG file name, scroll zoom).
        messages: the component's words in the reader's language: ``failed`` (the map could not be drawn).
        key: the element's key; a new key (another view) starts with no selection.

    Returns:
        ``(n_selected,)`` int64 row ids, sorted (:func:`~dashboard.maps.wire.selected_ids`): clicked,
        boxed or lassoed in 2D, clicked in 3D; none before a selection.
    """
    value = _token_map(points=payload.points, spec={**payload.spec, "config": dict(config),
                                                    "messages": dict(messages)}, key=key, default=None)
    return selected_ids(value, payload)
