"""The output head as a table: the same array when tied, the stored head when untied, rows named by token."""

import dataclasses

import numpy as np
import pytest

from dashboard.analysis.output_head import describe_head, has_own_head, head_content_hash
from dashboard.analysis.table_rows import table_rows
from dashboard.checkpoints import load_tables
from dashboard.errors import QueryError
from tests import factories


@pytest.fixture(scope="module")
def untied(tmp_path_factory):
    return load_tables(factories.gpt2_folder(tmp_path_factory.mktemp("untied"), tied=False))


@pytest.fixture(scope="module")
def tied(tmp_path_factory):
    return load_tables(factories.gpt2_folder(tmp_path_factory.mktemp("tied"), tied=True))


def test_a_tied_head_is_the_token_table_itself_not_a_copy(tied):
    assert tied.output_head is None and tied.tying.is_tied and not has_own_head(tied)
    assert "token table itself" in describe_head(tied)
    with pytest.raises(QueryError, match="no output head of its own"):
        table_rows(tied, "head")


def test_an_untied_head_is_the_stored_lm_head_with_its_tokens_labels(tmp_path, untied):
    from transformers import GPT2LMHeadModel

    model = GPT2LMHeadModel.from_pretrained(untied.model_path)
    expected = model.lm_head.weight.detach().numpy()
    np.testing.assert_array_equal(untied.output_head, expected)
    rows = table_rows(untied, "head")
    assert rows.name == "head" and rows.labels == table_rows(untied, "token").labels
    np.testing.assert_allclose(rows.norms, np.linalg.norm(expected, axis=1), rtol=1e-6)
    assert not np.array_equal(rows.table, untied.token) and "how it predicts it" in describe_head(untied)


def test_the_head_hash_follows_the_head_while_the_tables_hash_does_not(untied):
    changed = dataclasses.replace(untied, output_head=untied.output_head * 2)
    assert changed.content_hash == untied.content_hash  # token and position tables only
    assert head_content_hash(changed) != head_content_hash(untied)
    assert table_rows(changed, "head").content_hash == head_content_hash(changed)
    assert table_rows(untied, "token").content_hash == untied.content_hash


def test_no_head_and_a_head_of_other_rows_are_said(untied):
    bert = dataclasses.replace(untied, output_head=None, tying=dataclasses.replace(untied.tying, verdict="no-head"))
    assert not has_own_head(bert) and "no output head" in describe_head(bert)
    shorter = dataclasses.replace(untied, output_head=untied.output_head[:10])
    with pytest.raises(QueryError, match="10 rows"):
        table_rows(shorter, "head")
