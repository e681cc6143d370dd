"""The real bundled default, all-MiniLM-L6-v2, read for real (marked `real`)."""

import numpy as np
import pytest

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.bundled import find_bundled

pytestmark = pytest.mark.real


@pytest.fixture(scope="module")
def tables():
    return load_tables("default")


def test_parity_with_transformers(tables):
    from transformers import BertModel

    model = BertModel.from_pretrained(find_bundled("default").path, local_files_only=True)
    embeddings = model.embeddings
    np.testing.assert_array_equal(tables.token, embeddings.word_embeddings.weight.detach().numpy())
    np.testing.assert_array_equal(tables.position, embeddings.position_embeddings.weight.detach().numpy())
    np.testing.assert_array_equal(tables.token_type, embeddings.token_type_embeddings.weight.detach().numpy())
    assert tables.total_parameters == sum(p.numel() for p in model.parameters())


def test_default_shapes_and_verdict(tables):
    assert tables.token.shape == (30522, 384) and tables.token.size == 11_720_448
    assert tables.position.shape == (512, 384) and tables.position.size == 196_608
    assert tables.tying.verdict == "no-head"
    assert tables.vocabulary.scheme == "wordpiece"
    assert tables.vocabulary.raw[101] == "[CLS]" and 101 in tables.vocabulary.special_ids
    assert tables.vocabulary.display[4937] == "cat"
