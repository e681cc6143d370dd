"""The Positions page's shift experiment through AppTest: rotary and learned models, English and Korean."""

import numpy as np
import pytest

from dashboard.lessons.positions.shift import rotary_scorer, shift_scores
from dashboard.lessons.positions.rotary import rotary_frequencies
from dashboard.lessons.positions import view_shift as panel
from tests import factories
from tests.i18n.page_prose import english_runs, page_prose
from tests.pages.app_test import open_app_page
from tests.shared_models import shared_tables

PAGE = "pages/positions.py"
SUBHEADER = "Move both positions by k: which scores stay the same?"


def _open(model, lang="en", **session):
    at = open_app_page(PAGE, model=model, query={"lang": lang}, session=session)
    assert not at.exception, [e.value for e in at.exception]
    return at


def _table(at) -> dict[str, list[str]]:
    """The experiment's table: scheme -> [before, after, difference, relative], as the page shows them."""
    frame = next(df.value for df in at.dataframe if df.value.shape[1] == 5)
    return {row[0]: list(row[1:]) for row in frame.itertuples(index=False)}


def _captions(at, start):
    return [c.value for c in at.caption if c.value.startswith(start)]


@pytest.fixture(scope="module")
def llama(tmp_path_factory):
    return factories.llama_folder(tmp_path_factory.mktemp("llama") / "llama")


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory):
    return factories.gpt2_folder(tmp_path_factory.mktemp("gpt2") / "gpt2")


def test_a_rotary_model_keeps_its_score_and_the_learned_and_sinusoidal_sums_do_not(llama):
    at = _open(llama)
    assert any(h.value == SUBHEADER for h in at.subheader)
    # The factory's 48 positions: the first positions and shift are scaled down so that (m + k, n + k) fits.
    assert [at.number_input(key=key).value for key in (panel.M_KEY, panel.N_KEY, panel.SHIFT_KEY)] == [14, 12, 33]
    assert [t.value for t in at.text_input] == ["#1", "#2"]  # its vocabulary has no words
    table = _table(at)
    assert list(table) == ["Rotary (llama)", "Learned (tiny-gpt-pydocs)", "Sinusoidal reference"]
    assert abs(float(table["Rotary (llama)"][2])) < 1e-15 and table["Rotary (llama)"][0] == table["Rotary (llama)"][1]
    assert abs(float(table["Learned (tiny-gpt-pydocs)"][2])) > 1e-3
    assert abs(float(table["Sinusoidal reference"][2])) > 1e-3
    vectors = next(m.value for m in at.markdown if "**Rotary position embedding (llama)**" in m.value)
    assert "dimensions 0 to 15" in vectors and "rope_theta = 10,000" in vectors and "8 pairs" in vectors
    assert "another bundled model" in vectors
    assert _captions(at, "Rotary (llama): ") and "in float32" in _captions(at, "Rotary (llama): ")[0]
    learned = _captions(at, "Learned (tiny-gpt-pydocs): ")[0]
    assert "the token–position parts a·P[n] + P[m]·b change by" in learned
    chart_caption = _captions(at, "Each chart scores")[0]
    assert "the distance m − n moves it; where the pair sits does not" in chart_caption
    assert len(at.get("vega_lite_chart")) == 2 + 3  # frequencies and decay, then one chart a scheme


def test_the_head_sized_slice_picks_other_dimensions(llama):
    first = _table(_open(llama))["Rotary (llama)"][0]
    at = _open(llama, **{panel.SLICE_KEY: 1})
    assert any("dimensions 16 to 31" in m.value for m in at.markdown)
    assert _table(at)["Rotary (llama)"][0] != first


def test_a_shift_past_the_context_is_refused_with_the_numbers(llama):
    at = _open(llama, **{panel.M_KEY: 40, panel.N_KEY: 2, panel.SHIFT_KEY: 10})
    assert [w.value for w in at.warning] == [
        "(m + k, n + k) = (50, 12) passes position 47, the last of llama's context of 48 positions. Pick a smaller k."]
    assert not any(df.value.shape[1] == 5 for df in at.dataframe)


