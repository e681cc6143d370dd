"""What the Positions page says about untrained rows, including the degenerate tables."""

from dashboard.lessons.positions.text import describe_untrained, format_position_ranges


def test_all_rows_untrained_suggests_no_context_length():
    verdict = describe_untrained(list(range(64)), 0, 64)
    assert verdict.alarming and verdict.text.startswith("All 64 positions look untrained")
    assert "context" not in verdict.text and "0 positions" not in verdict.text


def test_untrained_tail_suggests_the_training_context():
    verdict = describe_untrained([3] + list(range(40, 64)), 40, 64)
    assert verdict.text == ("25 of 64 positions look untrained: 3, 40-63. The run from position 40 to the end "
                            "suggests training used a context of 40 positions.")
    assert describe_untrained([1], 1, 2).text.endswith("a context of 1 position.")


def test_untrained_rows_not_at_the_end_suggest_nothing_about_context():
    verdict = describe_untrained([5, 6], None, 64)
    assert verdict.alarming and verdict.text == "2 of 64 positions look untrained: 5-6."


def test_no_untrained_rows_and_tables_too_short_to_judge():
    assert describe_untrained([], None, 512) == (False, "No position looks untrained: every row is related to its "
                                                        "neighbours or to another row.")
    one = describe_untrained([], None, 1)
    assert not one.alarming and "1 position:" in one.text and "cannot be detected" in one.text


def test_format_position_ranges():
    assert format_position_ranges([]) == "none"
    assert format_position_ranges([9, 3, 7, 8]) == "3, 7-9"
    assert format_position_ranges(list(range(0, 40, 2)), limit=3) == "0, 2, 4, ..."


def test_narrow_table_says_untrained_rows_cannot_be_detected():
    verdict = describe_untrained([], None, 64, d_model=16)
    assert not verdict.alarming and verdict.text.startswith("Untrained rows cannot be detected at d_model = 16")
    at_18 = describe_untrained([], None, 64, d_model=18).text  # 4 / sqrt(18) = 0.943 > the sinusoidal table's 0.941
    assert at_18.startswith("Untrained rows cannot be detected at d_model = 18") and "0.943" in at_18
    assert describe_untrained([], None, 64, d_model=19).text.startswith("No position looks untrained")


def test_a_table_flagged_in_more_than_half_its_rows_looks_untrained_and_suggests_no_context():
    # 126 of 128 rows flagged, the two that passed by chance at 73-74: the run 75-127 is no context length.
    flagged = [p for p in range(128) if p not in (73, 74)]
    verdict = describe_untrained(flagged, 75, 128)
    assert verdict.alarming and verdict.text.startswith("126 of 128 positions look untrained, more than half")
    assert "The 2 rows that pass the test (73-74) say nothing about the context" in verdict.text
    assert "context of" not in verdict.text and "75" not in verdict.text
    one = describe_untrained(list(range(1, 64)), 1, 64).text
    assert "The one row that passes the test (0) says nothing" in one and "context of" not in one
    # exactly half flagged is not "more than half": the tail still suggests a context
    assert describe_untrained(list(range(32, 64)), 32, 64).text.endswith("a context of 32 positions.")
