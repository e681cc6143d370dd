"""What the server does before its first connection: the pages' imports, the cluster, the wall's templates and the
prepared models, so the first student finds them done.

``streamlit run app.py`` serves the ``st.App`` named ``app`` with uvicorn, which runs the app's lifespan before any
request (Streamlit 1.67: ``streamlit/web/server/app_discovery.py``, ``App._combined_lifespan``). The router still calls
the same starters on every run; each starts once per process.
"""

from __future__ import annotations

import ast
import asyncio
import importlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_LOG = logging.getLogger(__name__)


def page_imports() -> list[str]:
    """The library modules the router and pages import by name (``from dashboard.x import y``), in file order, read
    from their source (nothing runs), so a new page's imports are warmed without a list to keep."""
    from dashboard.ui.navigation import PAGES

    names: dict[str, None] = {}
    for script in [ROOT / "app.py", *(ROOT / spec.path for spec in PAGES)]:
        for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("dashboard"):
                names[node.module] = None
    return list(names)


def prepare_server() -> None:
    """Import :func:`page_imports`, start the cluster and the wall's templates, and load the prepared models,
    blocking until they are cached. Never raises: a failure is logged, and the pages that need it show the error."""
    for name in page_imports():
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - the page that imports it shows the error in its own run
            _LOG.exception("server start: %s does not import; the pages that import it will show why", name)
    try:
        from dashboard.ui.loading import start_wall_templates
        from dashboard.maps.view_requests import start_heavy_work
        from dashboard.ui.prepared_models import start_loading_prepared

        start_heavy_work()
        start_wall_templates()
        loading = start_loading_prepared()
    except Exception:  # noqa: BLE001 - the router calls the same starters at every run
        _LOG.exception("server start: the background work did not start; the first page's run starts it")
        return
    if loading is not None:
        loading.join()


@asynccontextmanager
async def ready_server(_app: object) -> AsyncIterator[None]:
    """``st.App``'s lifespan: :func:`prepare_server` on a thread (the event loop stays free), then serve."""
    await asyncio.to_thread(prepare_server)
    yield
