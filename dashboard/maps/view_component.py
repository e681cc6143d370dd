"""The Token map's one renderer: a Streamlit custom component drawing the map's plotly figure with plotly.js.

Its built bundle, ``token_map_component/build/``, is committed, so nothing is built on install; after changing
``token_map_component/frontend/``, rebuild it::

    cd dashboard/maps/token_map_component/frontend && npm ci && npm run build
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
    # Declared at each draw, not at import: Streamlit registers a component only inside a script run, and the server
    # imports this module before its first run. Declaring an equal component again is harmless.
    return components.declare_component("token_map", path=str(BUILD))(**kwargs)


def draw_token_map(payload: MapPayload, config: Mapping, messages: Mapping[str, str], key: str) -> np.ndarray:
    """Draw the map of ``payload`` (:func:`~dashboard.maps.wire.map_payload`) and return the rows selected on it.

    ``config`` is plotly.js's config; ``messages`` the component's words in the reader's language (``failed``); a new
    ``key`` (another view) starts with no selection. Returns ``(n_selected,)`` int64 row ids, sorted: clicked, boxed or
    lassoed in 2D, clicked in 3D.
    """
    value = _token_map(points=payload.points, spec={**payload.spec, "config": dict(config),
                                                    "messages": dict(messages)}, key=key, default=None)
    return selected_ids(value, payload)
