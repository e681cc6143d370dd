"""The Positions page: what a position table holds, and what a model without one does instead.

- Analysis (arrays in, numbers out): :mod:`.structure` (one summary of a learned table, shared with the command
  line's ``positions``), :mod:`.offsets` (mean similarity by offset), :mod:`.closeness` (against the sinusoidal
  table of the same shape), :mod:`.spectrum` (single dimensions and their frequencies), :mod:`.trajectory` (the
  rows' path through PCA), :mod:`.subspaces` (token and position directions shared), :mod:`.shift` (a query and a
  key shifted together), :mod:`.rotary` (RoPE's frequencies and long-term decay).
- Charts: :mod:`.shift_chart`, :mod:`.rotary_chart` (the heatmaps and curves the Training page shares are in
  :mod:`dashboard.charts.positions`).
- Words and drawing: :mod:`.text` (position ranges, what the untrained rows suggest), :mod:`.thinning` (fewer
  points for the browser, same picture).
- Page side: :mod:`.view_frames` (the cached frames), :mod:`.view_shift`, :mod:`.view_rotary` (the two panels).
"""
