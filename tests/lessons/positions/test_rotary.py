"""Rotary frequencies (parity with transformers) and the RoFormer long-term decay."""

import numpy as np
import pandas as pd
import pytest

from dashboard.lessons.positions.rotary import (
    describe_bound,
    rotary_decay_frame,
    rotary_frequencies,
    rotary_frequency_frame,
    rotary_head_dim,
)
from dashboard.errors import QueryError


def test_frequencies_match_transformers_llama():
    from transformers import LlamaConfig
    from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding

    config = LlamaConfig(hidden_size=256, num_attention_heads=4, rope_parameters={"rope_type": "default",
                                                                                 "rope_theta": 500000.0})
    inv_freq, _ = LlamaRotaryEmbedding.compute_default_rope_parameters(config)
    np.testing.assert_allclose(rotary_frequencies(64, 500000.0), inv_freq.numpy(), rtol=1e-6)


def test_head_dim_from_config_and_errors():
    assert rotary_head_dim(576, 9) == 64
    assert rotary_head_dim(576, 9, head_dim=128) == 128
    for args in [(576, None), (100, 3), (60, 4)]:  # unknown heads, not a divisor, odd head width (15)
        with pytest.raises(QueryError):
            rotary_head_dim(*args)


def test_frequency_frame_counts_pairs_that_never_turn_within_the_context():
    frame = rotary_frequency_frame(64, 10000.0, context_length=2048)
    assert len(frame) == 32
    np.testing.assert_allclose(frame["wavelength"], 2 * np.pi / frame["frequency"])
    assert frame["full_turn"].iloc[0] and not frame["full_turn"].iloc[-1]  # 2 pi vs ~54,000 positions


def test_decay_starts_at_one_and_falls_with_distance():
    frame = rotary_decay_frame(128, 10000.0, 512)
    bound = frame[frame["curve"] == "RoFormer bound"].set_index("distance")["value"]
    same = frame[frame["curve"] == "same vector"].set_index("distance")["value"]
    assert bound[0] == pytest.approx(1.0) and same[0] == pytest.approx(1.0)
    # Figure 2 of RoFormer: the bound falls overall, e.g. to well under half by distance 250.
    assert bound[250] < 0.5 * bound[0] and bound[256:].max() < bound[:16].min()
    assert same.between(-1, 1).all() and same[512] < same[1]
    # Brute force of S_j at one distance.
    theta = rotary_frequencies(128, 10000.0)
    s = np.abs(np.cumsum(np.exp(1j * 37 * theta)))
    assert bound[37] == pytest.approx(s.mean() / np.arange(1, 65).mean())


def test_bound_shape_finds_smollm2s_low_point_and_the_rise_after_it():
    # SmolLM2-135M: head_dim 64, rope_theta 100,000, context 8,192; the bound is lowest near 7,700, then rises.
    frame = rotary_decay_frame(64, 100000.0, 8192)
    bound = frame[frame["curve"] == "RoFormer bound"]["value"].to_numpy()
    shape = describe_bound(frame)
    assert shape.lowest_distance == int(np.argmin(bound)) and 7_500 < shape.lowest_distance < 7_900
    assert shape.lowest_value == pytest.approx(bound.min())
    assert bound[shape.rise_to] - bound[shape.rise_from] == pytest.approx(shape.rise) and shape.rise > 0.1
    assert shape.rise_from < shape.rise_to
    assert all(bound[j] - bound[:j].min() <= shape.rise + 1e-12 for j in range(1, len(bound), 97))


def test_bound_shape_of_a_falling_curve_has_no_rise():
    distance = np.arange(5)
    frame = pd.DataFrame({"distance": distance, "curve": "RoFormer bound", "value": 1.0 / (1 + distance)})
    shape = describe_bound(frame)
    assert (shape.lowest_distance, shape.rise) == (4, 0.0)
