"""Custom axes: unit directions from queries, centred dot products, the cosine between the axes."""

import math

import numpy as np
import pytest

from dashboard.analysis.queries import TermResolver
from dashboard.errors import QueryError
from dashboard.maps.custom_axes import (
    AxisQueries,
    axis_direction,
    custom_axes_projection,
    project_on_axes,
)
from tests.map_fixtures import tables_of

WORDS = ["he", "she", "king", "queen"]
#: he, she, king, queen: mean row (0.25, 0.5, 0.5).
TABLE = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 1, 1]], np.float32)
ROOT2 = math.sqrt(2)


def resolver(table=TABLE):
    return TermResolver(tables_of(table, WORDS), None)


def test_a_direction_is_the_unit_vector_from_start_to_end():
    np.testing.assert_allclose(axis_direction(np.zeros(3), np.array([3.0, 4.0, 0.0]), "x"), [0.6, 0.8, 0.0])


def test_two_equal_ends_have_no_direction():
    with pytest.raises(QueryError, match="the y axis has no direction"):
        axis_direction(np.ones(3), np.ones(3), "y")


def test_rows_are_centred_then_projected():
    coords = project_on_axes(np.array([[1, 0], [3, 0], [2, 3]], np.float32), np.eye(2))
    np.testing.assert_array_equal(coords, [[-1, -1], [1, -1], [0, 2]])
    assert coords.dtype == np.float32


def test_he_she_by_king_queen_gives_the_expected_coordinates_and_cosine():
    axes = custom_axes_projection(TABLE, "token", AxisQueries("he", "she", "king", "queen"), resolver())
    # x along (she - he) / sqrt 2 = (-1, 1, 0) / sqrt 2; y along (queen - king) = (0, 1, 0).
    np.testing.assert_allclose(axes.coords[:, 0], [-1.25 / ROOT2, 0.75 / ROOT2, -0.25 / ROOT2, 0.75 / ROOT2],
                               rtol=1e-6)
    np.testing.assert_allclose(axes.coords[:, 1], [-0.5, 0.5, -0.5, 0.5], rtol=1e-6)
    assert axes.cosine == pytest.approx(1 / ROOT2)
    np.testing.assert_allclose(np.linalg.norm(axes.directions, axis=1), [1.0, 1.0])
    # The distance between the two ends along x is the distance between their vectors.
    assert axes.coords[1, 0] - axes.coords[0, 0] == pytest.approx(ROOT2)
    assert axes.titles == ("he → she", "king → queen")
    assert axes.dims == 2 and axes.n_placed == 4 and axes.method == "axes"
    described = axes.describe()
    assert "he → she" in described and "mean row" in described and "not normalised" in described
    assert "+0.707" in described
    np.testing.assert_allclose(axes.ends, [-1.25 / ROOT2, 0.75 / ROOT2, -0.5, 0.5])
    assert axes.describe_ends() == ("On x, he lies at -0.884 and she at 0.530; on y, king lies at -0.500 and queen "
                                    "at 0.500.")


def test_an_end_may_be_an_expression():
    # queen - she + he = (1, 0, 1): the axis from he to it is (0, 0, 1), so x is the centred third column.
    axes = custom_axes_projection(TABLE, "token", AxisQueries("he", "queen - she + he", "king", "queen"), resolver())
    np.testing.assert_allclose(axes.coords[:, 0], [-0.5, -0.5, 0.5, 0.5], atol=1e-7)
    np.testing.assert_allclose(axes.ends[:2], [-0.5, 0.5])  # the expression's vector (1, 0, 1), centred
    assert axes.titles[0] == "he → queen - she + he"
    assert axes.cosine == pytest.approx(0.0, abs=1e-12)


def test_the_output_head_uses_its_own_rows():
    head = TABLE[:, [1, 0, 2]]  # the head swaps the first two columns: he = (0, 1, 0), she = (1, 0, 0)
    axes = custom_axes_projection(head, "head", AxisQueries("he", "she", "king", "queen"), resolver())
    np.testing.assert_allclose(axes.directions[0], [1 / ROOT2, -1 / ROOT2, 0])
    # With the token table's direction he would land on the positive side; with the head's it lands where it should.
    np.testing.assert_allclose(axes.coords[:, 0], [-1.25 / ROOT2, 0.75 / ROOT2, -0.25 / ROOT2, 0.75 / ROOT2],
                               rtol=1e-6)


@pytest.mark.parametrize("queries, table_name, fragment", [
    (AxisQueries("he", "she", "king", "queen"), "position", "no token rows"),
    (AxisQueries("he", " ", "king", "queen"), "token", "x_to is empty"),
    (AxisQueries("he", "he", "king", "queen"), "token", "the x axis has no direction"),
    (AxisQueries("he", "she", "king", "castle"), "token", "castle"),
])
def test_unusable_queries_are_refused_with_a_reason(queries, table_name, fragment):
    with pytest.raises(QueryError, match=fragment):
        custom_axes_projection(TABLE, table_name, queries, resolver())


def test_large_tables_are_projected_in_blocks_like_one_block(monkeypatch):
    import dashboard.maps.custom_axes as module

    table = np.random.default_rng(0).standard_normal((1000, 16)).astype(np.float32)
    directions = np.linalg.qr(np.random.default_rng(1).standard_normal((16, 2)))[0].T
    whole = project_on_axes(table, directions)
    monkeypatch.setattr(module, "BLOCK_ROWS", 64)
    np.testing.assert_allclose(project_on_axes(table, directions), whole, atol=1e-6)
    expected = (table.astype(np.float64) - table.mean(axis=0, dtype=np.float64)) @ directions.T
    np.testing.assert_allclose(whole, expected, atol=1e-5)
