"""The WebGL token map in Korean: page prose, the hover text and the selected tokens' table."""

from __future__ import annotations

from tests.i18n.test_korean_explore import GPT, assert_korean
from tests.pages.app_test import open_app_page, webgl_maps


def test_the_webgl_map_with_a_box_selection_is_korean():
    at = open_app_page("pages/token_map.py", model=GPT, query={"lang": "ko", "renderer": "webgl"})
    assert_korean(at)
    spec = webgl_maps(at)[0]
    templates = [trace["hovertemplate"] for trace in spec["traces"] if not trace["showlegend"]]
    assert templates and all("노름" in template and "norm" not in template for template in templates)
    # "id %{customdata[0]:d} · CATEGORY<br>": each trace's category, in Korean
    categories = {template.split(" · ")[1].split("<br>")[0] for template in templates}
    assert categories and categories <= {"패딩", "예약", "특수", "바이트", "숫자", "구두점", "비라틴", "조각", "단어", "미상"}
    assert spec["layout"]["legend"]["title"]["text"] == "토큰 범주"
    assert "올가미" in " ".join(c.value for c in at.caption)
    assert spec["messages"]["undrawable"].startswith("이 브라우저에서는")  # what the element says if it cannot draw
    at.checkbox(key="map_box").check().run()
    assert_korean(at)
    assert list(at.dataframe[-1].value.columns) == ["id", "토큰", "범주", "노름"]
