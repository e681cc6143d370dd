"""The `positions` command: JSON contract, rotary models, exit status 2."""

import json
import subprocess
import sys

import numpy as np
import pytest

from dashboard.lessons.positions.rotary import rotary_frequencies
from dashboard.cli import COMMANDS, main
from tests import factories

CONTRACT = {"position_kind", "n_positions", "d_model", "adjacent_cosine_mean", "sinusoidal_similarity",
            "sinusoidal_measure", "untrained_positions"}


def _json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_registered():
    assert COMMANDS["positions"].__name__ == "dashboard.cli.positions"


def test_learned_table_json_contract(tmp_path, capsys):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    doc = _json(capsys, "positions", str(folder), "--json")
    assert CONTRACT <= set(doc)
    assert doc["position_kind"] == "learned" and doc["n_positions"] == factories.N_POSITIONS
    assert doc["d_model"] == factories.D_MODEL
    assert -1 <= doc["adjacent_cosine_mean"] <= 1 and -1 <= doc["sinusoidal_similarity"] <= 1
    assert "cosine-similarity matrices" in doc["sinusoidal_measure"]
    # A freshly initialised GPT-2: every position is still random.
    assert doc["untrained_positions"] == list(range(factories.N_POSITIONS))
    assert doc["untrained_tail_start"] == 0 and doc["rotary"] is None
    assert doc["untrained_threshold"] <= doc["untrained_any_row_threshold"] < 1
    assert 0 <= doc["token_subspace_overlap"]["position_variance_in_token_top_k"] <= 1


def test_rotary_json_has_no_table_numbers_and_the_frequencies(tmp_path, capsys):
    folder = factories.llama_folder(tmp_path / "llama")
    doc = _json(capsys, "positions", str(folder), "--json")
    assert CONTRACT <= set(doc)
    assert doc["position_kind"] == "rotary" and doc["n_positions"] is None
    assert doc["adjacent_cosine_mean"] is None and doc["sinusoidal_similarity"] is None
    assert doc["untrained_positions"] == []
    rotary = doc["rotary"]
    assert rotary["head_dim"] == factories.D_MODEL // 2 and rotary["rope_theta"] == 10000.0
    np.testing.assert_allclose(rotary["frequencies"], rotary_frequencies(rotary["head_dim"], 10000.0))


