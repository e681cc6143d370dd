"""Under ``lang=ko`` every page renders, and what it shows is Korean prose (code and token strings aside).

The measure is :mod:`tests.i18n.page_prose`: no run of four English words
left, and Hangul at least :data:`MIN_HANGUL_SHARE` of the prose's letters
(names such as PCA, UMAP, GGUF and Hugging Face stay in Latin letters).
"""

from __future__ import annotations

import pytest

from dashboard.ui.navigation import PAGES
from tests.i18n.page_prose import english_runs, hangul_share, page_prose
from tests.pages.app_test import open_app_page

MIN_HANGUL_SHARE = 0.8


@pytest.mark.parametrize("spec", PAGES, ids=[spec.path for spec in PAGES])
def test_every_page_in_korean_on_the_default(spec):
    at = open_app_page(spec.path, query={"lang": "ko"})
    assert not at.exception, [e.value for e in at.exception]
    prose = page_prose(at)
    assert english_runs(prose) == []
    share = hangul_share(prose)
    assert share >= MIN_HANGUL_SHARE, f"{share:.2f} of the letters are Hangul"


def test_the_sidebar_and_first_page_in_korean():
    from tests.pages.app_test import AppTest, ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = "ko"
    at.run()
    assert not at.exception
    prose = page_prose(at)
    assert english_runs(prose) == [] and hangul_share(prose) >= MIN_HANGUL_SHARE
