"""The under-trained-token figures of docs/undertrained.md, on the real bundled checkpoints (marked `real`)."""

import json

import numpy as np
import pytest

from dashboard.analysis.token_categories import reserved_token_ids
from dashboard.training.undertrained import find_undertrained, precision_recall
from dashboard.checkpoints import load_tables
from dashboard.checkpoints.bundled import MODELS_DIR

pytestmark = pytest.mark.real


def test_shipped_counts_match_the_training_log():
    counts = json.loads((MODELS_DIR / "tiny-gpt-pydocs" / "token_counts.json").read_text())
    log = json.loads((MODELS_DIR / "tiny-gpt-pydocs" / "training_log.json").read_text())
    assert sum(counts["train"]) == log["corpus"]["train_tokens"]
    assert sum(counts["validation"]) == log["corpus"]["validation_tokens"]
    assert len(counts["train"]) == 4096 and counts["never_in_train"] == 129


def test_tiny_gpt_norm_indicator_finds_never_seen_tokens():
    counts = np.asarray(json.loads((MODELS_DIR / "tiny-gpt-pydocs" / "token_counts.json").read_text())["train"])
    found = find_undertrained(load_tables("tiny-gpt-pydocs"))
    assert found.name == "E_in L2 norm" and len(found.candidates) == 82
    precision, recall = precision_recall(found.candidates, np.flatnonzero(counts == 0))
    assert (round(precision, 3), round(recall, 3)) == (0.927, 0.589)
    assert counts[found.candidates].max() <= 2  # the false alarms are tokens seen at most twice


def test_minilm_norm_indicator_finds_unused_rows():
    tables = load_tables("all-minilm-l6-v2")
    found = find_undertrained(tables)
    precision, recall = precision_recall(found.candidates, np.asarray(reserved_token_ids(tables.vocabulary)))
    assert len(found.candidates) == 611 and (round(precision, 3), round(recall, 3)) == (0.650, 0.399)
