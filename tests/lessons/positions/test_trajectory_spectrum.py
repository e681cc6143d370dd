"""PCA trajectory, per-dimension frames and their spectra."""

import numpy as np
import pytest

from dashboard.analysis.sinusoidal import sinusoidal_table
from dashboard.lessons.positions.structure import (dimension_frame, pca_trajectory, spectrum_frame,
                                                   top_variance_dimensions)
from dashboard.errors import QueryError


def test_a_rotated_helix_lives_in_three_components():
    t = np.arange(200)
    helix = np.stack([np.cos(t / 10), np.sin(t / 10), t / 100, np.zeros_like(t, dtype=float)], axis=1)
    path = pca_trajectory(helix @ np.linalg.qr(np.random.default_rng(0).normal(size=(4, 4)))[0])
    assert list(path.points.columns) == ["position", "pc1", "pc2", "pc3"]
    assert path.points["position"].tolist() == list(range(200))
    assert path.explained["cumulative"].iloc[2] == pytest.approx(1.0, abs=1e-9)
    assert path.explained["explained_variance_ratio"].is_monotonic_decreasing
    ratios = path.explained["explained_variance_ratio"]
    assert len(ratios) == 4 and ratios.iloc[3] == pytest.approx(0.0, abs=1e-12)  # the 4th axis is empty


def test_trajectory_clips_components_to_a_small_table():
    path = pca_trajectory(np.random.default_rng(0).normal(size=(5, 2)))
    assert list(path.points.columns) == ["position", "pc1", "pc2"] and len(path.explained) == 2


def test_spectrum_peaks_at_the_sine_frequency_with_its_amplitude():
    n, period, amplitude = 256, 16, 0.3
    t = np.arange(n)
    table = np.stack([amplitude * np.sin(2 * np.pi * t / period), np.zeros(n), t / n], axis=1)
    spectrum = spectrum_frame(table, [0, 1])
    sine = spectrum[spectrum["dimension"] == 0]
    peak = sine.loc[sine["amplitude"].idxmax()]
    assert peak["frequency"] == pytest.approx(1 / period) and peak["period"] == pytest.approx(period)
    assert peak["amplitude"] == pytest.approx(amplitude)
    assert spectrum[spectrum["dimension"] == 1]["amplitude"].max() == pytest.approx(0.0)
    assert spectrum["frequency"].between(0, 0.5, inclusive="right").all()


def test_sinusoidal_columns_peak_where_the_formula_says():
    n, d = 1024, 64
    spectrum = spectrum_frame(sinusoidal_table(n, d), [4])  # pair 2: 10000^(-4/64) rad / position
    expected = 10000 ** (-4 / 64) / (2 * np.pi)
    peak = spectrum.loc[spectrum["amplitude"].idxmax(), "frequency"]
    assert abs(peak - expected) <= 1 / n


def test_dimension_frame_and_top_variance():
    table = np.array([[0.0, 1.0, 5.0], [0.0, 2.0, -5.0], [0.0, 3.0, 5.0]])
    assert top_variance_dimensions(table, 2) == [2, 1]
    frame = dimension_frame(table, [2, 1, 2])
    assert frame["dimension"].tolist() == [2, 2, 2, 1, 1, 1]
    assert frame["value"].tolist() == [5.0, -5.0, 5.0, 1.0, 2.0, 3.0]
    with pytest.raises(QueryError, match="outside"):
        dimension_frame(table, [3])
