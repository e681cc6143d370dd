"""Upload a small checkpoint through the upload page's real file input, then see its Overview."""

import torch

from dashboard.markdown_text import WORD_JOINER
from tests import factories
from tests.e2e.app_pages import read_app_pages
from tests.e2e.browser import (click_nav_link, error_texts, exception_texts, metric_values, open_page,
                               save_screenshot, settle)

UPLOAD_PAGES = [p for p in read_app_pages() if "load" in p.title.lower() or "upload" in p.title.lower()]


def _nanogpt_checkpoint(tmp_path):
    """A nanoGPT-style ``ckpt.pt`` of a tiny GPT-2 (its keys match nanoGPT's ``transformer.wte.weight`` ...)."""
    from safetensors.torch import load_file

    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=False)
    state = load_file(folder / "model.safetensors")
    args = {"n_layer": 2, "n_head": 2, "n_embd": factories.D_MODEL, "block_size": factories.N_POSITIONS,
            "bias": True, "vocab_size": factories.VOCAB, "dropout": 0.0}
    path = tmp_path / "ckpt.pt"
    torch.save({"model": state, "model_args": args, "iter_num": 0, "config": {}}, path)
    return path


def test_upload_a_checkpoint_and_see_its_overview(page, app_url, tmp_path):
    assert UPLOAD_PAGES, "no page titled Load or Upload in dashboard/ui/navigation.py"
    upload = UPLOAD_PAGES[0]
    open_page(page, upload.url(app_url))
    file_input = page.locator("input[type=file]")
    file_input.first.wait_for(state="attached", timeout=60_000)  # a loaded machine may draw the uploader late
    assert file_input.count() >= 1, f"the {upload.title} page has no file input"
    file_input.first.set_input_files(str(_nanogpt_checkpoint(tmp_path)))
    settle(page)
    page.get_by_role("button", name="Open the uploaded files").click()
    settle(page)
    save_screenshot(page, f"{upload.title}-after-upload")
    assert exception_texts(page) == [] and error_texts(page) == []

    click_nav_link(page, "Overview")
    save_screenshot(page, "overview-after-upload")
    assert exception_texts(page) == [] and error_texts(page) == []
    shown = metric_values(page)
    assert (shown["vocab_size"], shown["d_model"]) == (f"{factories.VOCAB:,}", f"{factories.D_MODEL:,}")
    # Named as uploaded; the temporary folder is neither shown nor put in the link.
    sidebar = page.locator("[data-testid='stSidebar']").inner_text().replace(WORD_JOINER, "")  # escaped ':'
    assert "Showing upload: ckpt.pt" in sidebar
    assert "embedding-explorer-uploads" not in page.locator("[data-testid='stApp']").inner_text()
    assert "embedding-explorer-uploads" not in page.url and "model=" not in page.url


def test_upload_after_a_failed_one_opens_only_the_new_file(page, app_url, tmp_path):
    # A multi-file uploader adds a newly chosen file to those it still holds; if a
    # failed upload stayed in it, the good file would be opened together with the bad one.
    broken = tmp_path / "random.safetensors"
    broken.write_bytes(bytes(range(256)) * 4)
    open_page(page, UPLOAD_PAGES[0].url(app_url))
    for path in (broken, _nanogpt_checkpoint(tmp_path)):
        page.locator("input[type=file]").first.set_input_files(str(path))
        settle(page)
        page.get_by_role("button", name="Open the uploaded files").click()
        settle(page)
        if path == broken:
            assert len(error_texts(page)) == 1
    save_screenshot(page, "load-after-a-failed-upload")
    assert exception_texts(page) == [] and error_texts(page) == []
    click_nav_link(page, "Overview")
    assert metric_values(page)["vocab_size"] == f"{factories.VOCAB:,}"
