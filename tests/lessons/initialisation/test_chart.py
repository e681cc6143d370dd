"""The values-beside-initialisations chart: a curve taller than the chart leaves it, it is not drawn flat along the top."""

import numpy as np

from dashboard.lessons.initialisation.analysis import value_density_frame
from dashboard.lessons.initialisation.chart import value_density_chart


def test_a_curve_above_the_y_domain_is_cut_off_not_clamped_to_a_plateau():
    table = np.random.default_rng(0).normal(0, 0.05, (400, 64)).astype(np.float32)  # N(0, 0.02) peaks at ~19.9
    frame = value_density_frame(table, 64)
    spec = value_density_chart(frame, title="t").to_dict()
    bars, lines = spec["layer"]
    top = bars["encoding"]["y"]["scale"]["domain"][1]
    assert frame[frame["curve"] == "N(0, 0.02)"]["density"].max() > top  # the case: a peak above the chart
    for layer in (bars, lines):
        assert not layer["encoding"]["y"]["scale"].get("clamp", False)
    assert lines["mark"]["clip"] is True
