"""BERT's embedding LayerNorm, read from a Hugging Face folder: what turns the summed rows into the first block's input.

Source: ``modeling_bert.py`` ``BertEmbeddings.forward``: ``LayerNorm(token + position + token_type)``, a learned
gain (``weight``) and bias per feature, ``config.layer_norm_eps``; only those two vectors are read. Quirk handled:
TensorFlow-converted checkpoints name them ``gamma`` and ``beta``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from dashboard.checkpoints.hf_folder import is_hf_folder, key_map_for, open_weights
from dashboard.checkpoints.keymaps import find_key
from dashboard.checkpoints.metadata import read_config
from dashboard.errors import MissingTensorError
from dashboard.i18n import msg
from dashboard.tables import EmbeddingNorm, EmbeddingTables

#: Architectures whose first block receives a LayerNorm of the summed embeddings -> (gain, bias) names.
EMBEDDING_NORM_NAMES: dict[str, tuple[tuple[str, str], ...]] = {
    "bert": (("embeddings.LayerNorm.weight", "embeddings.LayerNorm.bias"),
             ("embeddings.LayerNorm.gamma", "embeddings.LayerNorm.beta")),  # TensorFlow-converted names
}
#: BERT's default ``layer_norm_eps`` when a config leaves it out (``BertConfig``).
DEFAULT_EPS = 1e-12


def read_embedding_norm(tables: EmbeddingTables) -> EmbeddingNorm | None:
    """The embedding LayerNorm (gain, bias: ``(d_model,)`` float32) of the tables' folder, ``None`` when there is none.

    Raises:
        MissingTensorError: the architecture has one but the folder stores neither spelling, or the tables were not
            read from a Hugging Face folder.
    """
    names = EMBEDDING_NORM_NAMES.get(tables.architecture)
    if names is None:
        return None
    folder = Path(tables.model_path) if tables.model_path else None
    if folder is None or not is_hf_folder(folder):
        raise MissingTensorError(msg("err.ckpt.norm_needs_folder", name=tables.name, format=tables.format))
    config = read_config(folder)
    store, _ = open_weights(folder)
    prefixes = key_map_for(config, folder).prefixes
    for weight_name, bias_name in names:
        weight_key, bias_key = find_key(store.keys(), weight_name, prefixes), find_key(store.keys(), bias_name, prefixes)
        if weight_key and bias_key:
            return EmbeddingNorm(np.asarray(store.read(weight_key), np.float32),
                                 np.asarray(store.read(bias_key), np.float32),
                                 float(config.get("layer_norm_eps", DEFAULT_EPS)), f"{weight_key}, {bias_key}")
    tried = ", ".join(w for w, _ in names)
    raise MissingTensorError(msg("err.ckpt.no_embedding_norm", name=tables.name, tried=tried))
