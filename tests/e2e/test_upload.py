"""Upload a small checkpoint through the upload page's real file input, then see its Overview."""

import pytest
import torch

from tests import factories
from tests.e2e.browser import error_texts, exception_texts, metric_values, open_page, save_screenshot, settle


def _upload_page(pages):
    return next((p for p in pages if "load" in p.title.lower() or "upload" in p.title.lower()), None)


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


def test_upload_a_checkpoint_and_see_its_overview(page, app_url, app_pages, tmp_path):
    upload = _upload_page(app_pages)
    if upload is None: pytest.skip("app.py has no page titled Load/Upload yet (the upload page is on another branch)")
    open_page(page, upload.url(app_url))
    file_input = page.locator("input[type=file]")
    assert file_input.count() >= 1, f"the {upload.title} page has no file input"
    file_input.first.set_input_files(str(_nanogpt_checkpoint(tmp_path)))
    settle(page)
    save_screenshot(page, f"{upload.title}-after-upload")
    assert exception_texts(page) == [] and error_texts(page) == []

    overview = next(p for p in app_pages if p.title == "Overview")
    page.locator("[data-testid='stSidebarNavLink']", has_text=overview.title).click()
    settle(page)
    save_screenshot(page, "overview-after-upload")
    assert exception_texts(page) == [] and error_texts(page) == []
    shown = metric_values(page)
    assert (shown["vocab_size"], shown["d_model"]) == (f"{factories.VOCAB:,}", f"{factories.D_MODEL:,}")
