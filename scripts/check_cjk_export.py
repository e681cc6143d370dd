"""Check that exported charts draw Korean (and other CJK) text as glyphs, not as empty boxes.

Usage: python scripts/check_cjk_export.py [OUT_DIR]

Renders one small chart per text through the app's own export path
(:func:`dashboard.exports.spec_image`, vl-convert): PNG directly, and SVG
rendered to pixels by vl-convert's resvg, both with this machine's fonts.
A missing glyph is drawn as the same box ("tofu") for every character, so
two different strings of Hangul that give identical pixels mean no font had
the glyphs; a string of private-use characters, which no font draws, is the
control that shows what boxes look like. Exits 1 when Hangul, Chinese or
Japanese text draws like boxes. The Docker image installs fonts-noto-cjk for
this (scripts/docker-smoke.sh runs this check inside it); elsewhere:
``apt-get install fonts-noto-cjk``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import altair as alt
import numpy as np
import pandas as pd
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dashboard.exports import chart_spec, spec_image  # noqa: E402

#: Pairs of different strings of the same length in one script; equal pixels within a pair mean boxes.
SCRIPTS = {"Korean": ("한국어 토큰", "가나다 라마"), "Chinese": ("词嵌入表格", "位置编码器"),
           "Japanese": ("トークンの", "ひらがなと")}
#: Private-use code points: no font draws them, so they show what a missing glyph looks like.
BOXES = ("\ue000\ue001\ue002 \ue003\ue004", "\ue010\ue011\ue012 \ue013\ue014")


def render_pixels(text: str, fmt: str) -> np.ndarray:
    """``(height, width, 4)`` uint8 pixels of a one-bar chart titled and labelled ``text``."""
    chart = alt.Chart(pd.DataFrame({"token": [text], "n": [1]}), title=text).mark_bar().encode(
        x="n:Q", y=alt.Y("token:N", title=text))
    image = spec_image(chart_spec(chart), fmt)
    if fmt == "svg":
        import vl_convert

        image = vl_convert.svg_to_png(image.decode("utf-8"), scale=2)
    return np.asarray(Image.open(io.BytesIO(image)).convert("RGBA"))


def same_pixels(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and np.array_equal(a, b)


def check(out_dir: Path | None = None) -> list[str]:
    """Problems found (empty when every script draws as glyphs in PNG and SVG)."""
    problems = []
    for fmt in ("png", "svg"):
        boxes = [render_pixels(text, fmt) for text in BOXES]
        if not same_pixels(*boxes):
            problems.append(f"{fmt}: the control (private-use characters) did not draw as identical boxes")
        for script, pair in SCRIPTS.items():
            first, second = (render_pixels(text, fmt) for text in pair)
            if out_dir is not None:
                Image.fromarray(first).save(out_dir / f"cjk-{script.lower()}-{fmt}.png")
            if same_pixels(first, second) or same_pixels(first, boxes[0]):
                problems.append(f"{fmt}: {script} text draws as boxes (no font has its glyphs); "
                                "install a CJK font: apt-get install fonts-noto-cjk")
    return problems


def main() -> int:
    out_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    problems = check(out_dir)
    for problem in problems:
        print(f"FAIL {problem}", file=sys.stderr)
    if not problems:
        print("ok: Korean, Chinese and Japanese draw as glyphs in exported PNG and SVG charts")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
