"""The Positions page's messages, legends and widgets under ``lang=ko``.

Its prose on every bundled model (learned positions with and without a
token-type table, rotary with no table) is measured by ``test_korean_pages.py``.
"""

from __future__ import annotations

import pytest

from dashboard.i18n import render, use_language
from tests import factories
from tests.i18n.page_prose import english_runs, page_prose
from tests.pages.app_test import open_app_page

PAGE = "pages/positions.py"


@pytest.fixture
def korean():
    use_language("ko")
    yield
    use_language("en")


def test_korean_keeps_the_settings_and_shows_the_options_in_korean(tmp_path):
    # Option values stay English (the link and the session keep them); only what the radio shows is Korean.
    from dashboard.lessons.positions import view_frames as position_frames

    folder = factories.bert_folder(tmp_path / "bert")
    at = open_app_page(PAGE, model=folder, query={"lang": "ko", "measure": "dot", "cells": "64"})
    assert not at.exception, [e.value for e in at.exception]
    radio = at.radio(key=position_frames.MEASURE_KEY)
    assert radio.value == "dot" and list(radio.options) == ["코사인 유사도", "내적"]
    assert at.select_slider(key=position_frames.CELLS_KEY).value == 64
    assert at.query_params["measure"] == "dot"
    assert any("토큰 타입 임베딩 테이블" in h.value for h in at.subheader)


def test_an_untrained_table_is_reported_in_korean_with_its_own_numbers(tmp_path):
    at = open_app_page(PAGE, model=factories.gpt2_folder(tmp_path / "gpt2"), query={"lang": "ko"})
    assert not at.exception
    warnings = [w.value for w in at.warning]
    assert any(w.startswith(f"위치 {factories.N_POSITIONS}개가 모두 학습되지 않은 것처럼 보입니다") for w in warnings)


def test_verdicts_render_in_korean_and_stay_english_as_strings():
    from dashboard.lessons.positions.text import describe_untrained, too_few_rows_message

    verdict = describe_untrained([3] + list(range(40, 64)), 40, 64)
    assert verdict.text.endswith("suggests training used a context of 40 positions.")
    korean = render(verdict.text, "ko")
    assert "위치 64개 가운데 25개" in korean and "3, 40-63" in korean and "위치 40개" in korean
    assert render(too_few_rows_message(1), "ko").startswith("위치 임베딩 테이블에 행이 1개뿐입니다")


def test_legends_show_korean_labels_but_the_data_keeps_its_english_values(korean):
    import pandas as pd

    from dashboard.lessons.positions.rotary import rotary_decay_frame
    from dashboard.charts.positions import offset_similarity_chart
    from dashboard.lessons.positions.charts import rotary_decay_chart

    frame = pd.DataFrame({"offset": [1, 1], "similarity": [0.5, 0.4], "pairs": [9, 9],
                          "table": ["learned", "sinusoidal reference"]})
    spec = offset_similarity_chart(frame).to_dict()
    line = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "line")
    assert "학습된 테이블" in line["encoding"]["color"]["legend"]["labelExpr"]
    assert line["encoding"]["y"]["title"] == "t와 t + k의 평균 코사인 유사도"
    tables = {row["table"] for rows in spec["datasets"].values() for row in rows if "table" in row}
    assert tables == {"learned", "sinusoidal reference"}
    decay = rotary_decay_chart(rotary_decay_frame(8, 10000.0, 4)).to_dict()
    assert "RoFormer 상한" in decay["encoding"]["color"]["legend"]["labelExpr"]


def test_english_legends_carry_no_label_expression():
    import pandas as pd

    from dashboard.charts.positions import offset_similarity_chart

    frame = pd.DataFrame({"offset": [1], "similarity": [0.5], "pairs": [9], "table": ["learned"]})
    line = next(layer for layer in offset_similarity_chart(frame).to_dict()["layer"] if layer["mark"]["type"] == "line")
    assert "labelExpr" not in line["encoding"]["color"].get("legend", {})


def test_a_rotary_model_says_in_korean_that_it_has_no_table(tmp_path):
    at = open_app_page(PAGE, model=factories.llama_folder(tmp_path / "llama"), query={"lang": "ko"})
    assert not at.exception, [e.value for e in at.exception]
    assert any("위치 임베딩 테이블이 없습니다" in i.value and "회전 위치 임베딩(RoPE" in i.value for i in at.info)
    labels = {m.label: m.value for m in at.metric}
    assert labels["헤드 차원"] == str(factories.D_MODEL // 2) and labels["rope_theta"] == "10,000"
    assert english_runs(page_prose(at)) == []


def test_a_one_row_table_is_explained_in_korean(tmp_path):
    import numpy as np
    from safetensors.numpy import save_file

    rng = np.random.default_rng(0)
    save_file({"transformer.wte.weight": rng.standard_normal((10, 8)).astype(np.float32),
               "transformer.wpe.weight": rng.standard_normal((1, 8)).astype(np.float32)}, tmp_path / "one.safetensors")
    at = open_app_page(PAGE, model=tmp_path / "one.safetensors", query={"lang": "ko"})
    assert [i.value for i in at.info] == ["위치 임베딩 테이블에 행이 1개뿐입니다. 이 페이지의 그림을 그리려면 행이 적어도 3개 "
                                          "있어야 합니다."]


def test_tooltips_show_korean_values_through_a_calculated_column(korean):
    from dashboard.analysis.sinusoidal import sinusoidal_table
    from dashboard.charts.positions import position_norm_chart
    from dashboard.lessons.positions.view_frames import row_norm_frame

    spec = position_norm_chart(row_norm_frame(sinusoidal_table(8, 32), [3])).to_dict()
    layer = spec["layer"][0]
    calculated = [step for step in spec.get("transform", []) + layer.get("transform", []) if "calculate" in step]
    assert calculated and calculated[0]["as"] == "untrained_shown" and "아니요" in calculated[0]["calculate"]
    assert any(tip["field"] == "untrained_shown" for tip in layer["encoding"]["tooltip"])