def test_a_shift_past_a_learned_table_is_refused_with_its_rows():
    at = _open("tiny-gpt-pydocs", **{panel.M_KEY: 250, panel.N_KEY: 2, panel.SHIFT_KEY: 10})
    assert any("passes position 255, the last of tiny-gpt-pydocs's position table (256 rows)" in w.value
               for w in at.warning)


def test_text_that_is_not_one_token_is_named_with_the_model(llama):
    at = _open(llama, **{panel.QUERY_KEY: "not a token"})
    assert [e.value for e in at.error] == [
        "`not a token` is not one token of llama's vocabulary (96 rows). This experiment needs one token row each: "
        "type a token as the pages show it (␣data), a word that is a single token (data), or #id."]


def test_an_empty_box_is_named_not_quoted(llama):
    at = _open(llama, **{panel.KEY_KEY: "  "})
    assert [e.value for e in at.error] == [
        "The key token box is empty: type one token there (as the pages show it, ␣data; a word that is one token, "
        "data; or #id)."]


def test_a_learned_model_shows_its_own_table_beside_the_sinusoidal_reference(gpt2):
    at = _open(gpt2, **{panel.M_KEY: 9, panel.N_KEY: 4, panel.SHIFT_KEY: 30})
    table = _table(at)
    assert list(table) == ["Learned (gpt2)", "Sinusoidal reference"]
    assert abs(float(table["Learned (gpt2)"][2])) > 1e-4
    assert any("with gpt2's own token and position embedding tables" in m.value for m in at.markdown)
    sinusoidal = _captions(at, "Sinusoidal reference: ")[0]
    assert "depends on m − n alone" in sinusoidal
    assert "Rotary" not in " ".join(table)


@pytest.mark.parametrize("fixture", ["llama", "gpt2"])
def test_the_experiment_reads_in_korean(fixture, request):
    at = _open(request.getfixturevalue(fixture), lang="ko")
    assert any(h.value == "두 위치를 함께 k만큼 옮기면 어떤 점수가 그대로일까요?" for h in at.subheader)
    assert any(t.label == "쿼리 토큰" for t in at.text_input)
    table = _table(at)
    assert "사인파 위치 인코딩" in table
    frame = next(df.value for df in at.dataframe if df.value.shape[1] == 5)
    assert list(frame.columns)[0] == "위치 정보 방식"
    prose = page_prose(at)
    assert english_runs(prose) == []
    assert any("에서의 점수" in text for text in prose)


@pytest.mark.real
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_smollm2_scores_with_its_own_rope_theta_and_token_rows(lang):
    at = _open("smollm2-135m", lang=lang, **{panel.M_KEY: 8000, panel.N_KEY: 10, panel.SHIFT_KEY: 150})
    tables = shared_tables("smollm2-135m")
    vocab = tables.vocabulary.display
    q, k = tables.token[vocab.index("␣data")][:64], tables.token[vocab.index("␣file")][:64]
    expected = shift_scores(rotary_scorer(q, k, rotary_frequencies(64, 100_000.0)), 8000, 10, 150)
    rotary, learned, sinusoidal = _table(at).values()
    assert rotary[:2] == [format(expected.before, ".6g"), format(expected.after, ".6g")]
    assert abs(float(rotary[2])) < 1e-12 and float(sinusoidal[3]) > 1e-3
    assert learned == ["-"] * 4  # the bundled GPT's table ends at position 255
    if lang == "en":
        assert any("no row for position 8,150" in c.value for c in at.caption)
    else:
        assert english_runs(page_prose(at)) == []
        assert any("위치 8,150에 해당하는 행이 없습니다" in c.value for c in at.caption)


@pytest.mark.real
def test_tiny_gpt_table_is_not_shift_invariant_on_its_default_tokens():
    at = _open("tiny-gpt-pydocs")
    assert [t.value for t in at.text_input] == ["data", "file"]
    learned = _table(at)["Learned (tiny-gpt-pydocs)"]
    assert np.isfinite(float(learned[2])) and abs(float(learned[2])) > 1e-2
