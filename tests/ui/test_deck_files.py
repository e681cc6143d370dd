"""A large deck's points as files: what the browser is sent, what is written, and what is kept."""

import hashlib
import json
import os

import pytest
from streamlit import config

from dashboard.charts.token_map_deck import token_map_deck
from dashboard.ui import deck_files
from tests.charts.test_token_map_deck import synthetic_frame


@pytest.fixture
def served_from(tmp_path, monkeypatch):
    """Deck files go to ``tmp_path/static/deck-data``; static serving on; every deck counts as large."""
    monkeypatch.setattr(deck_files, "STATIC_DIR", tmp_path / "static")
    monkeypatch.setattr(deck_files, "DATA_DIR", tmp_path / "static" / "deck-data")
    monkeypatch.setattr(deck_files, "INLINE_BYTES", 0)
    monkeypatch.setattr(deck_files, "files_enabled", lambda: True)
    return tmp_path / "static" / "deck-data"


def test_each_layer_fetches_its_points_from_a_file_holding_exactly_them(served_from):
    deck = token_map_deck(synthetic_frame(500))
    inline = json.loads(deck.to_json())
    served = json.loads(deck_files.served_deck(deck).to_json())
    assert [layer["id"] for layer in served["layers"]] == [layer["id"] for layer in inline["layers"]]
    for sent, original in zip(served["layers"], inline["layers"]):
        assert isinstance(sent["data"], str) and sent["data"].startswith("app/static/deck-data/")
        path = served_from / sent["data"].rsplit("/", 1)[1]
        assert json.loads(path.read_text(encoding="utf-8")) == original["data"]
        assert {k: v for k, v in sent.items() if k != "data"} == {k: v for k, v in original.items() if k != "data"}
    assert {k: v for k, v in served.items() if k != "layers"} == {k: v for k, v in inline.items() if k != "layers"}
    assert json.loads(deck.to_json()) == inline  # the cached deck every session shares is unchanged


def test_file_names_cannot_be_derived_from_the_content(served_from):
    deck = token_map_deck(synthetic_frame(200))
    served = json.loads(deck_files.served_deck(deck).to_json())
    texts = [json.dumps(layer.data, separators=(",", ":"), ensure_ascii=False) for layer in deck.layers]
    names = [layer["data"].rsplit("/", 1)[1].removesuffix(".json") for layer in served["layers"]]
    assert all(len(name) == 32 for name in names)  # 128 bits of an HMAC under the server's own key
    assert not {hashlib.sha256(text.encode()).hexdigest()[:32] for text in texts} & set(names)
    again = json.loads(deck_files.served_deck(token_map_deck(synthetic_frame(200))).to_json())
    assert [layer["data"] for layer in again["layers"]] == [layer["data"] for layer in served["layers"]]


def test_small_decks_and_servers_without_static_serving_send_the_points_inline(served_from, monkeypatch):
    deck = token_map_deck(synthetic_frame(50))
    monkeypatch.setattr(deck_files, "INLINE_BYTES", len(deck.to_json()) + 1)
    assert deck_files.served_deck(deck) is deck
    monkeypatch.setattr(deck_files, "INLINE_BYTES", 0)
    monkeypatch.setattr(deck_files, "files_enabled", lambda: False)
    assert deck_files.served_deck(deck) is deck
    assert not served_from.exists()


def test_a_folder_that_cannot_be_written_sends_the_points_inline(served_from, monkeypatch):
    def refuse(path, text):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(deck_files, "write_served_file", refuse)
    deck = token_map_deck(synthetic_frame(50))
    assert deck_files.served_deck(deck) is deck


def test_a_deleted_file_is_written_again_when_its_deck_is_shown(served_from):
    deck = token_map_deck(synthetic_frame(300))
    deck_files.served_deck(deck)
    files = sorted(served_from.glob("*.json"))
    content = {path: path.read_bytes() for path in files}
    for path in files:
        path.unlink()
    deck_files.served_deck(deck)
    assert {path: path.read_bytes() for path in sorted(served_from.glob("*.json"))} == content


