"""One package per lesson page: its analysis (numpy, numbers only), its charts (Altair) and its page side
(``view_*.py``, the only modules here that import Streamlit). No lesson imports another: what two lessons share
lives in :mod:`dashboard.analysis`, :mod:`dashboard.charts` or :mod:`dashboard.ui` (``tests/test_layering.py``).
"""
