"""The Positions page: what a position table holds, and what a model without one does instead.

Analysis: :mod:`.structure` (summary, shared with the CLI), :mod:`.offsets`, :mod:`.closeness`, :mod:`.spectrum`,
:mod:`.trajectory`, :mod:`.subspaces`, :mod:`.shift`, :mod:`.rotary`. Charts: :mod:`.shift_chart`,
:mod:`.rotary_chart` (shared ones in :mod:`dashboard.charts.positions`). Words and drawing: :mod:`.text`,
:mod:`.thinning`. Page side: :mod:`.view_frames`, :mod:`.view_shift`, :mod:`.view_rotary`.
"""
