"""Embedding Table Explorer: the router. Page config, shared sidebar, navigation, background work; nothing else.

Streamlit runs this file as ``__main__``. Dask's local workers are spawned processes, and a spawned child first runs
its parent's main script as ``__mp_main__`` (here this file: Streamlit installs it as the server's ``__main__``).
The guard keeps each worker from importing the UI and starting a cluster, a reader and models of its own.

``streamlit run app.py`` also imports this file as the module ``app`` and serves its ``st.App``, whose lifespan
(:func:`dashboard.ui.server_start.ready_server`) readies the server before it takes its first connection.
"""

if __name__ == "__main__":
    from pathlib import Path

    import streamlit as st

    from dashboard.i18n import t
    from dashboard.ui.language import apply_language, render_language_switch
    from dashboard.ui.loading import start_wall_templates
    from dashboard.maps.view_requests import start_heavy_work
    from dashboard.ui.navigation import build_navigation
    from dashboard.ui.page_guard import guard_page
    from dashboard.ui.prepared_models import start_loading_prepared
    from dashboard.ui.sidebar import render_sidebar

    apply_language()  # before anything is titled: the navigation, the sidebar and the page read it
    # A local image: a ":material/..." page icon made every student's browser fetch it from fonts.gstatic.com.
    page_icon = Path(__file__).parent / "dashboard" / "ui" / "page_icon.png"
    st.set_page_config(page_title=t("app.title"), page_icon=str(page_icon), layout="wide")
    navigation = build_navigation()
    start_heavy_work()
    start_wall_templates()
    start_loading_prepared()  # a bundled model prepared before the class: built now, not at its first visit
    # The last resort on every page: no traceback, the server keeps serving (a failing sidebar spares the page).
    with guard_page():
        render_language_switch()
        render_sidebar()
    with guard_page():
        navigation.run()
elif __name__ == "app":
    import streamlit as st

    from dashboard.ui.server_start import ready_server

    app = st.App(__file__, lifespan=ready_server)
