"""The shift experiment's arithmetic: rotary scores keep m - n only; summed position rows do not."""

import numpy as np
import pytest

from dashboard.lessons.positions.shift import (
    distance_score_frame,
    rotary_scorer,
    rotate_pairs,
    shift_scores,
    sinusoidal_rows,
    sum_parts,
    sum_scorer,
)
from dashboard.lessons.positions.rotary import DEFAULT_ROPE_THETA, read_rotary_settings, rotary_frequencies
from dashboard.analysis.sinusoidal import sinusoidal_table

HEAD = 64
INV_FREQ = rotary_frequencies(HEAD, 100_000.0)  # SmolLM2's base


def _rng():
    return np.random.default_rng(0)


def _pair():
    rng = _rng()
    return rng.standard_normal(HEAD), rng.standard_normal(HEAD)


def test_rotation_matches_transformers_apply_rotary_pos_emb_on_the_same_pairs():
    # transformers' Llama rotates dimension i with i + head_dim/2; ours rotates 2i with 2i+1. Laying our pairs out
    # as its halves (evens first, then odds) must give its result exactly.
    torch = pytest.importorskip("torch")
    from transformers.models.llama.modeling_llama import apply_rotary_pos_emb

    q, k = _pair()
    positions = np.array([0, 1, 7, 300, 8191])
    halves = np.r_[0:HEAD:2, 1:HEAD:2]
    freqs = positions[:, None] * INV_FREQ[None, :]
    cos = torch.tensor(np.cos(np.concatenate([freqs, freqs], axis=1)))[None]
    sin = torch.tensor(np.sin(np.concatenate([freqs, freqs], axis=1)))[None]
    as_batch = lambda v: torch.tensor(np.repeat(v[halves][None, :], len(positions), 0))[None, None]  # (1, 1, P, D)
    q_hf, k_hf = apply_rotary_pos_emb(as_batch(q), as_batch(k), cos, sin)
    np.testing.assert_allclose(rotate_pairs(q, positions, INV_FREQ)[:, halves], q_hf[0, 0].numpy(), atol=1e-12)
    np.testing.assert_allclose(rotate_pairs(k, positions, INV_FREQ)[:, halves], k_hf[0, 0].numpy(), atol=1e-12)


def test_rotation_keeps_length_and_partial_rotary_leaves_the_rest_alone():
    x = _rng().standard_normal(HEAD)
    rotated = rotate_pairs(x, np.array([0, 5, 4000]), INV_FREQ[:8])  # 16 of 64 dimensions rotate
    np.testing.assert_allclose(rotated[0], x)  # position 0: no turn
    np.testing.assert_allclose(np.linalg.norm(rotated, axis=1), np.linalg.norm(x))
    np.testing.assert_array_equal(rotated[:, 16:], np.broadcast_to(x[16:], (3, HEAD - 16)))
    assert not np.allclose(rotated[1, :16], x[:16])
    with pytest.raises(ValueError, match="do not fit"):
        rotate_pairs(x[:8], np.array([1]), INV_FREQ)


@pytest.mark.parametrize("dtype, tolerance", [(np.float64, 1e-12), (np.float32, 1e-5)])
def test_rotary_score_is_the_same_after_any_shift(dtype, tolerance):
    q, k = _pair()
    scale = np.linalg.norm(q) * np.linalg.norm(k)
    for m, n, shift in [(5, 2, 100), (0, 0, 8191), (8000, 10, 150), (3, 900, 7000)]:
        scores = shift_scores(rotary_scorer(q, k, INV_FREQ, dtype), m, n, shift)
        assert abs(scores.difference) <= tolerance * scale, (m, n, shift, scores)
        assert scores.difference == scores.after - scores.before


def test_rotary_score_changes_with_m_minus_n_and_equals_the_relative_rotation():
    q, k = _pair()
    score = rotary_scorer(q, k, INV_FREQ)
    by_distance = score(np.arange(10, 20), np.full(10, 10))
    assert np.ptp(by_distance) > 0.01 * np.linalg.norm(q) * np.linalg.norm(k)  # the distance moves it
    # q . R(n - m) k with one complex number per pair, Re(sum q_c conj(k_c) e^(i (m - n) theta)): RoFormer eq. 16.
    qc, kc = q[0::2] + 1j * q[1::2], k[0::2] + 1j * k[1::2]
    closed = [np.real(np.sum(qc * np.conj(kc) * np.exp(1j * d * INV_FREQ))) for d in range(10)]
    np.testing.assert_allclose(by_distance, closed, atol=1e-12)


