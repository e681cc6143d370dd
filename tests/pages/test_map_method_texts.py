"""The Token map's seed checkbox names both methods it seeds, UMAP and t-SNE, in English and Korean (the progress
texts of each method: tests/pages/test_map_queue_page.py)."""


import pytest

from dashboard.maps.settings import SEEDED_THREADS
from tests.map_fixtures import bert_with_tokenizer
from tests.pages.app_test import open_app_page
from tests.pages.fake_projection import gated  # noqa: F401 - a fixture


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


@pytest.mark.parametrize(("lang", "label", "names"), [
    ("en", "reproducible map (seeded)", ["UMAP (umap-learn)", "t-SNE (openTSNE)", f"t-SNE on {SEEDED_THREADS}"]),
    ("ko", "재현 가능한 지도(시드 고정)", ["UMAP(umap-learn)", "t-SNE(openTSNE)", f"스레드 {SEEDED_THREADS}개"]),
])
def test_the_seed_checkbox_says_it_seeds_umap_and_tsne_and_keeps_its_link_key(folder, gated, lang, label, names):
    at = open_app_page("pages/token_map.py", model=folder, query={"method": "tsne", "seeded": "0", "lang": lang})
    box = at.checkbox(key="map_seeded")
    assert box.label == label and "UMAP" not in box.label
    assert all(name in box.help for name in names), box.help
    assert "t-SNE" in at.number_input(key="map_seed").help
    # The seed and the checkbox are where the t-SNE's own help says they are.
    perplexity_help = at.slider(key="map_perplexity").help
    holder = next(expander for expander in at.expander if any(c.key == "map_seeded" for c in expander.checkbox))
    assert f'"{label}"' in perplexity_help and f'"{holder.label}"' in perplexity_help, perplexity_help
    # The same session-state key and link parameter as before: old links still turn the seed off.
    assert box.value is False and at.query_params["seeded"] == "0"
    box.check().run()
    assert at.session_state["map_seeded"] is True and at.query_params["seeded"] == "1"
    at.session_state["map_method"] = "pca"  # the t-SNE nobody waits for any more is dropped
    at.run()
