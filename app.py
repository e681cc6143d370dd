"""Embedding Table Explorer: the router. Page config, shared sidebar, navigation; nothing else."""

import streamlit as st

from dashboard.ui.navigation import build_navigation
from dashboard.ui.page_guard import guard_page
from dashboard.ui.projection_jobs import start_umap_warmup
from dashboard.ui.sidebar import render_sidebar

st.set_page_config(page_title="Embedding Table Explorer", page_icon=":material/grid_on:", layout="wide")

navigation = build_navigation()
start_umap_warmup()
# The last resort on every page: no traceback, the server keeps serving (a failing sidebar spares the page).
with guard_page():
    render_sidebar()
with guard_page():
    navigation.run()
