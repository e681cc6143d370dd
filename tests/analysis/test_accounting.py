"""Parameter accounting from a spec and from tables."""

import pytest

from dashboard.analysis.accounting import format_count, format_share, parameter_rows, parse_spec
from dashboard.errors import SpecError

ANDREA = "vocab_size=8449,d_model=768,n_positions=1024,tied=false,total_parameters=120000000"


def _by_name(rows):
    return {r.name: r for r in rows}


def test_andrea_120m_numbers():
    rows = _by_name(parameter_rows(parse_spec(ANDREA)))
    assert rows["token"].parameters == 6_488_832
    assert rows["position"].parameters == 786_432
    assert rows["embeddings"].parameters == 7_275_264
    assert rows["output_head"].parameters == 6_488_832  # untied: its own matrix
    assert format_share(rows["token"].share) == "5.4%"
    assert format_count(rows["token"].parameters) == "6,488,832"
    assert rows["other"].parameters == 120_000_000 - 7_275_264 - 6_488_832


def test_without_total_there_are_no_shares():
    rows = _by_name(parameter_rows(parse_spec("vocab_size=8449,d_model=768,n_positions=1024,tied=false")))
    assert rows["token"].share is None and rows["total"].parameters is None
    assert format_share(rows["token"].share) == "-"


def test_gpt2_block_formula_gives_published_gpt2_small_size():
    rows = _by_name(parameter_rows(parse_spec("vocab_size=50257,d_model=768,n_positions=1024,n_layer=12,tied=true")))
    assert rows["total"].parameters == 124_439_808
    assert rows["output_head"].parameters == 0


def test_tied_head_adds_nothing():
    rows = _by_name(parameter_rows(parse_spec("vocab_size=10,d_model=4,tied=true,total_parameters=100")))
    assert rows["output_head"].parameters == 0 and rows["output_head"].shape == (10, 4)


@pytest.mark.parametrize("text, message", [
    ("d_model=768", "vocab_size"),
    ("vocab_size=x,d_model=768", "whole number"),
    ("vocab_size=10,d_model=4,colour=red", "unknown spec key"),
    ("vocab_size=10,d_model=4,tied=maybe", "true or false"),
    ("vocab_size=10,d_model=4,total_parameters=5", "smaller than"),
    ("vocab_size=10 d_model=4", "key=value|whole number"),
])
def test_bad_specs_say_what_is_wrong(text, message):
    with pytest.raises(SpecError, match=message):
        parameter_rows(parse_spec(text))


@pytest.mark.parametrize("share, text", [(0.05407, "5.4%"), (1.0, "100.0%"), (0.0, "0.0%"), (3.4e-5, "0.0034%")])
def test_format_share(share, text):
    assert format_share(share) == text
