"""Chart titles that read whole: level y-axis titles (Korean ones read a syllable at a time when turned), and
subtitles broken into lines Vega-Lite does not cut with "…" (the token map's: test_token_map.py)."""

import numpy as np
import pandas as pd
import pytest

from dashboard.charts.norms import row_norm_histogram_chart
from dashboard.charts.positions import offset_similarity_chart
from dashboard.charts.theme import wrap_subtitle
from dashboard.training.run_charts import loss_curve_chart
from dashboard.i18n import use_language


@pytest.fixture(params=["en", "ko"])
def language(request):
    use_language(request.param)
    yield request.param
    use_language("en")


def _y_encodings(spec: dict) -> list[dict]:
    views = spec.get("layer", [spec]) + spec.get("hconcat", []) + spec.get("vconcat", []) + spec.get("concat", [])
    found = [view["encoding"]["y"] for view in views if "y" in view.get("encoding", {})]
    return found + [y for view in views if "layer" in view for y in _y_encodings(view)]


def _charts():
    norms = pd.DataFrame({"norm": np.random.default_rng(0).random(50)})
    losses = pd.DataFrame({"step": [0, 1, 2], "loss": [5.0, 4.0, 3.5], "split": ["train"] * 3})
    offsets = pd.DataFrame({"offset": [1, 2], "similarity": [0.5, 0.4], "pairs": [9, 8], "table": ["learned"] * 2})
    return [row_norm_histogram_chart(norms), loss_curve_chart(losses, 1), offset_similarity_chart(offsets)]


def test_every_y_axis_title_is_drawn_level_above_the_axis(language):
    for chart in _charts():
        spec = chart.to_dict()
        axis = spec["config"]["axisY"]
        assert axis["titleAngle"] == 0 and axis["titleAlign"] == "left" and axis["titleY"] < 0
        titled = [y for y in _y_encodings(spec) if y.get("title")]
        assert titled, "each of these charts titles its y axis"
        assert not any("titleAngle" in y.get("axis", {}) for y in titled)  # no chart turns its title back


def test_wrapping_counts_a_syllable_as_two_columns_and_keeps_a_long_word_whole():
    assert wrap_subtitle(["가나 다라 마바"], columns=8) == ["가나", "다라", "마바"]
    assert wrap_subtitle(["ab cd ef"], columns=5) == ["ab cd", "ef"]
    assert wrap_subtitle(["abcdefgh ij", ""], columns=4) == ["abcdefgh", "ij"]
