"""The reorder demo on the real bundled weights (marked `real`)."""

import pytest

from dashboard.checkpoints import load_tables
from dashboard.lessons.reorder.experiment import run_reorder_experiment
from dashboard.checkpoints.tokenizer import load_tokenizer
from dashboard.tables import EmbeddingTables
from tests.shared_models import shared_forward_model, shared_tables, shared_tokenizer

pytestmark = pytest.mark.real
SENTENCE = "the cat sat on a mat"


@pytest.fixture(scope="module")
def default():
    tables = load_tables("default")
    tokenizer = load_tokenizer(tables)
    return tables, run_reorder_experiment(tables, tokenizer, SENTENCE, "reverse", shared_forward_model("default"))


def test_default_is_equivariant_without_positions_and_not_with(default):
    _, experiment = default
    assert experiment.permuted_tokens == ("[CLS]", "mat", "a", "on", "sat", "cat", "the", "[SEP]")
    without, with_ = experiment.numbers("without_positions"), experiment.numbers("with_positions")
    assert without["lookup_max_abs_diff"] == 0.0
    assert without["attention_max_abs_diff"] < 1e-5
    assert without["model_max_abs_diff"] < 1e-5  # the issue measured about 1.5e-6
    assert round(without["pooled_cosine"], 6) == 1.0
    assert with_["model_max_abs_diff"] > 0.5
    assert with_["pooled_cosine"] == pytest.approx(0.78, abs=0.02)  # the issue measured about 0.78


def test_pooled_cosine_is_the_sentence_transformers_embedding_cosine(default):
    """all-MiniLM-L6-v2's own sentence embedding is mean pooling then L2 normalisation."""
    from sentence_transformers import SentenceTransformer

    tables, experiment = default
    model = SentenceTransformer(str(tables.model_path), device="cpu", local_files_only=True)
    permuted_text = " ".join(experiment.permuted_tokens[1:-1])  # one WordPiece per word: same ids
    a, b = model.encode([SENTENCE, permuted_text], normalize_embeddings=True)
    assert float(a @ b) == pytest.approx(experiment.numbers("with_positions")["pooled_cosine"], abs=1e-5)


def _smollm2_tables() -> EmbeddingTables:
    """The bundled SmolLM2 GGUF read by the real reader; its model_path drives the forward pass."""
    tables = shared_tables("smollm2-135m")
    assert tables.format == "gguf" and tables.model_path.endswith(".gguf")
    return tables


def test_smollm2_gguf_builds_a_causal_rotary_model_and_predicts():
    tables = _smollm2_tables()
    model = shared_forward_model("smollm2-135m")
    assert (model.architecture, model.position_kind, model.causal, model.has_lm_head) == ("llama", "rotary", True, True)
    tokenizer = shared_tokenizer("smollm2-135m")
    experiment = run_reorder_experiment(tables, tokenizer, SENTENCE, "reverse", model)
    assert len(experiment.ids) == 6
    without = experiment.numbers("without_positions")
    assert without["lookup_max_abs_diff"] == 0.0 and experiment.numbers("with_positions")["lookup_max_abs_diff"] == 0.0
    assert without["model_max_abs_diff"] > 1e-2  # the causal mask alone changes the outputs
    top = experiment.top_next_tokens("with_positions", "original")
    assert len(top) == 5 and 0 < top[0][1] <= 1