def test_a_learned_table_sum_moves_with_the_shift_in_every_part():
    rng = _rng()
    a, b = rng.standard_normal(32), rng.standard_normal(32)
    table = rng.standard_normal((48, 32)) * 0.5
    scores = shift_scores(sum_scorer(a, b, table), 5, 2, 30)
    assert abs(scores.difference) > 0.1
    before, after = sum_parts(a, b, table, 5, 2), sum_parts(a, b, table, 35, 32)
    assert before.token_token == after.token_token
    assert abs(after.position_position - before.position_position) > 0.1
    assert sum(before) == pytest.approx(scores.before)
    assert sum(after) == pytest.approx(scores.after)


def test_the_sinusoidal_sum_moves_though_its_position_part_does_not():
    rng = _rng()
    a, b = rng.standard_normal(64), rng.standard_normal(64)
    table = sinusoidal_rows(np.arange(400), 64)
    scores = shift_scores(sum_scorer(a, b, table), 7, 3, 250)
    assert abs(scores.difference) > 0.1
    before, after = sum_parts(a, b, table, 7, 3), sum_parts(a, b, table, 257, 253)
    assert after.position_position == pytest.approx(before.position_position, abs=1e-9)  # sum_i cos((m - n) w_i)
    assert after.token_position - before.token_position == pytest.approx(scores.difference)


def test_sinusoidal_rows_are_the_reference_table_rows():
    positions = np.array([0, 3, 47, 511])
    np.testing.assert_allclose(sinusoidal_rows(positions, 30), sinusoidal_table(512, 30)[positions], atol=1e-6)


def test_widths_that_disagree_are_refused_with_both_shapes():
    with pytest.raises(ValueError, match=r"\(8,\).*\(4, 6\)"):
        sum_scorer(np.zeros(8), np.zeros(8), np.zeros((4, 6)))
    with pytest.raises(ValueError, match=r"\(8,\).*\(6,\)"):
        rotary_scorer(np.zeros(8), np.zeros(6), INV_FREQ[:4])


def test_distance_frame_has_both_lines_inside_the_positions_and_they_coincide_for_rotary_only():
    q, k = _pair()
    distances = np.arange(-5, 6)
    rotary = distance_score_frame(rotary_scorer(q, k, INV_FREQ), 2, 40, distances, last=45)
    assert set(rotary["pair"]) == {"(m, n)", "(m + k, n + k)"}
    assert rotary["query"].between(0, 45).all() and (rotary["query"] - rotary["key"] == rotary["distance"]).all()
    shifted = rotary[rotary["pair"] == "(m + k, n + k)"]
    assert shifted["distance"].tolist() == list(range(-5, 4))  # the key at 42: queries up to 45 only
    lines = rotary.pivot(index="distance", columns="pair", values="score").dropna()
    np.testing.assert_allclose(lines["(m, n)"], lines["(m + k, n + k)"], atol=1e-12)

    table = _rng().standard_normal((46, HEAD))
    learned = distance_score_frame(sum_scorer(q, k, table), 2, 40, distances, last=45)
    lines = learned.pivot(index="distance", columns="pair", values="score").dropna()
    assert np.abs(lines["(m, n)"] - lines["(m + k, n + k)"]).max() > 0.1
    assert distance_score_frame(sum_scorer(q, k, table), 2, 50, distances, last=45)["pair"].unique().tolist() == [
        "(m, n)"]  # the shifted key is past the table: no second line


def test_rotary_settings_fall_back_to_the_default_base_and_say_so():
    settings = read_rotary_settings(576, {"n_head": 9, "rope_theta": 100000.0})
    assert settings == (64, 64, 100000.0, False)
    assumed = read_rotary_settings(64, {"n_head": 2, "rotary_fraction": 0.25})
    assert assumed == (32, 8, DEFAULT_ROPE_THETA, True)
