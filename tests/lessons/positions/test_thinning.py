"""Thinning long series for drawing keeps what the eye looks for: extremes, peaks, order, flagged rows."""

import numpy as np
import pandas as pd
import pytest

from dashboard.lessons.positions.thinning import thin_lines, thinning_note


def _lines(n: int, dims=(0, 1)) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    return pd.DataFrame({
        "position": np.tile(np.arange(n), len(dims)),
        "dimension": np.repeat(dims, n),
        "value": rng.standard_normal(n * len(dims)),
    })


def test_short_lines_are_returned_untouched():
    frame = _lines(100)
    result = thin_lines(frame, x="position", y="value", by=["dimension"], max_points=500)
    assert result.frame is frame and not result.thinned and result.stride == 1
    assert thinning_note([("dims", result)]) is None


def test_envelope_keeps_every_spike_and_bounds_the_points_per_line():
    frame = _lines(20_000)
    frame.loc[(frame.dimension == 1) & (frame.position == 12_345), "value"] = 50.0  # one spike
    frame.loc[(frame.dimension == 0) & (frame.position == 777), "value"] = -50.0
    result = thin_lines(frame, x="position", y="value", by=["dimension"], max_points=400)
    kept = result.frame
    assert result.thinned and result.rows_per_line == 20_000 and result.rows_before == 40_000
    assert kept.groupby("dimension").size().max() <= 400
    assert kept.value.max() == 50.0 and kept.value.min() == -50.0
    for dim, line in frame.groupby("dimension"):
        drawn = kept[kept.dimension == dim]
        assert drawn.value.max() == line.value.max() and drawn.value.min() == line.value.min()
        assert drawn.position.is_monotonic_increasing


def test_peaks_on_a_log_axis_keep_every_low_frequency_and_the_peak():
    n = 16_384
    frequency = np.fft.rfftfreq(n)[1:]
    amplitude = np.full(frequency.size, 0.01)
    amplitude[-3000] = 1.0  # a peak among the crowded high frequencies
    frame = pd.DataFrame({"dimension": 0, "frequency": frequency, "amplitude": amplitude})
    result = thin_lines(frame, x="frequency", y="amplitude", by=["dimension"], keep="max", max_points=256,
                        log_x=True)
    assert result.thinned and len(result.frame) <= 256
    assert set(frequency[:20]) <= set(result.frame.frequency)  # sparse on a log axis: all kept
    assert result.frame.amplitude.max() == 1.0


def test_stride_keeps_order_first_and_last():
    frame = pd.DataFrame({"position": np.arange(5000), "pc1": np.arange(5000.0), "pc2": 0.0})
    result = thin_lines(frame, x="position", keep="stride", max_points=100)
    positions = result.frame.position.to_numpy()
    assert positions[0] == 0 and positions[-1] == 4999 and len(positions) <= 101
    assert np.all(np.diff(positions) > 0)
    assert np.all(np.diff(positions[:-1]) == result.stride)


def test_flagged_rows_are_always_drawn():
    frame = pd.DataFrame({"position": np.arange(10_000), "norm": 1.0, "untrained": False})
    frame.loc[[3, 4, 5, 9_000], "untrained"] = True
    result = thin_lines(frame, x="position", y="norm", always="untrained", max_points=50)
    assert {3, 4, 5, 9_000} <= set(result.frame.position)
    assert "10,000 points drawn as" in thinning_note([("row norms", result)])


@pytest.mark.parametrize("kwargs", [{"keep": "mean", "y": "value"}, {"keep": "minmax"}, {"max_points": 1, "y": "v"}])
def test_bad_arguments_are_refused(kwargs):
    with pytest.raises(ValueError):
        thin_lines(_lines(10), x="position", **kwargs)


def test_log_blocks_refuse_x_that_has_no_logarithm():
    # log(0) = -inf made every block index NaN: the whole spectrum came back as one point, silently.
    frame = pd.DataFrame({"frequency": np.linspace(0.0, 0.5, 5000), "amplitude": np.linspace(1.0, 2.0, 5000)})
    for rows in (frame, frame.head(10)):  # refused whether or not the line is long enough to thin
        with pytest.raises(ValueError, match="log_x needs x > 0"):
            thin_lines(rows, x="frequency", y="amplitude", keep="max", log_x=True)


def test_the_note_names_only_the_ways_of_thinning_used_on_the_page():
    lines = thin_lines(_lines(5_000), x="position", y="value", by=["dimension"], max_points=100)
    note = thinning_note([("decay", lines)])
    assert "lowest and highest point" in note
    assert "Spectra" not in note and "Trajectories" not in note  # a rotary page draws neither
    spectrum = pd.DataFrame({"frequency": np.arange(1, 5_001), "amplitude": np.random.default_rng(1).random(5_000)})
    peaks = thin_lines(spectrum, x="frequency", y="amplitude", keep="max", log_x=True, max_points=100)
    path = thin_lines(_lines(5_000, dims=(0,)), x="position", keep="stride", max_points=100)
    untouched = thin_lines(_lines(50), x="position", y="value", max_points=100)
    both = thinning_note([("spectrum", peaks), ("path", path), ("short", untouched)])
    assert "Spectra keep each block's peak." in both and "Trajectories keep every block's first point." in both
    assert "lowest and highest" not in both and "short" not in both  # untouched charts add neither part nor rule


def test_the_note_reads_in_korean_with_the_same_parts():
    from dashboard.i18n import use_language

    lines = thin_lines(_lines(5_000), x="position", y="value", by=["dimension"], max_points=100)
    use_language("ko")
    try:
        note = thinning_note([("decay", lines)])
    finally:
        use_language("en")
    assert "가장 낮은 점과 가장 높은 점" in note and "스펙트럼" not in note and "궤적" not in note