def test_readable_output(tmp_path, capsys):
    folder = factories.bert_folder(tmp_path / "bert")
    assert main(["positions", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "adjacent cosine mean" in out and "sinusoidal similarity" in out and "untrained positions" in out


@pytest.mark.parametrize("argv, fragment", [
    (["positions", "/no/such/path", "--json"], "/no/such/path"),
    (["positions"], "source"),
    (["positions", "default", "--bins"], "unrecognized"),
])
def test_bad_input_exits_2_with_one_line(argv, fragment):
    result = subprocess.run([sys.executable, "-m", "dashboard", *argv], capture_output=True, text=True)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0] and "Traceback" not in result.stderr


@pytest.mark.real
def test_default_numbers(capsys):
    doc = _json(capsys, "positions", "default", "--json")
    assert doc["position_kind"] == "learned" and doc["n_positions"] == 512 and doc["d_model"] == 384
    assert doc["adjacent_cosine_mean"] == pytest.approx(0.851, abs=1e-3)
    assert doc["sinusoidal_similarity"] == pytest.approx(0.427, abs=1e-3)
    assert doc["untrained_positions"] == [] and doc["token_type_rows"] == 2


def test_tail_left_at_init_in_a_real_checkpoint_is_reported(tmp_path, capsys):
    from safetensors.numpy import load_file, save_file

    from dashboard.analysis.sinusoidal import sinusoidal_table

    folder = factories.gpt2_folder(tmp_path / "gpt2")
    weights = load_file(folder / "model.safetensors")
    key = next(k for k in weights if k.endswith("wpe.weight"))
    trained = 30  # rows 30 .. 47 keep the factory's N(0, 0.02) initialisation
    weights[key][:trained] = 0.1 * sinusoidal_table(trained, factories.D_MODEL)
    save_file(weights, folder / "model.safetensors", metadata={"format": "pt"})
    doc = _json(capsys, "positions", str(folder), "--json")
    assert doc["untrained_positions"] == list(range(trained, factories.N_POSITIONS))
    assert doc["untrained_tail_start"] == trained


def test_narrow_table_reports_that_untrained_rows_cannot_be_detected(tmp_path, capsys):
    from safetensors.numpy import save_file

    rng = np.random.default_rng(0)
    save_file({"transformer.wte.weight": rng.standard_normal((40, 16)).astype(np.float32),
               "transformer.wpe.weight": rng.standard_normal((30, 16)).astype(np.float32)}, tmp_path / "n.safetensors")
    doc = _json(capsys, "positions", str(tmp_path / "n.safetensors"), "--json")
    assert doc["untrained_detectable"] is False and doc["untrained_positions"] == []
    assert main(["positions", str(tmp_path / "n.safetensors")]) == 0
    assert "cannot be detected at d_model 16" in capsys.readouterr().out


def test_a_two_row_table_is_called_too_short_not_missing(tmp_path, capsys):
    # The readable output said "no position table to analyse" for a table that is there, only too short.
    from safetensors.numpy import save_file

    rng = np.random.default_rng(0)
    save_file({"transformer.wte.weight": rng.standard_normal((40, 32)).astype(np.float32),
               "transformer.wpe.weight": rng.standard_normal((2, 32)).astype(np.float32)}, tmp_path / "t.safetensors")
    assert main(["positions", str(tmp_path / "t.safetensors")]) == 0
    out = capsys.readouterr().out
    assert "no position table" not in out and "the position table has only 2 rows; its measures need at least 3" in out


def test_a_relative_position_model_names_its_kind_once(tmp_path, capsys):
    from tests import format_factories as ff

    folder = ff.save_hf(ff.t5_model(), tmp_path / "t5")
    assert main(["positions", str(folder)]) == 0
    out = capsys.readouterr().out.split(f"{folder}  (t5): ", 1)[1]  # the path may hold any word
    assert out.startswith("positions relative: a learned bias added to attention scores") and out.count("relative") == 1
    assert main(["compare", str(folder), str(folder), "--table", "position"]) == 2
    err = capsys.readouterr().err
    assert "t5 has no position table (relative: a learned bias" in err and err.count("relative") == 1


def _neox_folder(folder, **rope):
    import torch
    from transformers import GPTNeoXConfig, GPTNeoXForCausalLM

    torch.manual_seed(0)
    config = GPTNeoXConfig(vocab_size=64, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                           intermediate_size=64, max_position_embeddings=128, **rope)
    model = GPTNeoXForCausalLM(config)
    model.save_pretrained(folder)
    return folder, model


@pytest.mark.parametrize("rope", [{"rope_parameters": {"rope_type": "default", "rope_theta": 500.0,
                                                       "partial_rotary_factor": 0.25}}],
                         ids=["transformers-5-rope-parameters"])
def test_a_partly_rotary_head_lists_the_frequencies_transformers_rotates_by(tmp_path, capsys, rope):
    """Pythia rotates a quarter of each head (rotary_pct 0.25): all 8 frequencies of its head were listed (audit)."""
    folder, model = _neox_folder(tmp_path / "neox", **rope)
    inv_freq = next(buffer for name, buffer in model.named_buffers() if name.endswith("inv_freq"))
    assert main(["positions", str(folder), "--json"]) == 0
    rotary = json.loads(capsys.readouterr().out)["rotary"]
    assert (rotary["head_dim"], rotary["rotary_dim"], rotary["rope_theta"]) == (16, 4, 500.0)
    np.testing.assert_allclose(rotary["frequencies"], inv_freq.double().numpy(), rtol=1e-6)


@pytest.mark.parametrize("config, rotary_dim, theta", [
    ({"rotary_pct": 0.5, "rotary_emb_base": 100}, 8, 100.0),  # transformers 4's GPT-NeoX spelling (Pythia)
    ({"rotary_dim": 4}, 4, 10000.0),  # GPT-J
    ({"partial_rotary_factor": 0.75}, 12, 10000.0),  # Phi
])
def test_the_rotated_part_of_a_head_is_read_from_each_configs_spelling(tmp_path, capsys, config, rotary_dim, theta):
    folder, _ = _neox_folder(tmp_path / "neox")
    written = json.loads((folder / "config.json").read_text())
    written.pop("rope_parameters", None)
    written.pop("partial_rotary_factor", None)
    (folder / "config.json").write_text(json.dumps({**written, **config}))
    assert main(["positions", str(folder), "--json"]) == 0
    rotary = json.loads(capsys.readouterr().out)["rotary"]
    assert (rotary["rotary_dim"], rotary["rope_theta"]) == (rotary_dim, theta)
    np.testing.assert_allclose(rotary["frequencies"], theta ** (-np.arange(0, rotary_dim, 2) / rotary_dim))
