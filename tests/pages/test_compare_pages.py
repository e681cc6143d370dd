"""The Compare and Under-trained tokens pages through AppTest."""

import json
import re

import numpy as np
import pytest
from safetensors.numpy import save_file

from dashboard.checkpoints import load_tables
from dashboard.training.compare import compare_checkpoints
from tests import factories, format_factories as ff
from tests.compare_factories import MOVED, write_run, write_snapshot
from tests.pages.app_test import map_figures, map_rows, open_app_page, shown

COMPARE, UNDERTRAINED = "pages/compare.py", "pages/undertrained.py"
OTHER_PATH = "another checkpoint (path) ..."


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return write_run(tmp_path_factory.mktemp("run"))


def _open(page, model, **session):
    at = open_app_page(page, model=str(model), session=session)
    assert not at.exception, [e.value for e in at.exception]
    return at


def _metrics(at):
    return {m.label: m.value for m in at.metric}


def _specs(at):
    return [json.loads(chart.proto.spec) for chart in at.get("vega_lite_chart")]


def test_compare_page_finds_the_moved_token_and_a_near_rotation(run):
    at = _open(COMPARE, run["end"], cmp_with=OTHER_PATH, cmp_path=run["middle"])
    metrics = _metrics(at)
    assert metrics["rows"] == str(factories.VOCAB)
    assert float(metrics["linear CKA"]) > 0.9 and float(metrics["10-NN overlap"]) > 0.9
    drift = at.dataframe[0].value
    assert int(drift["id"].iloc[0]) == MOVED and drift["token"].iloc[0] == f"#{MOVED}"
    shared = drift["nearest neighbours shared"]  # counts out of k, shown "3 of 10", not a share
    assert "overlap" not in drift and shared.dropna().between(0, 10).all() and (shared.dropna() % 1 == 0).all()
    assert '"%d of 10"' in at.dataframe[0].proto.columns
    maps = _specs(at)[0]
    assert [panel["title"] for panel in maps["hconcat"]] == ["A: step-00010.safetensors", "B: step-00020.safetensors"]
    assert any("Two tables with unrelated neighbours would share about" in m.value for m in at.markdown)


def test_compare_page_position_table_from_a_random_start(run):
    at = _open(COMPARE, run["end"], cmp_with=OTHER_PATH, cmp_path=run["start"], cmp_table="position")
    metrics = _metrics(at)
    assert metrics["rows"] == str(factories.N_POSITIONS)
    assert float(metrics["Procrustes residual"]) > 0.8 and float(metrics["10-NN overlap"]) < 0.4


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("compared", ["middle", "start"])
def test_the_overlap_sentence_counts_whole_rows_and_gives_the_share_as_a_percentage(run, compared, lang):
    """Not "0.1 of 10": rows are counted in whole numbers, the mean share of neighbours is a percentage."""
    at = open_app_page(COMPARE, model=str(run["end"]), query={"lang": lang},
                       session={"cmp_with": OTHER_PATH, "cmp_path": run[compared], "cmp_table": "position"})
    assert not at.exception and not at.error
    sentence = next(m.value for m in at.markdown if "Frobenius" in m.value or "프로베니우스" in m.value)
    result = compare_checkpoints(load_tables(run[compared]), load_tables(run["end"]), "position").result
    shared = np.rint(result.overlap * result.k).astype(int)  # whole neighbours shared, per row
    counts = {0: int((shared == 0).sum()), 10: int((shared == 10).sum())}
    mean_overlap = shared.mean() / 10
    rows = f"{factories.N_POSITIONS:,}"
    if lang == "en":
        assert f"On average {mean_overlap:.1%} of a row's 10 nearest rows are the same" in sentence, sentence
        assert f"{counts.get(10, 0)} of these {rows} rows share all 10, {counts.get(0, 0)} share none" in sentence
        assert f"would share about {100 * 10 / (factories.N_POSITIONS - 1):.2g}%" in sentence
    else:
        assert f"평균 {mean_overlap:.1%}가" in sentence, sentence
        assert f"{rows}개 행 중 {counts.get(10, 0)}개는 10개가 모두 같고, {counts.get(0, 0)}개는 하나도" in sentence
    assert not re.search(r"\d\.\d+ of|\d\.\d+개가", sentence), sentence  # no fractional count of neighbours
    movers = at.dataframe[0].value  # a position is named by its index, under "position", not "token"
    position, token = ("position", "token") if lang == "en" else ("위치", "토큰")
    assert position in movers and token not in movers
    assert set(movers[position]) <= set(range(factories.N_POSITIONS))


