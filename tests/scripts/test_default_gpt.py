"""The pieces of scripts/train_default_gpt.py on tiny inputs: corpus cleaning, tokenizer,
training loop, quality measures, nanoGPT export and the card's chart."""

import numpy as np
import pytest
import torch

from scripts.default_gpt import corpus, quality
from scripts.default_gpt.nanogpt import COMPILED_PREFIX, nanogpt_checkpoint, write_nanogpt_checkpoint
from scripts.default_gpt.training import TrainSettings, build_model, learning_rate_at, sample_batch, train

PAGE = """<html><body>
<div class="sphinxsidebar"><p>Navigation text</p></div>
<div class="body" role="main">
  <h1>Title<a class="headerlink" href="#t">¶</a></h1>
  <p>Return the <em>absolute</em> value of a
     number, like <code><span class="pre">abs()</span></code>.</p>
  <div class="highlight"><pre><span>def</span> f(): <p>not prose</p></pre></div>
  <table><tr><td><p>LOG_DAEMON</p></td></tr></table>
  <dl><dd><p>A second&nbsp;paragraph &amp; more.<br>Same paragraph.</p></dd></dl>
</div>
<div class="footer"><p>Footer text</p></div>
</body></html>"""

TINY = TrainSettings(vocab_size=64, n_positions=16, d_model=16, n_layer=1, n_head=2, batch_size=2, steps=3,
                     warmup_steps=1, eval_every=2, eval_batches=1, threads=1)


def test_extract_prose_keeps_body_paragraphs_only():
    assert corpus.extract_prose(PAGE) == [
        "Return the absolute value of a number, like abs().",
        "A second paragraph & more. Same paragraph.",
    ]


def test_missing_docs_package_names_the_install_command(tmp_path):
    with pytest.raises(corpus.CorpusMissingError, match=r"apt-get install -y python3\.11-doc"):
        corpus.find_pages(tmp_path / "absent")


def test_read_pages_drops_pages_without_prose(tmp_path):
    (tmp_path / "b.html").write_text(PAGE)
    (tmp_path / "a.html").write_text("<div role='main'><pre>code only</pre></div>")
    assert corpus.read_pages(tmp_path) == ["Return the absolute value of a number, like abs().\n"
                                           "A second paragraph & more. Same paragraph."]


def test_tokenizer_is_byte_level_with_end_of_text_first():
    from scripts.default_gpt.tokenizer import END_OF_TEXT, train_tokenizer

    text = ["the function returns the value of the function argument"] * 20
    tokenizer = train_tokenizer(text, vocab_size=300)
    assert tokenizer.token_to_id(END_OF_TEXT) == 0
    assert tokenizer.get_vocab_size() <= 300 and "Ġfunction" in tokenizer.get_vocab()
    assert tokenizer.decode(tokenizer.encode("naïve ✓ text").ids) == "naïve ✓ text"  # bytes, never unknown


def test_learning_rate_warms_up_then_decays_to_the_floor():
    settings = TrainSettings(steps=100, warmup_steps=10, learning_rate=1.0, min_learning_rate=0.1)
    rates = [learning_rate_at(s, settings) for s in range(101)]
    assert rates[9] == pytest.approx(1.0) and rates[0] == pytest.approx(0.1)
    assert all(a >= b for a, b in zip(rates[9:], rates[10:]))
    assert rates[100] == pytest.approx(0.1)


def test_sample_batch_crops_one_extra_token():
    tokens = np.arange(1000, dtype=np.uint16)
    batch = sample_batch(tokens, TINY, np.random.default_rng(0))
    assert batch.shape == (TINY.batch_size, TINY.n_positions + 1) and batch.dtype == torch.int64
    assert (batch[:, 1:] - batch[:, :-1] == 1).all()  # contiguous crops


def _trained(seed_tokens: np.ndarray):
    torch.manual_seed(TINY.seed)
    model = build_model(TINY)
    history = train(model, seed_tokens, seed_tokens, TINY, log=lambda line: None)
    return model, history


def test_model_is_untied_with_zero_position_start():
    model = build_model(TINY)
    assert model.lm_head.weight.data_ptr() != model.transformer.wte.weight.data_ptr()
    assert not model.transformer.wpe.weight.any()


def test_training_is_repeatable_and_moves_the_position_table():
    tokens = np.random.default_rng(1).integers(0, TINY.vocab_size, 500).astype(np.uint16)
    first, history = _trained(tokens)
    second, _ = _trained(tokens)
    for (name, a), b in zip(first.state_dict().items(), second.state_dict().values()):
        assert torch.equal(a, b), name
    assert len(history["train_loss"]) == TINY.steps
    assert [s for s, _ in history["val_loss"]] == [0, 2, 3]
    assert history["position_cosine"][0] == [0, None]  # the zero table has no direction yet
    assert first.transformer.wpe.weight.detach().abs().min(dim=1).values.gt(0).all()


def test_adjacent_position_cosine():
    assert quality.adjacent_position_cosine(np.ones((5, 3), np.float32)) == pytest.approx(1.0)
    alternating = np.array([[1, 0], [0, 1]] * 3, np.float32)
    assert quality.adjacent_position_cosine(alternating) == pytest.approx(0.0)
    flips = np.array([[1, 2], [-1, -2], [1, 2]], np.float32)
    assert quality.adjacent_position_cosine(flips) == pytest.approx(-1.0)


def test_frequent_words_are_lowercase_whole_words_without_stop_words():
    vocabulary = ["<|endoftext|>", "Ġfunction", "Ġthe", "ing", "ĠClass", "Ġvalue", "Ġabout", "Ġmap"]
    tokens = np.array([1] * 5 + [2] * 9 + [3] * 9 + [4] * 9 + [5] * 5 + [6] * 9 + [7] * 9)
    # "the"/"about" are stop words, "ing" no whole word, "Class" capitalised, "map" too short.
    assert quality.frequent_words(tokens, vocabulary, 3) == [(1, 5), (5, 5)]


