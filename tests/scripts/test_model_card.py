"""The bundled GPT's model card: what card.py writes is what ships, and its reproducibility claim is qualified."""

import json
import re
import shutil
import struct
from pathlib import Path

from scripts.default_gpt.card import RETRAIN_ELSEWHERE, write_card

MODEL = Path(__file__).resolve().parents[2] / "models" / "tiny-gpt-pydocs"


def _png_size(path: Path) -> tuple[int, int]:
    """Width and height in pixels, from the PNG's IHDR chunk (bytes 16-24: two big-endian uint32)."""
    return struct.unpack(">II", path.read_bytes()[16:24])


def _png_bytes_left_out(card: str) -> str:
    return re.sub(r"(\| `loss_curve\.png` \| )[\d,]+( \|)", r"\1...\2", card)


def test_the_shipped_card_is_what_card_py_writes_from_the_shipped_log(tmp_path):
    """Every word and number but the loss curve's size in bytes, which depends on the fonts of the machine that
    draws it (a fresh machine drew the same chart 446 bytes smaller); its size in pixels is the same."""
    folder = tmp_path / "model"
    shutil.copytree(MODEL, folder)
    write_card(folder, json.loads((folder / "training_log.json").read_text(encoding="utf-8")))
    written, shipped = ((place / "README.md").read_text(encoding="utf-8") for place in (folder, MODEL))
    assert _png_bytes_left_out(written) == _png_bytes_left_out(shipped) and "`loss_curve.png` | ... |" in \
        _png_bytes_left_out(shipped)
    assert _png_size(folder / "loss_curve.png") == _png_size(MODEL / "loss_curve.png")


def test_the_card_says_byte_identity_holds_on_one_machine_and_what_a_retrain_elsewhere_matched():
    card = " ".join((MODEL / "README.md").read_text(encoding="utf-8").split())
    assert "On one machine, with the same CPU, thread count (2) and torch version" in card
    assert (f"matched every logged loss to within {RETRAIN_ELSEWHERE['elsewhere_loss_diff']}, but its weights "
            f"differed from the shipped ones by up to {RETRAIN_ELSEWHERE['elsewhere_weight_diff']}") in card
    assert f"it used {RETRAIN_ELSEWHERE['elsewhere_cpu_minutes']} CPU-minutes" in card
    assert "not byte-identical weights, unless the machine is the same" in card


def test_the_cpu_time_stands_beside_the_other_machines_and_is_not_said_to_be_unaffected():
    card = " ".join((MODEL / "README.md").read_text(encoding="utf-8").split())
    [row] = [line for line in (MODEL / "README.md").read_text(encoding="utf-8").splitlines()
             if line.startswith("| Training time |")]
    assert "CPU-minutes of the process" in row and "on this machine" in row
    assert f"another machine used {RETRAIN_ELSEWHERE['elsewhere_cpu_minutes']} CPU-minutes" in row
    assert "lengthens the wall-clock time, not this" not in card