@pytest.mark.parametrize("lang, said", [("en", "has no separate output head"), ("ko", "따로 저장된 출력 헤드가 없어서")])
def test_compare_page_says_a_tied_checkpoints_head_is_its_token_table(tmp_path, lang, said):
    # nanoGPT ties by assignment: "output head" of such a run is its token table, which the CLI notes on stderr.
    a = ff.nanogpt_checkpoint(tmp_path / "a", iter_num=100)
    b = ff.nanogpt_checkpoint(tmp_path / "b", iter_num=200)
    at = open_app_page(COMPARE, model=str(b), query={"lang": lang},
                       session={"cmp_with": OTHER_PATH, "cmp_path": str(a), "cmp_table": "head"})
    assert not at.exception and not at.error
    notes = [i.value for i in at.info if said in i.value]
    assert len(notes) == 2, [i.value for i in at.info]  # one for A, one for B


def test_compare_page_refuses_another_vocabulary(run, tmp_path):
    other = write_snapshot(tmp_path / "small.safetensors", *(np.random.default_rng(1).normal(size=(n, 32))
                                                             for n in (50, factories.N_POSITIONS, 50)))
    at = _open(COMPARE, run["end"], cmp_with=OTHER_PATH, cmp_path=other)
    errors = [e.value for e in at.error]
    assert any("vocabularies differ" in e and "50" in e and f"{factories.VOCAB}" in e for e in errors)
    assert not at.get("vega_lite_chart")


def test_compare_page_asks_for_a_path(run):
    at = _open(COMPARE, run["end"], cmp_with=OTHER_PATH, cmp_path="")
    assert any("Type the path" in i.value for i in at.info)


@pytest.fixture(scope="module")
def quiet_rows(tmp_path_factory):
    """An untied bare state dict, 1,000 tokens, whose rows 100..109 were never looked up (short rows)."""
    rng = np.random.default_rng(5)
    token = rng.normal(size=(1000, 16))
    token[100:110] *= 0.05
    path = tmp_path_factory.mktemp("quiet") / "model.safetensors"
    save_file({"transformer.wte.weight": token.astype(np.float32),
               "transformer.wpe.weight": rng.normal(size=(32, 16)).astype(np.float32),
               "lm_head.weight": rng.normal(size=(1000, 16)).astype(np.float32)}, str(path))
    return path


def test_undertrained_page_lists_the_short_rows(quiet_rows):
    at = _open(UNDERTRAINED, quiet_rows)
    assert _metrics(at)["candidates"] == "20"  # 2% of 1,000 rows
    table = at.dataframe[0].value
    assert set(table["id"].iloc[:10]) == set(range(100, 110))
    assert any("E_in L2 norm" in m.value and "untied head" in m.value for m in at.markdown)
    histogram = _specs(at)[0]
    assert histogram["layer"][1]["mark"]["type"] == "rule"


def test_undertrained_page_names_the_categories_in_the_page_language(quiet_rows):
    """The candidates' category column is shown in Korean on a Korean page, as on the Neighbours page."""
    at = open_app_page(UNDERTRAINED, model=str(quiet_rows), query={"lang": "ko"})
    assert not at.exception, [e.value for e in at.exception]
    categories = set(at.dataframe[0].value["범주"])
    assert categories == {"알 수 없음"}, categories  # a table without token strings: every row "unknown"


def test_undertrained_page_shows_why_cosine_cannot_run(quiet_rows):
    at = _open(UNDERTRAINED, quiet_rows, ut_indicator="cosine")
    assert any("known to be unused" in e.value for e in at.error)
    at = _open(UNDERTRAINED, quiet_rows, ut_indicator="cosine", ut_unused="100,101,102")
    assert _metrics(at)["candidates"] == "20"
    assert any("mean of 3 rows known to be unused" in m.value for m in at.markdown)


def _map_rows(at):
    """The token map's drawn rows, decoded from its figure."""
    return map_rows(map_figures(at)[0])


def test_token_map_marks_the_candidates(quiet_rows):
    at = open_app_page("pages/token_map.py", model=str(quiet_rows), query={"undertrained": "1"})
    assert not at.exception, [e.value for e in at.exception]
    marked = set(_map_rows(at).query("highlighted")["id"])
    assert len(marked) == 20 and set(range(100, 110)) <= marked
    assert any("20** under-trained candidates marked" in m.value for m in at.markdown)
    korean = open_app_page("pages/token_map.py", model=str(quiet_rows), query={"undertrained": "1", "lang": "ko"})
    [marked_ko] = [m.value for m in korean.markdown if "덜 학습된 토큰 후보" in m.value]
    assert "노름" in marked_ko and "norm" not in marked_ko, marked_ko  # the indicator in the page's language
    assert not _map_rows(open_app_page("pages/token_map.py", model=str(quiet_rows)))["highlighted"].any()