def test_nearest_neighbours_match_brute_force():
    table = np.random.default_rng(0).normal(size=(50, 8)).astype(np.float32)
    found = quality.nearest_neighbours(table, 7, 5)
    unit = table / np.linalg.norm(table, axis=1, keepdims=True)
    cosine = unit @ unit[7]
    expected = [i for i in np.argsort(-cosine) if i != 7][:5]
    assert [i for i, _ in found] == expected
    assert [c for _, c in found] == pytest.approx(cosine[expected].tolist(), abs=1e-6)


def test_nanogpt_export_layout(tmp_path):
    from tests import factories
    from transformers import GPT2LMHeadModel

    model = GPT2LMHeadModel.from_pretrained(factories.gpt2_folder(tmp_path / "hf", tied=False))
    path = tmp_path / "out" / "ckpt.pt"
    write_nanogpt_checkpoint(nanogpt_checkpoint(model, iter_num=7, best_val_loss=1.5, config={"seed": 1}), path)
    checkpoint = torch.load(path, weights_only=True)
    assert set(checkpoint) == {"model", "model_args", "config", "iter_num", "best_val_loss"}
    assert checkpoint["model_args"] == dict(n_layer=2, n_head=2, n_embd=factories.D_MODEL,
                                            block_size=factories.N_POSITIONS, bias=True,
                                            vocab_size=factories.VOCAB, dropout=0.0)
    state = checkpoint["model"]
    assert all(key.startswith(COMPILED_PREFIX) for key in state)
    hf = dict(model.named_parameters())
    assert len(state) == len(hf)
    p = COMPILED_PREFIX
    assert torch.equal(state[p + "transformer.wte.weight"], hf["transformer.wte.weight"])
    assert torch.equal(state[p + "transformer.wpe.weight"], hf["transformer.wpe.weight"])
    assert torch.equal(state[p + "lm_head.weight"], hf["lm_head.weight"])
    # nn.Linear (out, in) in nanoGPT vs Conv1D (in, out) in transformers.
    c_attn = state[p + "transformer.h.0.attn.c_attn.weight"]
    assert c_attn.shape == (3 * factories.D_MODEL, factories.D_MODEL)
    assert torch.equal(c_attn, hf["transformer.h.0.attn.c_attn.weight"].T)
    assert torch.equal(state[p + "transformer.h.1.mlp.c_fc.weight"], hf["transformer.h.1.mlp.c_fc.weight"].T)
    assert torch.equal(state[p + "transformer.h.0.ln_1.bias"], hf["transformer.h.0.ln_1.bias"])


def test_nanogpt_export_computes_the_same_attention_projection(tmp_path):
    from tests import factories
    from transformers import GPT2LMHeadModel

    model = GPT2LMHeadModel.from_pretrained(factories.gpt2_folder(tmp_path / "hf", tied=False))
    state = nanogpt_checkpoint(model, iter_num=0, best_val_loss=0.0, config={})["model"]
    x = torch.randn(3, factories.D_MODEL)
    linear = torch.nn.functional.linear(x, state[COMPILED_PREFIX + "transformer.h.0.attn.c_attn.weight"],
                                        state[COMPILED_PREFIX + "transformer.h.0.attn.c_attn.bias"])
    torch.testing.assert_close(linear, model.transformer.h[0].attn.c_attn(x))


def test_loss_curve_chart_spec():
    from scripts.default_gpt.card import loss_curve_chart, loss_frame, position_cosine_frame

    history = {"train_loss": [5.0, 4.0, 3.0], "val_loss": [[0, 6.0], [3, 3.5]], "raw_val_loss": [[0, 6.0], [3, 3.6]],
               "position_cosine": [[0, None], [3, 0.6]], "raw_position_cosine": [[0, None], [3, 0.2]]}
    losses = loss_frame(history, window=2)
    assert losses[losses.series == "validation, averaged weights"].loss.tolist() == [6.0, 3.5]
    assert losses[losses.series.str.startswith("training")].loss.tolist() == [5.0, 4.5, 3.5]
    cosines = position_cosine_frame(history)
    assert cosines.cosine.tolist() == [0.6, 0.2]  # the zero table's missing value is left out
    spec = loss_curve_chart(losses, cosines).to_dict()
    left, right = spec["hconcat"]
    assert spec["resolve"]["scale"]["color"] == "independent"  # one legend per panel
    assert left["encoding"]["y"]["field"] == "loss" and left["encoding"]["color"]["field"] == "series"
    assert right["encoding"]["y"]["scale"]["domain"] == [-1, 1] and right["encoding"]["color"]["field"] == "weights"


def test_related_hits_count_listed_words_only():
    from scripts.default_gpt.card import related_hits

    word = {"token": "Ġfunction", "neighbours": [{"token": "Ġmethod"}, {"token": "Ġwindow"}, {"token": "ĠClass"}]}
    assert related_hits(word) == ["method", "class"]


def test_lag_cosine_separates_a_shared_direction_from_smooth_change():
    angles = np.linspace(0, np.pi, 64)
    smooth = np.stack([np.cos(angles), np.sin(angles)], axis=1).astype(np.float32)
    assert quality.lag_position_cosine(smooth, 1) > quality.lag_position_cosine(smooth, 16) > 0.6
    shared = np.random.default_rng(0).normal(size=(64, 32)).astype(np.float32) * 0.1 + 1.0
    assert quality.lag_position_cosine(shared, 1) == pytest.approx(quality.lag_position_cosine(shared, 16), abs=0.01)
