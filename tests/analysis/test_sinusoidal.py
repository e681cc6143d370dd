"""The sinusoidal reference table against the paper's formula and transformers' implementation."""

import math

import numpy as np
import pytest
import torch

from dashboard.analysis.sinusoidal import sinusoidal_frequencies, sinusoidal_table


@pytest.mark.parametrize("n_positions, d_model", [(7, 8), (33, 6), (5, 9)])
def test_matches_the_formula_entry_by_entry(n_positions, d_model):
    table = sinusoidal_table(n_positions, d_model)
    assert table.shape == (n_positions, d_model) and table.dtype == np.float32
    for pos in range(n_positions):
        for i in range(d_model):
            angle = pos / 10000 ** (2 * (i // 2) / d_model)  # PE(pos, 2i) = sin, PE(pos, 2i+1) = cos
            expected = math.sin(angle) if i % 2 == 0 else math.cos(angle)
            assert table[pos, i] == pytest.approx(expected, abs=1e-6)


def test_parity_with_transformers_distilbert():
    from transformers.models.distilbert.modeling_distilbert import _create_sinusoidal_embeddings

    reference = _create_sinusoidal_embeddings(n_pos=64, dim=48, out=torch.empty(64, 48)).numpy()
    np.testing.assert_allclose(sinusoidal_table(64, 48), reference, atol=1e-6)


def test_rows_have_the_same_norm_and_frequencies_fall_geometrically():
    table = sinusoidal_table(100, 32)
    np.testing.assert_allclose(np.linalg.norm(table, axis=1), math.sqrt(16), rtol=1e-5)
    freqs = sinusoidal_frequencies(32)
    assert freqs[0] == freqs[1] == 1.0
    np.testing.assert_allclose(freqs[2::2] / freqs[:-2:2], 10000 ** (-2 / 32))


def test_rejects_empty_sizes():
    with pytest.raises(ValueError):
        sinusoidal_table(0, 8)
