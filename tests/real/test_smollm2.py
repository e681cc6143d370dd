"""The second bundled checkpoint, SmolLM2-135M (GGUF, Q8_0 token table), read for real (marked `real`)."""

import numpy as np
import pytest

from dashboard.checkpoints.bundled import BUNDLED, find_bundled
from tests.shared_models import shared_tables

pytestmark = pytest.mark.real


@pytest.fixture(scope="module")
def tables():
    return shared_tables("smollm2-135m")


def test_shapes_positions_and_tying(tables):
    assert tables.token.shape == (49152, 576) and tables.token.dtype == np.float32
    assert tables.format == "gguf" and tables.architecture == "llama" and tables.source_dtype == "Q8_0"
    assert tables.position is None and tables.position_kind == "rotary"
    assert tables.tying.verdict == "tied-implied" and tables.output_head is None
    assert tables.hyperparameters["rope_theta"] == 100000.0 and tables.hyperparameters["n_layer"] == 30


def test_parity_with_the_gguf_package(tables):
    import gguf

    reader = gguf.GGUFReader(find_bundled("smollm2-135m").path)
    stored = next(t for t in reader.tensors if t.name == "token_embd.weight")
    np.testing.assert_array_equal(tables.token, gguf.quants.dequantize(stored.data, stored.tensor_type))
    assert tables.total_parameters == sum(int(t.n_elements) for t in reader.tensors)


def test_byte_level_tokens_are_readable(tables):
    vocabulary = tables.vocabulary
    assert vocabulary.scheme == "byte-level-bpe" and len(vocabulary) == 49152
    cat = vocabulary.raw.index("Ġcat")
    assert vocabulary.display[cat] == "␣cat"
    newline = vocabulary.raw.index("Ċ")
    assert vocabulary.display[newline] == "↵"
    assert vocabulary.raw[0] == "<|endoftext|>" and {0, 1, 2} <= vocabulary.special_ids
    assert cat not in vocabulary.special_ids


def test_listed_second_among_bundled_models():
    assert [m.name for m in BUNDLED][:2] == ["all-minilm-l6-v2", "smollm2-135m"]
    assert find_bundled("smollm2-135m").card.is_file()
