"""The Perturb page's starting token: one row of the loaded vocabulary, whatever the vocabulary."""

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.tokenizer import load_tokenizer
from dashboard.forward.perturbation import resolve_token
from dashboard.ui.perturb_loading import choose_default_token
from tests import factories, reorder_factories


def _tables_and_tokenizer(folder):
    tables = load_tables(folder)
    return tables, load_tokenizer(tables)


def test_a_vocabulary_holding_the_word_starts_on_it(tmp_path):
    tables, tokenizer = _tables_and_tokenizer(reorder_factories.gpt2_with_words(tmp_path / "gpt2"))
    assert choose_default_token(tables, tokenizer) == "the"


def test_a_vocabulary_without_the_word_or_the_prompts_pieces_starts_on_its_first_ordinary_row(tmp_path):
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from tokenizers.pre_tokenizers import WhitespaceSplit

    folder = factories.gpt2_folder(tmp_path / "gpt2")
    vocab = {"<|endoftext|>": 0, "[UNK]": 1, "cat": 2, "dog": 3}  # "the" and "The value of the" are [UNK] here
    tokenizer = Tokenizer(WordLevel(vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = WhitespaceSplit()
    tokenizer.add_special_tokens(["<|endoftext|>", "[UNK]"])
    tokenizer.save(str(folder / "tokenizer.json"))
    tables, loaded = _tables_and_tokenizer(folder)
    chosen = choose_default_token(tables, loaded)
    row = resolve_token(tables, loaded, chosen)  # raises if it were not one row
    assert chosen == f"#{row}" and row not in tables.vocabulary.special_ids
    assert row == min(set(range(tables.vocab_size)) - tables.vocabulary.special_ids) == 2  # "cat"