def test_the_least_recently_used_files_go_when_the_folder_is_over_its_budget(served_from, monkeypatch):
    monkeypatch.setenv("EXPLORER_DECK_FILES_MB", "1")
    served_from.mkdir(parents=True)
    old = []
    for i in range(3):
        path = served_from / f"old{i}.json"
        path.write_bytes(b"0" * 400_000)
        os.utime(path, (1_000 + i, 1_000 + i))
        old.append(path)
    deck = token_map_deck(synthetic_frame(300))
    deck_files.served_deck(deck)
    current = set(served_from.glob("*.json")) - set(old)
    assert current and all(path.exists() for path in current)
    assert not old[0].exists() and old[1].exists() and old[2].exists()  # the oldest first, only until within 1 MB
    assert sum(path.stat().st_size for path in served_from.glob("*.json")) <= 1_000_000


def test_urls_are_relative_to_the_page_so_a_base_path_or_a_proxy_prefix_is_kept(served_from):
    from urllib.parse import urljoin

    previous = config.get_option("server.baseUrlPath")
    config.set_option("server.baseUrlPath", "/explorer/")
    try:
        served = json.loads(deck_files.served_deck(token_map_deck(synthetic_frame(100))).to_json())
    finally:
        config.set_option("server.baseUrlPath", previous)
    for layer in served["layers"]:
        assert urljoin("https://host/explorer/token_map?dims=2", layer["data"]).startswith(
            "https://host/explorer/app/static/deck-data/")
        assert urljoin("http://localhost:8501/token_map", layer["data"]).startswith(
            "http://localhost:8501/app/static/deck-data/")


def test_a_folder_over_the_budget_loses_stale_partial_files_and_skips_what_it_cannot_delete(served_from, monkeypatch):
    monkeypatch.setenv("EXPLORER_DECK_FILES_MB", "1")
    served_from.mkdir(parents=True)
    stale, fresh = served_from / "a.tmp", served_from / "b.tmp"
    stale.write_bytes(b"0" * 10)
    os.utime(stale, (1_000, 1_000))
    fresh.write_bytes(b"0" * 10)  # a write in progress in another thread or server
    (served_from / "stuck.json").mkdir()  # cannot be unlinked as a file
    os.utime(served_from / "stuck.json", (500, 500))
    old = served_from / "old.json"
    old.write_bytes(b"0" * 1_100_000)
    os.utime(old, (1_000, 1_000))
    deck_files.served_deck(token_map_deck(synthetic_frame(300)))
    assert not stale.exists() and fresh.exists() and not old.exists()


def test_the_budget_stays_under_the_gigabyte_above_which_streamlit_serves_nothing(monkeypatch):
    monkeypatch.setenv("EXPLORER_DECK_FILES_MB", "5000")
    assert deck_files.budget_bytes() == deck_files.MAX_BUDGET_BYTES < 2**30
    monkeypatch.delenv("EXPLORER_DECK_FILES_MB")
    assert deck_files.budget_bytes() == 900_000_000


def test_a_static_link_whose_target_folder_is_missing_is_made_through_the_link(tmp_path, monkeypatch):
    volume = tmp_path / "volume"
    volume.mkdir()
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "static").symlink_to(volume / "static")  # an old volume: the link's folder is absent
    monkeypatch.setattr(deck_files, "STATIC_DIR", tmp_path / "app" / "static")
    monkeypatch.setattr(deck_files, "DATA_DIR", tmp_path / "app" / "static" / "deck-data")
    monkeypatch.setattr(deck_files, "INLINE_BYTES", 0)
    monkeypatch.setattr(deck_files, "files_enabled", lambda: True)
    deck = token_map_deck(synthetic_frame(100))
    assert deck_files.served_deck(deck) is not deck
    assert list((volume / "static" / "deck-data").glob("*.json"))


def test_a_layer_larger_than_streamlit_serves_sends_the_deck_inline(served_from, monkeypatch):
    monkeypatch.setattr(deck_files, "MAX_FILE_BYTES", 100)
    deck = token_map_deck(synthetic_frame(100))
    assert deck_files.served_deck(deck) is deck


def test_the_project_serves_static_files_and_keeps_them_out_of_git():
    root = deck_files.STATIC_DIR.parent
    assert "enableStaticServing = true" in (root / ".streamlit" / "config.toml").read_text()
    assert "/static/*" in (root / ".gitignore").read_text().splitlines()  # all but the .gitkeep that makes it exist
    assert (root / "app.py").is_file()  # Streamlit serves static/ beside the main script
