"""The Training page through AppTest: a synthetic snapshot run, a nanoGPT run folder, bad folders."""

import json

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.training import view_run as frames
from tests import run_factories
from tests.pages.app_test import open_app_page, shown

PAGE = "pages/training.py"


def _open(folder, **session) -> AppTest:
    at = open_app_page(PAGE, session={frames.FOLDER_KEY: str(folder), **session})
    assert not at.exception, [e.value for e in at.exception]
    return at


def _text(at) -> str:
    return "\n".join(e.value for kind in (at.subheader, at.markdown, at.caption) for e in kind)


def _charts(at) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]


@pytest.fixture(scope="module")
def snapshot_run(tmp_path_factory):
    """One synthetic snapshot run for the tests that only look at it: the page's caches keep it read between them,
    as a server's do between students."""
    return run_factories.snapshot_run(tmp_path_factory.mktemp("snapshots") / "run")


def test_a_run_opens_at_its_last_step_not_at_the_zero_table_of_its_first(snapshot_run):
    at = _open(snapshot_run)
    assert at.select_slider(key=frames.STEP_KEY).value == run_factories.STEPS[-1]
    text = _text(at)
    assert f"At step {run_factories.STEPS[-1]}" in text and "every row is zero" not in text
    heatmap = next(spec for spec in _charts(at) if "Cosine between positions" in json.dumps(spec.get("title")))
    assert f"step {run_factories.STEPS[-1]}" in json.dumps(heatmap["title"])


def test_snapshot_run_at_its_first_step_says_the_position_table_is_zero(snapshot_run):
    at = _open(snapshot_run, **{frames.WORDS_KEY: "cat, dog, zzzq"})
    at.select_slider(key=frames.STEP_KEY).set_value(0).run()
    assert not at.exception
    text = _text(at)
    assert "4 checkpoints (step-NNNNN.safetensors snapshots), steps 0, 10, 20, 40" in text
    assert "moving average" in text  # the synthetic log says weights: ema
    assert "every row is zero, so adjacent positions have no cosine yet" in text
    table = at.dataframe[0].value
    assert list(table["word"]) == ["cat", "dog"] and table["neighbours"].str.count(r"\(").tolist() == [5, 5]
    assert any("zzzq" in w.value for w in at.warning)  # one unknown word is named, the others still shown
    assert len(_charts(at)) == 7  # heatmap, norms, loss; three curves; the token map on fixed axes


def test_moving_the_slider_shows_that_step(snapshot_run):
    at = _open(snapshot_run)
    at.select_slider(key=frames.STEP_KEY).set_value(40).run()
    assert not at.exception
    text = _text(at)
    assert "At step 40" in text and "Mean cosine of adjacent position rows" in text
    assert "from their value at step 0" in text
    titles = [json.dumps(spec.get("title")) for spec in _charts(at)]
    assert any("Cosine between positions, step 40" in t for t in titles)
    assert any("Row norms of the token table, step 40" in t for t in titles)


def test_play_walks_every_step_and_stops_on_the_last(snapshot_run, monkeypatch):
    monkeypatch.setattr(frames, "PLAY_SECONDS", 0.0)
    at = _open(snapshot_run)
    at.button[0].click().run()
    assert not at.exception
    assert at.select_slider(key=frames.STEP_KEY).value == run_factories.STEPS[-1]


def test_nanogpt_run_folder_opens_as_a_run_ordered_by_iter_num(tmp_path):
    at = _open(run_factories.nanogpt_run(tmp_path / "run"), **{frames.WORDS_KEY: "cat"})
    text = _text(at)
    assert "nanoGPT ckpt*.pt checkpoints (iter_num)), steps 0, 10, 20, 40" in text
    assert "best_val_loss" in text
    assert at.select_slider(key=frames.STEP_KEY).options == ["0", "10", "20", "40"]
    # nanoGPT ties the head, so only the token and position tables are followed
    assert "output head" not in at.dataframe[-1].value.columns.get_level_values(0)
    assert "The output head is the token table itself (tied (shared storage))" in text  # and the page says so


@pytest.mark.parametrize("name, message", [("missing", "does not exist"), ("empty", "no checkpoints of a run")])
def test_a_folder_that_is_not_a_run_says_why(tmp_path, name, message):
    (tmp_path / "empty").mkdir()
    at = _open(tmp_path / name)
    assert any(message in e.value for e in at.error)


