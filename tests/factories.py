"""Tiny random checkpoints written with the reference library, for tests.

Every factory writes a real Hugging Face folder with ``save_pretrained`` (no
download) and returns its path. Sizes are tiny so a test runs in milliseconds.
"""

from __future__ import annotations

from pathlib import Path

import torch

VOCAB, D_MODEL, N_POSITIONS = 96, 32, 48


def _save(model, folder: Path, **kwargs) -> Path:
    torch.manual_seed(0)
    model.save_pretrained(folder, **kwargs)
    return folder


def gpt2_folder(folder: Path, *, tied: bool = True, seed: int = 0, **kwargs) -> Path:
    from transformers import GPT2Config, GPT2LMHeadModel

    torch.manual_seed(seed)
    config = GPT2Config(vocab_size=VOCAB, n_embd=D_MODEL, n_layer=2, n_head=2, n_positions=N_POSITIONS,
                        tie_word_embeddings=tied, bos_token_id=0, eos_token_id=0)
    return _save(GPT2LMHeadModel(config), folder, **kwargs)


def bert_folder(folder: Path, *, seed: int = 0) -> Path:
    from transformers import BertConfig, BertModel

    torch.manual_seed(seed)
    config = BertConfig(vocab_size=VOCAB, hidden_size=D_MODEL, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, max_position_embeddings=N_POSITIONS, pad_token_id=0)
    return _save(BertModel(config), folder)


def llama_folder(folder: Path, *, tied: bool = False, seed: int = 0, **kwargs) -> Path:
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(seed)
    config = LlamaConfig(vocab_size=VOCAB, hidden_size=D_MODEL, intermediate_size=64, num_hidden_layers=2,
                         num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=N_POSITIONS,
                         tie_word_embeddings=tied, bos_token_id=0, eos_token_id=0, pad_token_id=0)
    return _save(LlamaForCausalLM(config), folder, **kwargs)


def gemma_folder(folder: Path, *, seed: int = 0, **kwargs) -> Path:
    """Tiny random Gemma: Llama's names, a tied head, rows scaled by sqrt(d_model) in its forward."""
    from transformers import GemmaConfig, GemmaForCausalLM

    torch.manual_seed(seed)
    config = GemmaConfig(vocab_size=VOCAB, hidden_size=D_MODEL, intermediate_size=64, num_hidden_layers=2,
                         num_attention_heads=2, num_key_value_heads=2, head_dim=D_MODEL // 2,
                         max_position_embeddings=N_POSITIONS, bos_token_id=0, eos_token_id=0, pad_token_id=0)
    return _save(GemmaForCausalLM(config), folder, **kwargs)


def opt_folder(folder: Path, *, seed: int = 0, word_embed_proj_dim: int = D_MODEL) -> Path:
    from transformers import OPTConfig, OPTForCausalLM

    torch.manual_seed(seed)
    config = OPTConfig(vocab_size=VOCAB, hidden_size=D_MODEL, num_hidden_layers=2, ffn_dim=64,
                       num_attention_heads=2, max_position_embeddings=N_POSITIONS,
                       word_embed_proj_dim=word_embed_proj_dim,
                       bos_token_id=0, eos_token_id=0, pad_token_id=0)
    return _save(OPTForCausalLM(config), folder)
