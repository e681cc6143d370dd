"""Measures of a run's tables over steps, against numbers worked out by hand."""

import numpy as np
import pytest

from dashboard.training.curves import (
    ADJACENT, DISTANCE, HEAD, NORM, POSITION, TOKEN, mean_row_distance, position_cosine, step_measures_frame,
)
from dashboard.errors import ShapeMismatchError
from dashboard.tables import EmbeddingTables, Tying, Vocabulary


def _tables(token, position=None, head=None, n_tokens=None):
    n_tokens = len(token) if n_tokens is None else n_tokens
    return EmbeddingTables(token=token, vocabulary=Vocabulary.placeholder(n_tokens),
                           tying=Tying("untied" if head is not None else "no-head", "test"), source="t",
                           format="test", architecture="gpt2", source_dtype="float32", position=position,
                           position_kind="learned" if position is not None else "none", output_head=head)


def test_mean_row_distance_is_the_mean_of_row_distances():
    start = np.zeros((2, 2))
    assert mean_row_distance(np.array([[3.0, 4.0], [0.0, 1.0]]), start) == pytest.approx(3.0)  # (5 + 1) / 2
    with pytest.raises(ShapeMismatchError, match=r"\(2, 2\).*\(3, 2\)"):
        mean_row_distance(start, np.zeros((3, 2)))


def test_a_zero_position_table_has_no_adjacent_cosine():
    assert position_cosine(np.zeros((4, 3))) is None
    ramp = np.array([[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    assert position_cosine(ramp) == pytest.approx(np.sqrt(0.5))


def test_step_measures_of_three_tables_and_padding_left_out():
    first = _tables(np.ones((3, 2)), position=np.zeros((2, 2)), head=np.zeros((3, 2)), n_tokens=2)
    # token rows move by (3, 4) = distance 5; the padding row (id 2) moves by 100 and must not count
    token = np.array([[4.0, 5.0], [4.0, 5.0], [101.0, 1.0]])
    now = _tables(token, position=np.array([[1.0, 0.0], [1.0, 0.0]]), head=np.zeros((3, 2)), n_tokens=2)
    frame = step_measures_frame(7, now, first).set_index(["table", "measure"])["value"]
    assert frame[(TOKEN, DISTANCE)] == pytest.approx(5.0)
    assert frame[(TOKEN, NORM)] == pytest.approx(np.hypot(4, 5))
    assert frame[(POSITION, ADJACENT)] == pytest.approx(1.0)
    assert frame[(HEAD, DISTANCE)] == 0.0 and frame[(POSITION, DISTANCE)] == pytest.approx(1.0)


def test_step_zero_of_a_zero_position_table_leaves_the_cosine_out():
    first = _tables(np.ones((3, 2)), position=np.zeros((2, 2)))
    frame = step_measures_frame(0, first, first)
    assert ADJACENT not in set(frame["measure"]) and set(frame["step"]) == {0}
    assert (frame.loc[frame["measure"] == DISTANCE, "value"] == 0).all()


def test_checkpoints_with_different_tables_are_refused():
    with pytest.raises(ShapeMismatchError, match="same tables"):
        step_measures_frame(1, _tables(np.ones((3, 2)), head=np.ones((3, 2))), _tables(np.ones((3, 2))))


def test_a_table_that_changed_shape_is_refused_naming_the_step_and_the_table():
    with pytest.raises(ShapeMismatchError, match=r"token table of the checkpoint at step 300 has shape \(5, 2\), "
                                                 r"the first checkpoint's has shape \(3, 2\)"):
        step_measures_frame(300, _tables(np.ones((5, 2))), _tables(np.ones((3, 2))))
