"""The sidebar's ways to open a checkpoint, driven as a user does: type a path, pick from /models."""

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests import factories
from tests.e2e.browser import error_texts, exception_texts, metric_values, open_page, save_screenshot, settle

TINY = {"vocab_size": f"{factories.VOCAB:,}", "d_model": f"{factories.D_MODEL:,}",
        "n_positions": f"{factories.N_POSITIONS:,}"}


def _load_path(page, path: str) -> None:
    box = page.get_by_role("textbox", name="Or a local path")
    box.fill(path)
    box.press("Enter")
    settle(page)


def _shown_sizes(page) -> dict[str, str]:
    metrics = metric_values(page)
    return {name: metrics.get(name) for name in TINY}


def test_local_path_opens_a_tiny_gpt2_overview(page, app_url, tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2-local", tied=True)
    open_page(page, app_url + "/")
    _load_path(page, str(folder))
    save_screenshot(page, "overview-local-path-gpt2")

    assert exception_texts(page) == [] and error_texts(page) == []
    assert page.locator("h1").first.inner_text() == f"Overview: {folder.name}"
    assert _shown_sizes(page) == TINY
    assert "tied" in page.locator("[data-testid='stAlert']").first.inner_text().lower()
    sidebar = page.locator("[data-testid='stSidebar']").inner_text()
    assert f"Showing {folder}" in sidebar
    # The bundled picker no longer claims the default is shown (it shows its placeholder).
    assert "(default)" not in sidebar


def test_models_folder_is_listed_and_opens(page, app_url, models_dir):
    open_page(page, app_url + "/")
    box = page.get_by_role("combobox", name=f"Or one in {models_dir}")
    option = page.get_by_role("option", name="gpt2-tiny")
    for _ in range(3):  # a click that lands while the page is still rerunning opens a list that closes at once
        box.click()
        try:
            option.wait_for(timeout=10_000)
            break
        except PlaywrightTimeoutError:
            page.keyboard.press("Escape")
    option.click()
    settle(page)
    save_screenshot(page, "overview-models-folder-gpt2")

    assert exception_texts(page) == [] and error_texts(page) == []
    assert page.locator("h1").first.inner_text() == "Overview: gpt2-tiny"
    assert _shown_sizes(page) == TINY
    assert "untied" in page.locator("[data-testid='stAlert']").first.inner_text().lower()


def test_bad_path_shows_one_error_and_keeps_the_model(page, app_url, tmp_path):
    open_page(page, app_url + "/")
    _load_path(page, str(tmp_path / "no-such-model"))
    save_screenshot(page, "overview-bad-path")

    assert exception_texts(page) == []
    errors = error_texts(page)
    assert len(errors) == 1
    assert "no-such-model" in errors[0] and errors[0].endswith(". Still showing all-minilm-l6-v2.")
    assert metric_values(page)["vocab_size"] == "30,522"
