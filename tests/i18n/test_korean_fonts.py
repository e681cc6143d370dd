"""Korean draws as glyphs in exported PNG and SVG charts with this machine's fonts (no web font).

The same check runs inside the Docker image (scripts/docker-smoke.sh); CI
installs fonts-noto-cjk as the image does (.ci/run).
"""

from scripts.check_cjk_export import check, render_pixels, same_pixels


def test_exported_charts_draw_hangul_not_boxes():
    assert check() == []


def test_two_korean_titles_draw_differently_so_glyphs_were_found():
    for fmt in ("png", "svg"):
        assert not same_pixels(render_pixels("토큰 임베딩 테이블", fmt), render_pixels("위치 임베딩 테이블", fmt)), fmt
