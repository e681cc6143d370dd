"""English ordinals: the suffix of every ending, and a percentile named in both languages."""

import pytest

from dashboard.i18n import render
from dashboard.i18n.ordinals import name_percentile, ordinal_suffix


@pytest.mark.parametrize("number, suffix", [
    (0, "th"), (1, "st"), (2, "nd"), (3, "rd"), (4, "th"), (10, "th"), (11, "th"), (12, "th"), (13, "th"),
    (14, "th"), (21, "st"), (22, "nd"), (23, "rd"), (99, "th"), (101, "st"), (111, "th"), (112, "th"),
    (113, "th"), (1002, "nd"), (2.0, "nd"), (2.5, "th"), (1.5, "th"),
])
def test_the_suffix_follows_the_last_two_digits(number, suffix):
    assert ordinal_suffix(number) == suffix


@pytest.mark.parametrize("percentile, english", [(2.0, "2nd percentile"), (1, "1st percentile"),
                                                 (3, "3rd percentile"), (11, "11th percentile"),
                                                 (12.0, "12th percentile"), (2.5, "2.5th percentile")])
def test_a_percentile_is_named_with_its_ordinal_in_english_and_its_number_in_korean(percentile, english):
    named = name_percentile(percentile)
    assert render(named, "en") == english == str(named)
    assert render(named, "ko") == f"{percentile:g} 백분위수"
