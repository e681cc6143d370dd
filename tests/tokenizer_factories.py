"""A small byte-level BPE tokenizer (GPT-2 / SmolLM2 style), written as tokenizer.json or into a GGUF file.

Built by hand so that the tests know its tokens: the 256 byte characters of
GPT-2's byte-to-character table, then :data:`MERGED` built by left-to-right
merges, word-initial forms (``Ġking``) listed before mid-word ones
(``king``) as a trained BPE ranks them, so `` king`` becomes ``Ġking``
while ``viking`` ends in the mid-word ``king``. ``Ġxylophone`` is not one
token: it becomes ``Ġxyl`` + ``ophone``.
"""

from __future__ import annotations

from pathlib import Path

from tests import format_factories

SPECIAL = "<|endoftext|>"
MERGED = ("Ġking", "Ġqueen", "Ġman", "Ġwoman", "Ġcat", "Ġcats", "Ġdog", "Ġpet", "ĠTuesday", "Ġxyl", "ophone",
          "Ġthe", "Ġsat", "Ġon", "Ġa", "Ġmat", "the", "king", "cat")


def byte_level_vocabulary() -> tuple[list[str], list[str]]:
    """``(tokens, merges)``: tokens by id (``<|endoftext|>`` is id 0), merges as ``"left right"``, best first."""
    from transformers.convert_slow_tokenizer import bytes_to_unicode

    tokens = [SPECIAL] + list(bytes_to_unicode().values())
    merges: list[str] = []
    for word in MERGED:
        for end in range(2, len(word) + 1):
            if word[:end] not in tokens:
                merges.append(f"{word[:end - 1]} {word[end - 1]}")
                tokens.append(word[:end])
    return tokens, merges


def byte_level_tokenizer():
    """The vocabulary as a ``tokenizers.Tokenizer`` (ByteLevel pre-tokenizer, no prefix space, like SmolLM2)."""
    from tokenizers import Tokenizer, decoders, pre_tokenizers
    from tokenizers.models import BPE

    tokens, merges = byte_level_vocabulary()
    tokenizer = Tokenizer(BPE({t: i for i, t in enumerate(tokens)}, [tuple(m.split(" ")) for m in merges]))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    tokenizer.add_special_tokens([SPECIAL])
    return tokenizer


def byte_level_gguf(path: Path) -> Path:
    """A Llama GGUF whose metadata holds the tokenizer (model ``gpt2``, tokens, merges, token types)."""
    tokens, merges = byte_level_vocabulary()
    types = [3] + [1] * (len(tokens) - 1)  # gguf.TokenType: 3 CONTROL, 1 NORMAL
    format_factories.gguf_file(path, tokens=tokens, token_types=types, merges=merges, vocab=len(tokens))
    return path


def llama_gguf(path: Path, *, d_model: int = 32, layers: int = 2, heads: int = 4, kv_heads: int = 2,
               tied: bool = True, seed: int = 0):
    """A whole, runnable Llama in a GGUF file as llama.cpp's converter writes one: the byte-level tokenizer above,
    every block's tensors in float32, and q/k rows permuted as ``convert_hf_to_gguf.py`` permutes them
    (transformers undoes that on load).

    Returns:
        ``(path, model)``: the file and the random ``LlamaForCausalLM`` it was written from, to compare against.
    """
    import gguf
    import numpy as np
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    tokens, merges = byte_level_vocabulary()
    torch.manual_seed(seed)
    config = LlamaConfig(vocab_size=len(tokens), hidden_size=d_model, intermediate_size=2 * d_model,
                         num_hidden_layers=layers, num_attention_heads=heads, num_key_value_heads=kv_heads,
                         max_position_embeddings=64, rms_norm_eps=1e-5, rope_theta=10000.0,
                         tie_word_embeddings=tied)
    model = LlamaForCausalLM(config).eval()
    head_dim = d_model // heads

    def permute(weights: np.ndarray, n_head: int) -> np.ndarray:  # convert_hf_to_gguf.py, LlamaModel.permute
        return (weights.reshape(n_head, 2, weights.shape[0] // n_head // 2, *weights.shape[1:])
                .swapaxes(1, 2).reshape(weights.shape))

    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_context_length(64)
    writer.add_embedding_length(d_model)
    writer.add_block_count(layers)
    writer.add_feed_forward_length(2 * d_model)
    writer.add_rope_dimension_count(head_dim)
    writer.add_rope_freq_base(10000.0)
    writer.add_head_count(heads)
    writer.add_head_count_kv(kv_heads)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_tokenizer_model("gpt2")
    writer.add_token_list(tokens)
    writer.add_token_types([3] + [1] * (len(tokens) - 1))
    writer.add_token_merges(merges)
    state = {name: tensor.detach().numpy().astype(np.float32) for name, tensor in model.state_dict().items()}
    names = {"self_attn.q_proj": "attn_q", "self_attn.k_proj": "attn_k", "self_attn.v_proj": "attn_v",
             "self_attn.o_proj": "attn_output", "mlp.gate_proj": "ffn_gate", "mlp.up_proj": "ffn_up",
             "mlp.down_proj": "ffn_down", "input_layernorm": "attn_norm", "post_attention_layernorm": "ffn_norm"}
    writer.add_tensor("token_embd.weight", state["model.embed_tokens.weight"])
    for block in range(layers):
        for hf_name, gguf_name in names.items():
            weights = state[f"model.layers.{block}.{hf_name}.weight"]
            if gguf_name in ("attn_q", "attn_k"):
                weights = permute(weights, heads if gguf_name == "attn_q" else kv_heads)
            writer.add_tensor(f"blk.{block}.{gguf_name}.weight", np.ascontiguousarray(weights))
    writer.add_tensor("output_norm.weight", state["model.norm.weight"])
    if not tied:
        writer.add_tensor("output.weight", state["lm_head.weight"])
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path, model
