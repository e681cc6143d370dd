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
               tied: bool = True, permute_qk: bool = True, seed: int = 0):
    """A whole, runnable Llama in a GGUF file as llama.cpp's converter writes one.

    The byte-level tokenizer above; the token table and the MLP weights in
    Q8_0 (quantized, as SmolLM2's file is), the rest float32; q/k rows
    permuted as ``convert_hf_to_gguf.py`` permutes them (transformers undoes
    that on load). The model written from holds the dequantized values, so a
    correct reader rebuilds it to float32 rounding. Its q/k weights are scaled
    up (x8) so that attention is far from uniform and a wrong permutation shows.

    Args:
        path: the ``.gguf`` file to write.
        d_model: hidden size; a multiple of 32 (Q8_0 blocks) and of ``2 * heads``.
        layers: transformer blocks.
        heads: attention heads; ``kv_heads`` key/value heads (grouped-query when fewer), dividing ``heads``.
        tied: no ``output.weight`` (the head is the token table), else an own head.
        permute_qk: ``False`` writes q/k unpermuted: a broken converter, for negative tests.
        seed: torch seed of the random weights.

    Returns:
        ``(path, model)``: the file and the random ``LlamaForCausalLM`` (float32, eval) it was written from.

    Raises:
        ValueError: a size the format or the architecture cannot hold.
    """
    import gguf
    import numpy as np
    import torch
    from gguf import GGMLQuantizationType as Q
    from transformers import LlamaConfig, LlamaForCausalLM

    if d_model % 32 or d_model % (2 * heads) or heads % kv_heads:
        raise ValueError(f"d_model={d_model}, heads={heads}, kv_heads={kv_heads}: d_model must be a multiple of 32 "
                         "and of 2 x heads, and kv_heads must divide heads")
    tokens, merges = byte_level_vocabulary()
    torch.manual_seed(seed)
    config = LlamaConfig(vocab_size=len(tokens), hidden_size=d_model, intermediate_size=2 * d_model,
                         num_hidden_layers=layers, num_attention_heads=heads, num_key_value_heads=kv_heads,
                         max_position_embeddings=64, rms_norm_eps=1e-5, rope_theta=10000.0,
                         tie_word_embeddings=tied)
    model = LlamaForCausalLM(config).eval()
    head_dim = d_model // heads
    quantized = {"token_embd", "ffn_gate", "ffn_up", "ffn_down"}

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

    def add(gguf_name: str, tensor: torch.Tensor, n_head: int | None = None) -> None:
        """Write ``tensor`` (quantized if its kind is), and make the model hold exactly what the file holds."""
        weights = tensor.detach().numpy().astype(np.float32)
        if gguf_name.split(".")[-1] in quantized:
            blocks = gguf.quants.quantize(weights, Q.Q8_0)
            writer.add_tensor(f"{gguf_name}.weight", blocks, raw_shape=blocks.shape, raw_dtype=Q.Q8_0)
            with torch.no_grad():
                tensor.copy_(torch.from_numpy(gguf.quants.dequantize(blocks, Q.Q8_0).reshape(weights.shape)))
        else:
            permuted = permute(weights, n_head) if n_head is not None and permute_qk else weights
            writer.add_tensor(f"{gguf_name}.weight", np.ascontiguousarray(permuted))

    names = {"self_attn.q_proj": "attn_q", "self_attn.k_proj": "attn_k", "self_attn.v_proj": "attn_v",
             "self_attn.o_proj": "attn_output", "mlp.gate_proj": "ffn_gate", "mlp.up_proj": "ffn_up",
             "mlp.down_proj": "ffn_down", "input_layernorm": "attn_norm", "post_attention_layernorm": "ffn_norm"}
    add("token_embd", model.model.embed_tokens.weight)
    for block, layer in enumerate(model.model.layers):
        with torch.no_grad():
            layer.self_attn.q_proj.weight.mul_(8.0)
            layer.self_attn.k_proj.weight.mul_(8.0)
        for hf_name, gguf_name in names.items():
            module = layer.get_submodule(hf_name)
            n_head = heads if gguf_name == "attn_q" else kv_heads if gguf_name == "attn_k" else None
            add(f"blk.{block}.{gguf_name}", module.weight, n_head)
    add("output_norm", model.model.norm.weight)
    if not tied:
        add("output", model.lm_head.weight)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path, model