@pytest.mark.parametrize("lang, sentence", [("en", "rows match the highlight"), ("ko", "강조 검색어에 맞는 행은")])
def test_the_highlight_count_is_the_searchs_own_when_the_candidates_are_marked_too(lang, sentence):
    """Marking the candidates counted them as highlight matches: "616 rows match the highlight: [unused0], ..."
    where the search had found 5 (all-MiniLM-L6-v2, a browser review)."""
    def matches(**query):
        at = open_app_page("pages/token_map.py", model="tiny-gpt-pydocs",
                           query={"highlight": "print", "lang": lang, **query})
        assert not at.exception, [e.value for e in at.exception]
        [line] = [m.value for m in at.markdown if sentence in m.value]
        return line, set(_map_rows(at).query("highlighted")["id"])

    searched, found = matches()
    marked, drawn = matches(undertrained="1")
    assert marked == searched and "print" in shown(marked)
    assert drawn > found  # the candidates are drawn highlighted all the same


@pytest.mark.parametrize("lang, false_claim, true_claim", [
    ("en", "a rotation changes nothing a model computes", "would change what the model computes"),
    ("ko", "테이블을 회전해도 모델이 계산하는 것은 바뀌지 않기", "테이블만 회전하면 모델이 계산하는 것은 바뀝니다"),
])
def test_compare_caption_does_not_say_a_rotation_leaves_the_model_unchanged(lang, false_claim, true_claim):
    # Rotating tiny-gpt-pydocs' token table by a random orthogonal matrix moves its next-token probabilities
    # after "The value of the" by up to 0.18 (top token 0.066 -> another at 0.177): the blocks' weights do not turn.
    at = open_app_page(COMPARE, model="all-minilm-l6-v2", query={"lang": lang})
    [caption] = [c.value for c in at.caption if "Procrustes" in c.value or "프로크루스테스" in c.value]
    assert false_claim not in caption and true_claim in caption, caption


def test_compare_page_opened_bare_asks_for_another_checkpoint(run):
    at = _open(COMPARE, run["end"])  # a path with no snapshots of its own: A defaults to a path to type
    assert any("Type the path" in i.value for i in at.info)
    at = _open(COMPARE, "all-minilm-l6-v2")  # a bundled model without snapshots: A is itself until changed
    assert any("A is the checkpoint shown" in i.value for i in at.info) and not at.error


@pytest.mark.parametrize("lang, field", [("en", "Rows known to be unused (cosine only) must be token ids"),
                                         ("ko", "쓰이지 않는다고 알려진 행 (코사인 지표 전용)에는 쉼표로 구분한 토큰 id를")])
def test_unused_rows_that_are_not_ids_are_named_by_the_pages_field_not_the_commands_flag(quiet_rows, lang, field):
    at = open_app_page(UNDERTRAINED, model=str(quiet_rows), query={"lang": lang, "unused": "1,2,x"})
    assert not at.exception
    errors = [e.value for e in at.error]
    assert any(field in e and "1,2,x" in e for e in errors), errors
    assert not any("--unused" in e for e in errors)


def test_undertrained_page_of_a_tied_checkpoint_without_unused_rows_opens_on_the_norm(tmp_path):
    # As SmolLM2: the head is the token table, and no reserved token or padding row is known.
    rng = np.random.default_rng(6)
    token = rng.normal(size=(400, 16)).astype(np.float32)
    token[7:12] *= 0.05
    path = tmp_path / "tied.safetensors"
    save_file({"transformer.wte.weight": token, "transformer.wpe.weight": rng.normal(size=(32, 16)).astype(
        np.float32)}, str(path))
    at = _open(UNDERTRAINED, path)
    assert not at.error and not at.exception
    assert set(at.dataframe[0].value["id"].iloc[:5]) == set(range(7, 12))
    assert any("E_in L2 norm" in m.value and "no row of it is known to be unused" in m.value for m in at.markdown)
    korean = open_app_page(UNDERTRAINED, model=str(path), query={"lang": "ko"})
    assert not korean.error and any("쓰이지 않는 행이 알려져" in m.value for m in korean.markdown)
