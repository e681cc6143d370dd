"""Embedding Table Explorer: the router. Page config, shared sidebar, navigation; nothing else."""

import streamlit as st

from dashboard.ui.projection_jobs import start_umap_warmup
from dashboard.ui.sidebar import render_sidebar

st.set_page_config(page_title="Embedding Table Explorer", page_icon=":material/grid_on:", layout="wide")

navigation = st.navigation([
    st.Page("pages/overview.py", title="Overview", icon=":material/table_chart:", default=True),
    st.Page("pages/token_map.py", title="Token map", icon=":material/scatter_plot:"),
    st.Page("pages/neighbours.py", title="Nearest neighbours", icon=":material/hub:"),
    st.Page("pages/similarity.py", title="Similarity heatmap", icon=":material/grid_view:"),
])
start_umap_warmup()
render_sidebar()
navigation.run()
