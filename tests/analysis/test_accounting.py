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


def test_preset_andrea_is_the_lessons_model():
    from dashboard.analysis.accounting import PRESET_SPECS

    spec = PRESET_SPECS["ANDREA-120M (the lesson)"]
    assert spec == parse_spec(ANDREA)


def test_changing_the_head_keeps_everything_else_and_moves_the_total_by_one_table():
    from dashboard.analysis.accounting import change_head

    untied = parse_spec(ANDREA)
    tied = change_head(untied, "tied")
    before, after = _by_name(parameter_rows(untied)), _by_name(parameter_rows(tied))
    assert after["other"].parameters == before["other"].parameters
    assert before["total"].parameters - after["total"].parameters == 8449 * 768
    assert after["output_head"].parameters == 0 and after["token"].parameters == before["token"].parameters
    assert change_head(tied, "untied") == untied


def test_changing_the_head_of_a_formula_total_follows_the_formula():
    from dashboard.analysis.accounting import change_head

    tied = parse_spec("vocab_size=50257,d_model=768,n_positions=1024,n_layer=12,tied=true")
    assert change_head(tied, "untied").resolved_total() == 124_439_808 + 50257 * 768
    with pytest.raises(SpecError, match="tied, untied or none"):
        change_head(tied, "shared")


@pytest.mark.parametrize("text", [ANDREA, "vocab_size=30522,d_model=384,n_positions=512,n_token_types=2,head=none",
                                  "vocab_size=49152,d_model=576,tied=true,n_layer=30"])
def test_format_spec_is_read_back_by_parse_spec(text):
    from dashboard.analysis.accounting import format_spec

    spec = parse_spec(text)
    assert parse_spec(format_spec(spec)) == spec


@pytest.mark.parametrize("extra, expected", [
    ("", "the token table alone"),  # rotary: no table is added before the first block
    (",n_positions=1024", "token + position:"),
    (",n_positions=512,n_token_types=2", "token + position + token-type:"),
])
def test_the_inputs_row_names_only_the_tables_this_model_adds(extra, expected):
    note = str(_by_name(parameter_rows(parse_spec(f"vocab_size=10,d_model=4,tied=true{extra}")))["embeddings"].note)
    assert note.startswith(expected)
    if not extra:
        assert "position" not in note
