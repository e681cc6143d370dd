"""Where each architecture keeps its embedding tables, as data: the only place checkpoint spellings appear.

Sources: ``_tied_weights_keys`` and ``base_model_prefix`` of ``transformers`` model classes and TransformerLens
``pretrained/weight_conversions/``; ``gguf-py`` ``gguf/constants.py`` (``MODEL_TENSOR``, ``Keys.LLM``); nanoGPT
``model.py`` and ``train.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping


@dataclass(frozen=True)
class KeyMap:
    """Tensor names of one architecture, relative to the base-model prefix.

    Attributes:
        architecture: canonical name (``bert``, ``gpt2``, ``llama`` ...).
        token: the token embedding table.
        position: the learned position table, ``None`` if none.
        token_type: BERT's segment table, ``None`` if none.
        head: full name of the output head (unprefixed: heads sit beside the base model), ``None`` without a head class.
        prefixes: base-model prefixes a state dict may carry, in order (``transformer.`` from ``GPT2LMHeadModel``).
        position_kind: ``learned``, ``rotary``, ``relative`` or ``none``.
        position_offset: rows stored before position 0 (OPT reserves 2).
        causal: whether attention is masked to earlier positions.
        token_aliases: names a tied token table saved once may be stored under instead (tried after ``token``).
    """

    architecture: str
    token: str
    position: str | None = None
    token_type: str | None = None
    head: str | None = "lm_head.weight"
    prefixes: tuple[str, ...] = ("",)
    position_kind: str = "learned"
    position_offset: int = 0
    causal: bool = True
    token_aliases: tuple[str, ...] = ()


_GPT2_LIKE = dict(token="wte.weight", position="wpe.weight", prefixes=("", "transformer."))
_LLAMA_LIKE = dict(token="embed_tokens.weight", prefixes=("", "model."), position_kind="rotary")

KEY_MAPS: dict[str, KeyMap] = {
    # BERT: learned positions, 2-row segment table; BertForMaskedLM ties cls.predictions.decoder to word_embeddings.
    "bert": KeyMap(
        "bert",
        token="embeddings.word_embeddings.weight",
        position="embeddings.position_embeddings.weight",
        token_type="embeddings.token_type_embeddings.weight",
        head="cls.predictions.decoder.weight",
        prefixes=("", "bert."),
        causal=False,
    ),
    "gpt2": KeyMap("gpt2", **_GPT2_LIKE),
    "gpt_neo": KeyMap("gpt_neo", **_GPT2_LIKE),
    # GPT-J keeps GPT-2's names but uses rotary positions: no wpe.
    "gptj": KeyMap("gptj", token="wte.weight", prefixes=("", "transformer."), position_kind="rotary"),
    # OPT: position t is row t + 2 (OPTLearnedPositionalEmbedding.offset).
    "opt": KeyMap(
        "opt",
        token="decoder.embed_tokens.weight",
        position="decoder.embed_positions.weight",
        prefixes=("model.", ""),
        position_offset=2,
    ),
    "llama": KeyMap("llama", **_LLAMA_LIKE),
    "mistral": KeyMap("mistral", **_LLAMA_LIKE),
    "qwen2": KeyMap("qwen2", **_LLAMA_LIKE),
    "qwen3": KeyMap("qwen3", **_LLAMA_LIKE),
    # Gemma 1-3 keep Llama's names; their forward scales the rows by sqrt(d_model) (lessons/lookup/analysis.py).
    "gemma": KeyMap("gemma", **_LLAMA_LIKE),
    "gemma2": KeyMap("gemma2", **_LLAMA_LIKE),
    "gemma3_text": KeyMap("gemma3_text", **_LLAMA_LIKE),
    # T5: relative position bias, no table; `shared` is tied to both stacks' embed_tokens, so a checkpoint that
    # saved it once may keep it under the encoder's name only.
    "t5": KeyMap("t5", token="shared.weight", position_kind="relative", causal=False,
                 token_aliases=("encoder.embed_tokens.weight", "decoder.embed_tokens.weight")),
    # GPT-NeoX / Pythia: rotary, head named embed_out.
    "gpt_neox": KeyMap("gpt_neox", token="embed_in.weight", head="embed_out.weight", prefixes=("", "gpt_neox."),
                       position_kind="rotary"),
}

#: model_type -> (``transformers`` config class, its ``tie_word_embeddings`` default), used when config.json omits it.
TIE_DEFAULTS: dict[str, tuple[str, bool]] = {
    "bert": ("BertConfig", True), "gpt2": ("GPT2Config", True), "gpt_neo": ("GPTNeoConfig", True),
    "gptj": ("GPTJConfig", False), "opt": ("OPTConfig", True), "llama": ("LlamaConfig", False),
    "mistral": ("MistralConfig", False), "qwen2": ("Qwen2Config", False), "qwen3": ("Qwen3Config", False),
    "gemma": ("GemmaConfig", True), "gemma2": ("Gemma2Config", True), "gemma3_text": ("Gemma3TextConfig", True),
    "t5": ("T5Config", True), "gpt_neox": ("GPTNeoXConfig", False),
}

#: nanoGPT's ``GPT`` (model.py): GPT-2 names under ``transformer.``, ``lm_head`` tied by assignment.
NANOGPT = KeyMap("nanogpt", token="wte.weight", position="wpe.weight", prefixes=("transformer.",))

#: Rows -> tokens: nanoGPT's train.py pads GPT-2's 50,257 tokens to 50,304 rows, the extra ones never looked up.
NANOGPT_PADDED_VOCAB = {50304: 50257}

#: Prefixes that wrappers put before every key of a saved state dict -> who leaves them.
WRAPPER_PREFIXES: dict[str, str] = {
    "module.": "torch.nn.parallel.DistributedDataParallel or DataParallel",
    "_orig_mod.": "torch.compile",
}

#: Keys a training checkpoint nests its state dict under (Lightning ``state_dict``, scripts ``model_state_dict``).
STATE_DICT_CONTAINERS = ("state_dict", "model_state_dict", "model", "module")

#: Architectures recognised from key names alone, most specific first: each pattern must match some key.
FINGERPRINTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("bert", (r"(^|\.)embeddings\.word_embeddings\.weight$",)),
    ("t5", (r"(^|\.)(shared|encoder\.embed_tokens)\.weight$", r"(^|\.)encoder\.block\.\d+\.")),
    ("opt", (r"(^|\.)decoder\.embed_tokens\.weight$", r"(^|\.)decoder\.embed_positions\.weight$")),
    ("gpt_neox", (r"(^|\.)embed_in\.weight$",)),
    ("gpt_neo", (r"(^|\.)wte\.weight$", r"\.attn\.attention\.q_proj\.weight$")),  # attention nested once more
    ("gptj", (r"(^|\.)wte\.weight$", r"\.attn\.q_proj\.weight$")),  # GPT-2 names, rotary, no wpe
    ("gpt2", (r"(^|\.)wte\.weight$", r"(^|\.)wpe\.weight$")),  # also nanoGPT (see state_dict.py)
    ("qwen3", (r"(^|\.)embed_tokens\.weight$", r"\.self_attn\.q_norm\.weight$")),  # per-head q/k norms
    ("qwen2", (r"(^|\.)embed_tokens\.weight$", r"\.self_attn\.q_proj\.bias$")),  # q/k/v biases
    ("llama", (r"(^|\.)embed_tokens\.weight$", r"\.self_attn\.q_proj\.weight$")),  # Mistral: same names
)

#: Task-head keys (classification, QA): a base-model prefix beside them does not imply an LM head.
TASK_HEAD_PATTERNS = (r"^score\.", r"^classifier\.", r"^qa_outputs\.", r"^pooler\.", r"^cls\.seq_relationship\.")

#: Keys that show an LM head exists even when its weight was saved once, tied.
LM_HEAD_SIGNS: dict[str, str] = {
    "bert": r"^cls\.predictions\.",  # BertForMaskedLM keeps the decoder bias and transform
    # T5 is nearly always saved as T5ForConditionalGeneration, its head tied to `shared` and saved once.
    "t5": r"^decoder\.block\.",
}


def _gguf(architecture: str, position_kind: str = "rotary", **fields: Any) -> KeyMap:
    return KeyMap(architecture, token="token_embd.weight", head="output.weight", position_kind=position_kind,
                  **fields)


#: GGUF ``general.architecture`` -> its tables (gguf-py MODEL_TENSOR names); encoders have no ``output``.
GGUF_KEY_MAPS: dict[str, KeyMap] = {
    "llama": _gguf("llama"),  # llama.cpp files Mistral and SmolLM2 as llama too
    "qwen2": _gguf("qwen2"),
    "qwen3": _gguf("qwen3"),
    "gemma": _gguf("gemma"),
    "gemma2": _gguf("gemma2"),
    "gemma3": _gguf("gemma3"),
    "phi3": _gguf("phi3"),
    "stablelm": _gguf("stablelm"),
    "olmo": _gguf("olmo"),
    "falcon": _gguf("falcon"),
    "gptj": _gguf("gptj"),
    "gptneox": _gguf("gpt_neox"),
    "starcoder2": _gguf("starcoder2"),
    "gpt2": _gguf("gpt2", position_kind="learned", position="position_embd.weight"),
    "starcoder": _gguf("gpt_bigcode", position_kind="learned", position="position_embd.weight"),
    "bert": KeyMap("bert", token="token_embd.weight", position="position_embd.weight",
                   token_type="token_types.weight", head=None, causal=False),
    "nomic-bert": KeyMap("nomic-bert", token="token_embd.weight", token_type="token_types.weight", head=None,
                         position_kind="rotary", causal=False),
    "t5": _gguf("t5", position_kind="relative", causal=False),
    "t5encoder": KeyMap("t5", token="token_embd.weight", head=None, position_kind="relative", causal=False),
}

#: Canonical setting -> GGUF metadata key after ``{architecture}.`` (gguf-py Keys.LLM).
GGUF_SETTING_NAMES: dict[str, str] = {
    "vocab_size": "vocab_size",
    "d_model": "embedding_length",
    "n_positions": "context_length",
    "n_layer": "block_count",
    "n_head": "attention.head_count",
    "rope_theta": "rope.freq_base",
    "head_dim": "attention.key_length",
    "rotary_dim": "rope.dimension_count",  # llama.cpp: the dimensions of a head that rotate
}

#: Canonical setting -> spellings in config.json files, first found wins.
CONFIG_NAMES: dict[str, tuple[str, ...]] = {
    "vocab_size": ("vocab_size", "n_vocab"),
    "d_model": ("hidden_size", "n_embd", "d_model", "dim"),
    "n_positions": ("max_position_embeddings", "n_positions", "n_ctx", "block_size"),
    "n_layer": ("num_hidden_layers", "n_layer", "num_layers"),
    "n_head": ("num_attention_heads", "n_head", "num_heads"),
    "n_token_types": ("type_vocab_size",),
    "tie_word_embeddings": ("tie_word_embeddings",),
    "token_width": ("word_embed_proj_dim",),  # OPT-350m: a 512-wide token table, projected up to 1,024
    "head_dim": ("head_dim",),  # Qwen3, Gemma: not d_model / n_head
    "rotary_dim": ("rotary_dim",),  # GPT-J: only this many dimensions of a head rotate
}

#: Head classes whose checkpoints must carry an output head (or tie it).
_HEAD_CLASS = re.compile(r"(LMHeadModel|ForCausalLM|ForMaskedLM|ForPreTraining|ForConditionalGeneration)$")

#: Tensors that are buffers, not parameters, in saved checkpoints.
_BUFFER_PATTERNS = (
    re.compile(r"(^|\.)position_ids$"),  # BERT's arange buffer
    re.compile(r"(^|\.)token_type_ids$"),  # BERT's zeros buffer
    re.compile(r"(^|\.)attn\.(bias|masked_bias)$"),  # GPT-2's causal mask
    re.compile(r"(^|\.)rotary_emb\.inv_freq$"),  # older Llama saves
)


def is_buffer(key: str) -> bool:
    """True for saved buffers (masks, position ids) that are not parameters."""
    return any(p.search(key) for p in _BUFFER_PATTERNS)


def canonical_settings(config: Mapping[str, Any]) -> dict[str, Any]:
    """Translate a ``config.json`` mapping to canonical setting names (only those found).

    ``rope_theta`` from ``rope_theta`` (transformers 4), ``rope_parameters.rope_theta`` (5) or ``rotary_emb_base``
    (GPT-NeoX); ``rotary_fraction`` (share of a head's dimensions that rotate, in (0, 1]) from ``partial_rotary_factor``
    (also in ``rope_parameters``) or ``rotary_pct`` (GPT-NeoX, Pythia).
    """
    settings = {}
    for name, spellings in CONFIG_NAMES.items():
        for spelling in spellings:
            if config.get(spelling) is not None:
                settings[name] = config[spelling]
                break
    rope = config.get("rope_parameters") or {}
    rope = rope if isinstance(rope, Mapping) else {}
    theta = next((v for v in (config.get("rope_theta"), rope.get("rope_theta"), config.get("rotary_emb_base"))
                  if v is not None), None)
    if theta is not None:
        settings["rope_theta"] = float(theta)
    fraction = next((v for v in (config.get("partial_rotary_factor"), rope.get("partial_rotary_factor"),
                                 config.get("rotary_pct")) if v is not None), None)
    if fraction is not None:
        settings["rotary_fraction"] = float(fraction)
    return settings


def head_expected(config: Mapping[str, Any]) -> bool:
    """Whether the config's model class has an output head (LM/MLM classes)."""
    return any(_HEAD_CLASS.search(name) for name in config.get("architectures") or ())


def find_key(available: Iterable[str], name: str | None, prefixes: tuple[str, ...]) -> str | None:
    """The first ``prefix + name`` present in ``available``, or ``None``."""
    if name is None:
        return None
    keys = set(available)
    for prefix in prefixes:
        if prefix + name in keys:
            return prefix + name
    return None
