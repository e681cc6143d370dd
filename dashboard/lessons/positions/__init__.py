"""The Positions page: what a position table holds, and what a model without one does instead.

Analysis: :mod:`.structure` (a learned table's measures, shared with the CLI), :mod:`.shift`, :mod:`.rotary`.
Charts: :mod:`.charts` (shared ones in :mod:`dashboard.charts.positions`). Words and drawing: :mod:`.text`,
:mod:`.thinning`. Page side: :mod:`.view_frames`, :mod:`.view_shift`, :mod:`.view_rotary`.
"""
