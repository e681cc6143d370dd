"""Embedding Table Explorer: the router. Page config, shared sidebar, navigation; nothing else."""

import streamlit as st

from dashboard.ui.sidebar import render_sidebar

st.set_page_config(page_title="Embedding Table Explorer", page_icon=":material/grid_on:", layout="wide")

navigation = st.navigation([
    st.Page("pages/overview.py", title="Overview", icon=":material/table_chart:", default=True),
    st.Page("pages/load.py", title="Load a checkpoint", icon=":material/upload_file:"),
])
render_sidebar()
navigation.run()
