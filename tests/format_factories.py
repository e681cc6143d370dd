"""Tiny checkpoints in every container format the readers take, for tests.

Weights are random; the writers are the reference ones (``transformers``
models' ``state_dict``, ``torch.save``, ``huggingface_hub``'s shard splitter,
``gguf.GGUFWriter``, ``np.savez``), so the files are what real tools write.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import torch

from tests.factories import D_MODEL, N_POSITIONS, VOCAB


def gpt2_model(*, tied: bool = True, seed: int = 0):
    from transformers import GPT2Config, GPT2LMHeadModel

    torch.manual_seed(seed)
    return GPT2LMHeadModel(GPT2Config(vocab_size=VOCAB, n_embd=D_MODEL, n_layer=2, n_head=2, n_positions=N_POSITIONS,
                                      tie_word_embeddings=tied, bos_token_id=0, eos_token_id=0))


def pytorch_bin_folder(folder: Path, model, *, max_shard_size: int | None = None) -> Path:
    """A Hugging Face folder as ``transformers`` 4 wrote it with ``safe_serialization=False``.

    ``pytorch_model.bin`` is ``torch.save(model.state_dict())`` (a tied head
    stays a second name over the token table's storage); sharded folders use
    ``huggingface_hub.split_torch_state_dict_into_shards``, the splitter
    ``transformers`` uses, with its ``pytorch_model.bin.index.json``.
    """
    from huggingface_hub import split_torch_state_dict_into_shards

    folder.mkdir(parents=True, exist_ok=True)
    model.config.to_json_file(folder / "config.json")
    state = model.state_dict()
    if max_shard_size is None:
        torch.save(state, folder / "pytorch_model.bin")
        return folder
    split = split_torch_state_dict_into_shards(state, filename_pattern="pytorch_model{suffix}.bin",
                                               max_shard_size=max_shard_size)
    for filename, names in split.filename_to_tensors.items():
        torch.save({name: state[name] for name in names}, folder / filename)
    index = {"metadata": split.metadata, "weight_map": split.tensor_to_filename}
    (folder / "pytorch_model.bin.index.json").write_text(json.dumps(index))
    return folder


def save_hf(model, folder: Path) -> Path:
    torch.manual_seed(0)
    model.save_pretrained(folder)
    return folder


def gpt_neo_model(seed: int = 0):
    from transformers import GPTNeoConfig, GPTNeoForCausalLM

    torch.manual_seed(seed)
    return GPTNeoForCausalLM(GPTNeoConfig(vocab_size=VOCAB, hidden_size=D_MODEL, num_layers=2, num_heads=2,
                                          attention_types=[[["global", "local"], 1]], max_position_embeddings=N_POSITIONS,
                                          bos_token_id=0, eos_token_id=0))


def gptj_model(seed: int = 0):
    from transformers import GPTJConfig, GPTJForCausalLM

    torch.manual_seed(seed)
    return GPTJForCausalLM(GPTJConfig(vocab_size=VOCAB, n_embd=D_MODEL, n_layer=2, n_head=2, rotary_dim=8,
                                      n_positions=N_POSITIONS, bos_token_id=0, eos_token_id=0))


def mistral_model(seed: int = 0):
    from transformers import MistralConfig, MistralForCausalLM

    torch.manual_seed(seed)
    return MistralForCausalLM(MistralConfig(vocab_size=VOCAB, hidden_size=D_MODEL, intermediate_size=64,
                                            num_hidden_layers=2, num_attention_heads=2, num_key_value_heads=1,
                                            max_position_embeddings=N_POSITIONS, bos_token_id=0, eos_token_id=0,
                                            pad_token_id=0))


def qwen2_model(*, tied: bool = True, seed: int = 0):
    from transformers import Qwen2Config, Qwen2ForCausalLM

    torch.manual_seed(seed)
    return Qwen2ForCausalLM(Qwen2Config(vocab_size=VOCAB, hidden_size=D_MODEL, intermediate_size=64,
                                        num_hidden_layers=2, num_attention_heads=2, num_key_value_heads=1,
                                        max_position_embeddings=N_POSITIONS, tie_word_embeddings=tied,
                                        bos_token_id=0, eos_token_id=0, pad_token_id=0))


def t5_model(seed: int = 0):
    """T5 with its shared table (transformers 5 always ties T5's head to it)."""
    from transformers import T5Config, T5ForConditionalGeneration

    torch.manual_seed(seed)
    return T5ForConditionalGeneration(T5Config(vocab_size=VOCAB, d_model=D_MODEL, d_kv=8, d_ff=64, num_layers=2,
                                               num_heads=2, decoder_start_token_id=0, pad_token_id=0, eos_token_id=1))


# --- nanoGPT ---------------------------------------------------------------

def nanogpt_state_dict(vocab_size: int = VOCAB, d_model: int = D_MODEL, block_size: int = N_POSITIONS,
                       n_layer: int = 2, seed: int = 0) -> dict[str, torch.Tensor]:
    """The state dict of nanoGPT's ``GPT`` (model.py), names and layouts as it saves them.

    ``lm_head.weight`` is the token table itself (nanoGPT ties by assignment),
    the attention projection is an ``nn.Linear`` ``(3 d, d)``, and the causal
    mask buffer ``attn.bias`` is present (the non-flash path).
    """
    generator = torch.Generator().manual_seed(seed)

    def randn(*shape):
        return torch.randn(*shape, generator=generator) * 0.02

    wte = randn(vocab_size, d_model)
    state = {"transformer.wte.weight": wte, "transformer.wpe.weight": randn(block_size, d_model)}
    for i in range(n_layer):
        h = f"transformer.h.{i}."
        state.update({
            h + "ln_1.weight": torch.ones(d_model), h + "ln_1.bias": torch.zeros(d_model),
            h + "attn.c_attn.weight": randn(3 * d_model, d_model), h + "attn.c_attn.bias": torch.zeros(3 * d_model),
            h + "attn.c_proj.weight": randn(d_model, d_model), h + "attn.c_proj.bias": torch.zeros(d_model),
            h + "attn.bias": torch.tril(torch.ones(block_size, block_size)).view(1, 1, block_size, block_size),
            h + "ln_2.weight": torch.ones(d_model), h + "ln_2.bias": torch.zeros(d_model),
            h + "mlp.c_fc.weight": randn(4 * d_model, d_model), h + "mlp.c_fc.bias": torch.zeros(4 * d_model),
            h + "mlp.c_proj.weight": randn(d_model, 4 * d_model), h + "mlp.c_proj.bias": torch.zeros(d_model),
        })
    state["transformer.ln_f.weight"] = torch.ones(d_model)
    state["transformer.ln_f.bias"] = torch.zeros(d_model)
    state["lm_head.weight"] = wte
    return state


def nanogpt_parameters(state: dict[str, torch.Tensor]) -> int:
    """What nanoGPT's ``sum(p.numel() for p in model.parameters())`` gives: shared once, buffers out."""
    seen, total = set(), 0
    for name, tensor in state.items():
        if name.endswith(".attn.bias") or tensor.data_ptr() in seen:  # the causal-mask buffer
            continue
        seen.add(tensor.data_ptr())
        total += tensor.numel()
    return total


def nanogpt_checkpoint(folder: Path, *, vocab_size: int = VOCAB, prefix: str = "", meta_chars: str | None = None,
                       iter_num: int = 250, model_args: dict | None = None) -> Path:
    """``ckpt.pt`` as nanoGPT's train.py saves it (optionally with ``meta.pkl`` beside)."""
    folder.mkdir(parents=True, exist_ok=True)
    state = nanogpt_state_dict(vocab_size=vocab_size)
    model = {prefix + k: v for k, v in state.items()}
    args = dict(n_layer=2, n_head=2, n_embd=D_MODEL, block_size=N_POSITIONS, bias=True, vocab_size=vocab_size,
                dropout=0.0)
    args.update(model_args or {})
    optimizer = {"state": {i: {"step": torch.tensor(float(iter_num)), "exp_avg": torch.zeros_like(v),
                               "exp_avg_sq": torch.zeros_like(v)} for i, v in enumerate(state.values())},
                 "param_groups": [{"lr": 6e-4, "betas": (0.9, 0.95), "weight_decay": 0.1, "params": [0, 1]}]}
    checkpoint = {"model": model, "optimizer": optimizer, "model_args": args, "iter_num": iter_num,
                  "best_val_loss": torch.tensor(1.4697), "config": {"dataset": "shakespeare_char", "batch_size": 12}}
    torch.save(checkpoint, folder / "ckpt.pt")
    if meta_chars is not None:
        stoi = {ch: i for i, ch in enumerate(meta_chars)}
        itos = {i: ch for i, ch in enumerate(meta_chars)}
        with open(folder / "meta.pkl", "wb") as handle:
            pickle.dump({"vocab_size": len(meta_chars), "itos": itos, "stoi": stoi}, handle)
    return folder / "ckpt.pt"


# --- GGUF ------------------------------------------------------------------

def gguf_file(path: Path, *, arch: str = "llama", tokens: list[str] | None = None, token_types: list[int] | None = None,
              tokenizer_model: str = "gpt2", merges: list[str] | None = None, qtype: str = "Q8_0",
              head: bool = False, position: bool = False,
              embedding_length: int | None = None, transpose: bool = False, vocab: int = VOCAB,
              d_model: int = 64, seed: int = 0) -> tuple[Path, np.ndarray]:
    """A small GGUF file written by ``gguf.GGUFWriter``; returns it and the float32 token table written.

    ``d_model`` defaults to 64 because quantized blocks hold 32 values.
    ``transpose`` writes the token table the wrong way round (a broken converter).
    """
    import gguf
    from gguf import GGMLQuantizationType as Q

    rng = np.random.default_rng(seed)
    token = rng.standard_normal((vocab, d_model)).astype(np.float32)
    writer = gguf.GGUFWriter(str(path), arch)
    writer.add_embedding_length(d_model if embedding_length is None else embedding_length)
    writer.add_block_count(1)
    writer.add_context_length(128)
    writer.add_head_count(2)
    writer.add_rope_freq_base(10000.0)
    if tokens is not None:
        writer.add_tokenizer_model(tokenizer_model)
        writer.add_token_list(tokens)
        writer.add_token_types(token_types or [1] * len(tokens))
    if merges is not None:
        writer.add_token_merges(merges)

    def add(name: str, table: np.ndarray, kind: str) -> None:
        quantized = gguf.quants.quantize(table, Q[kind]) if kind != "F32" else table
        writer.add_tensor(name, quantized, raw_shape=quantized.shape, raw_dtype=Q[kind])

    add("token_embd.weight", np.ascontiguousarray(token.T) if transpose else token, qtype)
    if position:
        add("position_embd.weight", rng.standard_normal((16, d_model)).astype(np.float32), "F32")
    if head:
        add("output.weight", rng.standard_normal((vocab, d_model)).astype(np.float32), "F32")
    add("blk.0.attn_norm.weight", np.ones(d_model, np.float32), "F32")
    add("blk.0.attn_q.weight", rng.standard_normal((d_model, d_model)).astype(np.float32), "Q4_1")
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path, token


# --- Embedding Projector and NumPy ------------------------------------------

def projector_export(folder: Path, table: np.ndarray, labels: list[str] | None = None,
                     header: list[str] | None = None, extra_columns: list[list[str]] | None = None) -> Path:
    """``vectors.tsv`` (+ ``metadata.tsv``) as the Projector's exporters write them."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "vectors.tsv").write_text("\n".join("\t".join(f"{v:.9g}" for v in row) for row in table) + "\n")
    if labels is not None:
        lines = labels if header is None else ["\t".join(header)] + [
            "\t".join([label] + (extra_columns[i] if extra_columns else [])) for i, label in enumerate(labels)]
        (folder / "metadata.tsv").write_text("\n".join(lines) + "\n")
    return folder
