"""nanoGPT weights mapped onto transformers' GPT-2: same logits as nanoGPT's own forward."""

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.torch_pickle import load_torch_file
from dashboard.errors import CheckpointReadError, ExplorerError, ForwardUnavailableError, UnsafeCheckpointError
from dashboard.forward.loading import load_forward_model
from dashboard.forward.nanogpt import TRANSPOSED, gpt2_from_nanogpt, read_nanogpt_checkpoint
from dashboard.tables import EmbeddingTables, Tying, Vocabulary

#: Random init leaves attention scores and MLP inputs near zero, where exact and tanh GELU agree and softmax is
#: flat; scaled up, a wrong activation or a transposed matrix changes the logits far beyond float rounding.
SCALES = {"c_attn.weight": 3, "c_fc.weight": 40}
ARGS = dict(n_layer=2, n_head=2, n_embd=16, block_size=12, bias=True, vocab_size=40, dropout=0.0)


def nanogpt_logits(sd: dict, args: dict, idx: torch.Tensor) -> torch.Tensor:
    """nanoGPT's GPT.forward (karpathy/nanoGPT model.py), written from its state dict with Linear semantics."""
    n_embd, n_head = args["n_embd"], args["n_head"]
    B, T = idx.shape

    def ln(x, name):
        return F.layer_norm(x, (n_embd,), sd[name + ".weight"], sd.get(name + ".bias"), 1e-5)

    def linear(x, name):
        return F.linear(x, sd[name + ".weight"], sd.get(name + ".bias"))

    x = sd["transformer.wte.weight"][idx] + sd["transformer.wpe.weight"][:T]
    for i in range(args["n_layer"]):
        h = f"transformer.h.{i}."
        q, k, v = linear(ln(x, h + "ln_1"), h + "attn.c_attn").split(n_embd, dim=2)
        q, k, v = (t.view(B, T, n_head, -1).transpose(1, 2) for t in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(B, T, n_embd)
        x = x + linear(y, h + "attn.c_proj")
        x = x + linear(F.gelu(linear(ln(x, h + "ln_2"), h + "mlp.c_fc")), h + "mlp.c_proj")
    return F.linear(ln(x, "transformer.ln_f"), sd["lm_head.weight"])


def nanogpt_state_dict_from_gpt2(args: dict) -> dict[str, torch.Tensor]:
    """A nanoGPT-shaped state dict, as train.py saves it after torch.compile, from a random GPT-2."""
    from transformers import GPT2Config, GPT2LMHeadModel

    torch.manual_seed(0)
    config = GPT2Config(vocab_size=args["vocab_size"], n_positions=args["block_size"], n_embd=args["n_embd"],
                        n_layer=args["n_layer"], n_head=args["n_head"], activation_function="gelu",
                        bos_token_id=None, eos_token_id=None)
    reference = GPT2LMHeadModel(config)
    sd = {}
    for key, value in reference.state_dict().items():
        value = value.clone()
        if key.endswith(TRANSPOSED):
            value = value.t().contiguous()  # Conv1D (in, out) -> nn.Linear (out, in)
        sd[key] = value * SCALES.get(key.rsplit(".", 2)[-2] + ".weight", 1) if key.endswith(".weight") else value
    sd["lm_head.weight"] = sd["transformer.wte.weight"]  # nanoGPT ties by sharing the tensor
    for i in range(args["n_layer"]):  # nanoGPT's non-flash causal-mask buffer
        sd[f"transformer.h.{i}.attn.bias"] = torch.tril(torch.ones(args["block_size"], args["block_size"]))[None, None]
    return {"_orig_mod." + key: value for key, value in sd.items()}


def _strip(sd):
    return {k.removeprefix("_orig_mod."): v for k, v in sd.items()}


def test_mapped_model_matches_nanogpt_forward():
    sd = nanogpt_state_dict_from_gpt2(ARGS)
    model = gpt2_from_nanogpt(sd, ARGS)
    idx = torch.tensor([[1, 7, 3, 39, 0, 12, 5]])
    with torch.no_grad():
        ours = model(idx).logits
        expected = nanogpt_logits(_strip(sd), ARGS, idx)
    torch.testing.assert_close(ours, expected, atol=1e-5, rtol=1e-5)
    assert model.config.tie_word_embeddings
    assert model.lm_head.weight.data_ptr() == model.transformer.wte.weight.data_ptr()


def test_bias_free_nanogpt_maps_with_zero_biases():
    args = dict(ARGS, bias=False)
    sd = {k: v for k, v in _strip(nanogpt_state_dict_from_gpt2(args)).items() if not k.endswith(".bias")}
    model = gpt2_from_nanogpt(sd, args)
    idx = torch.tensor([[4, 2, 9, 9, 1]])
    with torch.no_grad():
        torch.testing.assert_close(model(idx).logits, nanogpt_logits(sd, args, idx), atol=1e-5, rtol=1e-5)


def test_untied_head_is_kept():
    sd = _strip(nanogpt_state_dict_from_gpt2(ARGS))
    sd["lm_head.weight"] = torch.randn_like(sd["lm_head.weight"])
    model = gpt2_from_nanogpt(sd, ARGS)
    assert not model.config.tie_word_embeddings
    torch.testing.assert_close(model.lm_head.weight, sd["lm_head.weight"])


def test_missing_tensor_and_wrong_shape_are_named():
    sd = _strip(nanogpt_state_dict_from_gpt2(ARGS))
    with pytest.raises(CheckpointReadError, match="transformer.h.1.mlp.c_fc.weight"):
        gpt2_from_nanogpt({k: v for k, v in sd.items() if "h.1.mlp.c_fc.weight" not in k}, ARGS)
    with pytest.raises(CheckpointReadError, match=r"shape \(16, 99\) but model_args imply \(16, 64\)"):
        gpt2_from_nanogpt({**sd, "transformer.h.0.mlp.c_fc.weight": torch.zeros(99, 16)}, ARGS)
    with pytest.raises(CheckpointReadError, match="lacks n_head"):
        gpt2_from_nanogpt(sd, {k: v for k, v in ARGS.items() if k != "n_head"})


def test_ckpt_pt_builds_a_causal_gpt2(tmp_path):
    sd = nanogpt_state_dict_from_gpt2(ARGS)
    path = tmp_path / "ckpt.pt"
    torch.save({"model": sd, "model_args": ARGS, "iter_num": 100, "best_val_loss": torch.tensor(2.5),
                "config": {"dataset": "shakespeare_char"}}, path)
    state_dict, model_args = read_nanogpt_checkpoint(path)
    assert model_args == ARGS and "_orig_mod.transformer.wte.weight" in state_dict
    tables = load_tables(path)  # the real nanoGPT reader points the forward pass at the file
    assert tables.format == "nanogpt" and tables.model_path == str(path)
    model = load_forward_model(tables)
    assert (model.architecture, model.position_kind, model.causal, model.has_lm_head) == ("gpt2", "learned", True, True)


def test_state_dict_without_model_args_cannot_run(tmp_path):
    path = tmp_path / "weights.pt"
    torch.save(_strip(nanogpt_state_dict_from_gpt2(ARGS)), path)
    # The state-dict reader calls such a file a bare table; even pointed at the
    # file, the builder refuses for want of model_args rather than guessing them.
    tables = EmbeddingTables(token=np.zeros((ARGS["vocab_size"], ARGS["n_embd"])),
                             vocabulary=Vocabulary.placeholder(ARGS["vocab_size"]), tying=Tying("untied", "test"),
                             source=str(path), format="nanogpt", architecture="gpt2", source_dtype="float32",
                             model_path=str(path))
    with pytest.raises(ForwardUnavailableError, match="model_args"):
        load_forward_model(tables)


class Boom:
    def __reduce__(self):
        return (print, ("this must never run",))


def test_pickle_with_code_is_refused_and_nothing_runs(tmp_path, capsys):
    path = tmp_path / "evil.pt"
    torch.save({"model": {}, "model_args": ARGS, "payload": Boom()}, path)
    with pytest.raises(UnsafeCheckpointError, match="nothing was executed"):
        read_nanogpt_checkpoint(path)
    assert "this must never run" not in capsys.readouterr().out


@pytest.mark.parametrize("content", ["code", "truncated"])
def test_refusals_read_as_those_of_the_table_readers(tmp_path, content):
    """The forward pass opens ckpt.pt with the same safe loader as the readers: one wording everywhere."""
    path = tmp_path / "ckpt.pt"
    torch.save({"model": {}, "model_args": ARGS, "payload": Boom()}, path)
    if content == "truncated":
        torch.save({"model": _strip(nanogpt_state_dict_from_gpt2(ARGS)), "model_args": ARGS}, path)
        path.write_bytes(path.read_bytes()[:5000])
    with pytest.raises(ExplorerError) as forward:
        read_nanogpt_checkpoint(path)
    with pytest.raises(ExplorerError) as readers:
        load_torch_file(path)
    assert type(forward.value) is type(readers.value) and str(forward.value) == str(readers.value)