@pytest.mark.real
def test_bundled_gpt_run_opens_when_the_folder_is_empty():
    at = open_app_page(PAGE)
    assert not at.exception, [e.value for e in at.exception]
    steps = at.select_slider(key=frames.STEP_KEY).options
    assert steps[0] == "0" and steps[-1] == "2,000"
    assert at.select_slider(key=frames.STEP_KEY).value == 2000  # its last step, not the all-zero table of step 0
    text = _text(at)
    assert "**training**" in text and "moving average" in text
    assert "every row is zero" not in text
    table = at.dataframe[0].value.set_index("word")
    assert "␣method" in table.loc["function", "neighbours"]  # the shipped model's nearest neighbour of function


def test_trainer_checkpoint_folders_open_as_a_run(tmp_path):
    at = _open(run_factories.trainer_run(tmp_path / "run"), **{frames.WORDS_KEY: "cat"})
    text = _text(at)
    assert "3 checkpoints (Hugging Face Trainer checkpoint-* folders (trainer_state.json)), steps 2, 4, 6" in text
    assert "log_history of the last checkpoint's trainer_state.json" in text
    assert at.select_slider(key=frames.STEP_KEY).options == ["2", "4", "6"]
    curves = at.dataframe[-1].value
    assert "output head" in curves.columns.get_level_values(0)  # the Trainer's GPT-2 here is untied


def test_models_mode_refuses_a_run_folder_outside_the_models_folder_with_one_message(tmp_path, monkeypatch):
    from dashboard.settings import LOCAL_PATHS_ENV, MODELS_DIR_ENV

    models = tmp_path / "models"
    models.mkdir()
    outside = run_factories.snapshot_run(tmp_path / "outside")
    monkeypatch.setenv(LOCAL_PATHS_ENV, "models")
    monkeypatch.setenv(MODELS_DIR_ENV, str(models))
    messages = []
    for typed in (outside, tmp_path / "missing-run"):
        at = open_app_page(PAGE, session={frames.FOLDER_KEY: str(typed)})
        assert not at.exception and len(at.error) == 1 and not at.get("vega_lite_chart")
        messages.append(shown(at.error[0].value).replace(str(typed), "PATH"))
    assert "not open on this server" in messages[0] and messages[0] == messages[1]  # exists or not: the same words


def test_models_mode_opens_a_run_folder_inside_the_models_folder(tmp_path, monkeypatch):
    from dashboard.settings import LOCAL_PATHS_ENV, MODELS_DIR_ENV

    models = tmp_path / "models"
    run_factories.snapshot_run(models / "run")
    monkeypatch.setenv(LOCAL_PATHS_ENV, "models")
    monkeypatch.setenv(MODELS_DIR_ENV, str(models))
    at = _open(models / "run")
    assert not at.error and "4 checkpoints" in _text(at)


def test_off_mode_has_no_folder_field_and_shows_the_bundled_run(monkeypatch):
    from dashboard.settings import LOCAL_PATHS_ENV

    monkeypatch.setenv(LOCAL_PATHS_ENV, "off")
    at = open_app_page(PAGE, session={frames.FOLDER_KEY: "/etc"})
    assert not at.exception and not at.error
    assert not [t for t in at.text_input if t.key == frames.FOLDER_KEY]
    assert "tiny-gpt-pydocs" in _text(at) or "training" in _text(at)


def test_the_token_map_keeps_its_axes_across_steps_and_reads_what_precompute_wrote(tmp_path, monkeypatch, capsys):
    """The run's maps on the last step's PCA axes: precompute writes them (one record, method aligned-pca), the
    page reads them without computing, and the chart's axes are the same at every step."""
    from dashboard.maps import aligned as aligned_maps
    from dashboard.cli import main

    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "cache"))
    folder = run_factories.snapshot_run(tmp_path / "run")
    assert main(["precompute", str(folder), "--methods", "pca", "--dims", "2", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    aligned = [r for r in records if r["method"] == "aligned-pca"]
    assert len(records) == len(run_factories.STEPS) + 1 and aligned[0]["status"] == "computed"

    def refuse(*_):
        raise AssertionError("the page aligned the run again")

    monkeypatch.setattr(aligned_maps, "align_run", refuse)
    at = _open(folder)
    caption = next(c.value for c in at.caption if "fitted on the token table of the last step" in c.value)
    assert f"last step ({run_factories.STEPS[-1]})" in caption and "Read from the maps precompute wrote" in caption

    def map_spec(at):
        return next(spec for spec in _charts(at) if "Token map at step" in json.dumps(spec.get("title")))

    last = map_spec(at)
    at.select_slider(key=frames.STEP_KEY).set_value(0).run()
    first = map_spec(at)
    assert "Token map at step 0" in json.dumps(first["title"])
    assert json.dumps(first["layer"][0]["encoding"]["x"]["scale"]) == json.dumps(last["layer"][0]["encoding"]["x"]["scale"])
