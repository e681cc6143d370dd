"""The Parameter calculator page: the lesson's preset, edited fields, tied and untied side by side."""

from tests import factories
from tests.pages.app_test import open_app_page

PAGE = "pages/parameter_calculator.py"


def _frames(at):
    return [frame.value for frame in at.dataframe]


def test_opens_on_andrea_120m_with_the_lessons_numbers():
    at = open_app_page(PAGE)
    assert not at.exception
    accounting, comparison = _frames(at)
    rows = dict(zip(accounting["component"], accounting["parameters"]))
    assert rows["token embedding"] == "6,488,832" and rows["position embedding"] == "786,432"
    assert rows["output head"] == "6,488,832" and rows["total"] == "120,000,000"
    tied = dict(zip(comparison["component"], comparison["tied: parameters"]))
    untied = dict(zip(comparison["component"], comparison["untied: parameters"]))
    assert tied["output head"] == "0" and untied["output head"] == "6,488,832"
    assert tied["everything else"] == untied["everything else"] == f"{120_000_000 - 8449 * 768 * 2 - 1024 * 768:,}"
    assert tied["total"] == f"{120_000_000 - 8449 * 768:,}"
    assert any("6,488,832" in md.value and "Untying" in md.value for md in at.markdown)


def test_every_field_is_editable_and_the_table_follows():
    at = open_app_page(PAGE)
    at.number_input(key="calc_vocab_size").set_value(1000)
    at.number_input(key="calc_d_model").set_value(10)
    at.number_input(key="calc_n_positions").set_value(0)
    at.number_input(key="calc_total").set_value(0)
    at.number_input(key="calc_n_layer").set_value(2)
    at.radio(key="calc_head").set_value("tied")
    at.run()
    assert not at.exception
    accounting = _frames(at)[0]
    rows = dict(zip(accounting["component"], accounting["parameters"]))
    # GPT-2 block formula: 1000*10 token rows + 2 * (12*100 + 13*10) + 2*10 final LayerNorm
    assert rows["token embedding"] == "10,000" and rows["total"] == f"{10_000 + 2 * 1330 + 20:,}"
    assert any("info --spec vocab_size=1000,d_model=10,head=tied,n_layer=2" in c.value for c in at.caption)


def test_a_total_too_small_for_the_tables_is_an_error_in_the_page():
    at = open_app_page(PAGE)
    at.number_input(key="calc_total").set_value(1000)
    at.run()
    assert not at.exception
    assert any("smaller than the embedding tables" in e.value for e in at.error)


def test_the_loaded_model_preset_fills_in_its_sizes(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt", tied=False)
    at = open_app_page(PAGE, model=folder)
    label = next(o for o in at.selectbox(key="calc_preset").options if o.startswith("the loaded model"))
    at.selectbox(key="calc_preset").set_value(label).run()
    assert not at.exception
    assert at.number_input(key="calc_vocab_size").value == factories.VOCAB
    assert at.number_input(key="calc_d_model").value == factories.D_MODEL
    assert at.radio(key="calc_head").value == "untied"


def test_the_preset_names_are_korean_on_a_korean_page_and_keep_their_english_values():
    at = open_app_page(PAGE, query={"lang": "ko"})
    assert not at.exception
    box = at.selectbox(key="calc_preset")
    assert box.options[:2] == ["ANDREA-120M (수업의 예)", "GPT-2 small (공유됨, 12층)"]
    assert not any("the lesson" in option or "layers)" in option for option in box.options)
    assert box.value == "ANDREA-120M (the lesson)"  # the value a session holds stays the English name
    box.set_value("GPT-2 small (tied, 12 layers)").run()
    assert not at.exception and at.number_input(key="calc_vocab_size").value == 50257
