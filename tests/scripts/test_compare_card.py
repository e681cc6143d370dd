"""The model card's snapshot-comparison section."""

from scripts.default_gpt.compare_card import comparison_section, find_snapshots
from tests.compare_factories import write_run


def test_section_compares_first_with_last_and_the_last_two(tmp_path):
    write_run(tmp_path)
    assert [step for step, _ in find_snapshots(tmp_path)] == [0, 10, 20]
    section = comparison_section(tmp_path)
    rows = {tuple(cell.strip() for cell in line.strip("|").split("|")[:2]): line
            for line in section.splitlines() if line.startswith("| step")}
    assert set(rows) == {(pair, table) for pair in ("step 0 vs step 20", "step 10 vs step 20")
                         for table in ("token", "position", "head")}
    overlap = {key: float(line.split("|")[5]) for key, line in rows.items()}
    assert overlap[("step 0 vs step 20", "token")] < 0.3  # a random start shares few neighbours
    assert overlap[("step 10 vs step 20", "position")] > 0.95  # a rotated copy shares them all


def test_no_snapshots_no_section(tmp_path):
    assert comparison_section(tmp_path) == ""
