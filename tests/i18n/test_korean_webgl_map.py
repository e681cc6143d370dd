"""The WebGL token map in Korean: page prose, the deck's tooltip and the selected tokens' table."""

from __future__ import annotations

import json

from tests.i18n.test_korean_explore import GPT, assert_korean
from tests.pages.app_test import open_app_page


def test_the_webgl_map_with_a_box_selection_is_korean():
    at = open_app_page("pages/token_map.py", model=GPT, query={"lang": "ko", "renderer": "webgl"})
    assert_korean(at)
    tooltip = json.loads(at.get("deck_gl_json_chart")[0].proto.tooltip)["html"]
    assert "노름" in tooltip and "norm" not in tooltip
    spec = json.loads(at.get("deck_gl_json_chart")[0].proto.json)
    categories = {point[-1] for layer in spec["layers"] for point in layer["data"]}
    assert categories and categories <= {"패딩", "예약", "특수", "바이트", "숫자", "구두점", "비라틴", "조각", "단어", "미상"}
    at.checkbox(key="map_box").check().run()
    assert_korean(at)
    assert list(at.dataframe[-1].value.columns) == ["id", "토큰", "범주", "노름"]
