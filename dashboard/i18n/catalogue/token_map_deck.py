"""Messages of the WebGL token map (issue 18: every point drawn; click and box selection)."""

MESSAGES = {
    "chart.token_map_deck.tip.norm": ("norm", "노름"),
    "chart.token_map_deck.tip.cut": ("… ({count:,} characters)", "… ({count:,}자)"),
    # Short category names for the tooltip: they travel once per point (256,000 times), the legend has the full ones.
    "chart.token_map_deck.category.padding_row": ("padding", "패딩"),
    "chart.token_map_deck.category.reserved_token": ("reserved", "예약"),
    "chart.token_map_deck.category.special": ("special", "특수"),
    "chart.token_map_deck.category.byte": ("byte", "바이트"),
    "chart.token_map_deck.category.number": ("number", "숫자"),
    "chart.token_map_deck.category.punctuation": ("punct.", "구두점"),
    "chart.token_map_deck.category.non-Latin_script": ("script", "비라틴"),
    "chart.token_map_deck.category.word_piece": ("piece", "조각"),
    "chart.token_map_deck.category.whole_word": ("word", "단어"),
    "chart.token_map_deck.category.unknown": ("unknown", "미상"),
}

MESSAGES.update({
    "token_map.renderer_label": ("drawing", "그리기 방식"),
    "token_map.renderer.auto": ("automatic", "자동"),
    "token_map.renderer.webgl": ("WebGL, every point", "WebGL, 모든 점"),
    "token_map.renderer.altair": ("Vega-Lite (sample above the limit)", "Vega-Lite(한도를 넘으면 표본)"),
    "token_map.renderer_help": (
        "Automatic draws a 2D map with Vega-Lite (zoom, click) while it has no more rows than \"points drawn\", "
        "and in WebGL, which draws every row, above that and in 3D. A 2D WebGL map (plotly.js) selects by click, "
        "box or lasso; a 3D one (deck.gl) by click. The PNG/SVG downloads are the Vega-Lite chart in every case.",
        "자동으로 두면 2D 지도의 행이 \"그릴 점 수\" 이하일 때는 Vega-Lite로 그리고(확대, 클릭), 그보다 많거나 "
        "3D일 때는 모든 행을 그리는 WebGL로 그립니다. 2D WebGL 지도(plotly.js)는 클릭, 사각형, 올가미로 선택하고 "
        "3D 지도(deck.gl)는 클릭으로 선택합니다. PNG/SVG 내려받기는 언제나 Vega-Lite 차트입니다."),
    "token_map.webgl_caption": (
        "WebGL: every one of the {count:,} points is drawn. Scroll to zoom, drag to pan{rotate}; hover a point for "
        "its token; click points to select them (click again to deselect).",
        "WebGL: 점 {count:,}개를 모두 그렸습니다. 스크롤하면 확대되고 끌면 이동합니다{rotate}. 점 위에 마우스를 "
        "올리면 토큰이 보이고, 점을 클릭하면 선택됩니다(다시 클릭하면 해제)."),
    "token_map.webgl_caption_positions": (
        "WebGL: every one of the {count:,} points is drawn. Scroll to zoom, drag to pan{rotate}; hover a point for "
        "its position; click points to select them (click again to deselect).",
        "WebGL: 점 {count:,}개를 모두 그렸습니다. 스크롤하면 확대되고 끌면 이동합니다{rotate}. 점 위에 마우스를 "
        "올리면 위치가 보이고, 점을 클릭하면 선택됩니다(다시 클릭하면 해제)."),
    "token_map.element_undrawable": ("The map could not be drawn in this browser; choose Vega-Lite under "
                                     "\"drawing\".",
                                     "이 브라우저에서는 지도를 그릴 수 없습니다. \"그리기 방식\"에서 Vega-Lite를 고르세요."),
    "token_map.webgl_caption_map": (
        "WebGL: every one of the {count:,} points is drawn. Scroll to zoom, drag to pan; hover a point for its "
        "token; click a point to select it, or choose the box or lasso tool at the map's top right and drag "
        "around points (hold Shift to add to the selection; double-click clears it). Click a colour in the legend "
        "to hide or show its points.",
        "WebGL: 점 {count:,}개를 모두 그렸습니다. 스크롤하면 확대되고 끌면 이동합니다. 점 위에 마우스를 올리면 토큰이 "
        "보입니다. 점을 클릭하면 선택되고, 지도 오른쪽 위에서 사각형이나 올가미 도구를 고른 뒤 점들을 둘러 끌면 그 "
        "점들이 선택됩니다(Shift를 누르면 선택에 더해지고, 두 번 클릭하면 해제됩니다). 범례의 색을 클릭하면 그 점들을 "
        "숨기거나 다시 보입니다."),
    "token_map.webgl_caption_map_positions": (
        "WebGL: every one of the {count:,} points is drawn. Scroll to zoom, drag to pan; hover a point for its "
        "position; click a point to select it, or choose the box or lasso tool at the map's top right and drag "
        "around points (hold Shift to add to the selection; double-click clears it).",
        "WebGL: 점 {count:,}개를 모두 그렸습니다. 스크롤하면 확대되고 끌면 이동합니다. 점 위에 마우스를 올리면 위치가 "
        "보입니다. 점을 클릭하면 선택되고, 지도 오른쪽 위에서 사각형이나 올가미 도구를 고른 뒤 점들을 둘러 끌면 그 "
        "점들이 선택됩니다(Shift를 누르면 선택에 더해지고, 두 번 클릭하면 해제됩니다)."),
    "token_map.webgl_rotate": (", drag with the right button or Ctrl to rotate",
                               ". 오른쪽 버튼이나 Ctrl을 누른 채 끌면 회전합니다"),
    "token_map.legend_title": ("Colours", "색"),
    "token_map.box_expander": ("Select a box of the map", "지도에서 사각형 영역 선택"),
    "token_map.box_label": ("select the points inside a box", "사각형 안의 점 선택"),
    "token_map.box_axis": ("{axis} from, to", "{axis} 범위"),
    "token_map.selected_heading": ("Selected tokens", "선택한 토큰"),
    "token_map.selected_heading_positions": ("Selected positions", "선택한 위치"),
    "token_map.selected_count.many": ("**{count:,}** points selected ({clicked:,} clicked, {boxed:,} in the box).",
                                 "점 **{count:,}**개를 선택했습니다(클릭 {clicked:,}개, 사각형 안 {boxed:,}개)."),
    "token_map.selected_count.one": ("**1** point selected ({clicked:,} clicked, {boxed:,} in the box).",
                                     "점 **1**개를 선택했습니다(클릭 {clicked:,}개, 사각형 안 {boxed:,}개)."),
    "token_map.selected_count_map.many": (
        "**{count:,}** points selected ({clicked:,} on the map, {boxed:,} in the ranges).",
        "점 **{count:,}**개를 선택했습니다(지도에서 {clicked:,}개, 범위 안 {boxed:,}개)."),
    "token_map.selected_count_map.one": (
        "**1** point selected ({clicked:,} on the map, {boxed:,} in the ranges).",
        "점 **1**개를 선택했습니다(지도에서 {clicked:,}개, 범위 안 {boxed:,}개)."),
    "token_map.selected_count_2d.many": (
        "**{count:,}** points selected ({dragged:,} in the box drawn on the map, {ranged:,} in the ranges).",
        "점 **{count:,}**개를 선택했습니다(지도에 그린 사각형 안 {dragged:,}개, 범위 안 {ranged:,}개)."),
    "token_map.selected_count_2d.one": (
        "**1** point selected ({dragged:,} in the box drawn on the map, {ranged:,} in the ranges).",
        "점 **1**개를 선택했습니다(지도에 그린 사각형 안 {dragged:,}개, 범위 안 {ranged:,}개)."),
    "token_map.selected_count_ranges.many": ("**{count:,}** points selected, inside the ranges above.",
                                        "위 범위 안의 점 **{count:,}**개를 선택했습니다."),
    "token_map.selected_count_ranges.one": ("**1** point selected, inside the ranges above.",
                                            "위 범위 안의 점 **1**개를 선택했습니다."),
    "token_map.selected_none_webgl": (
        "No point selected: click points on the map, or select a box above. If a click selects nothing, your "
        "browser may be drawing WebGL without graphics acceleration: finding the point under the mouse among many "
        "then takes longer than a click lasts. The box always works.",
        "선택한 점이 없습니다. 지도의 점을 클릭하거나 위에서 사각형 영역을 선택하세요. 클릭해도 선택되지 않으면 "
        "브라우저가 그래픽 가속 없이 WebGL을 그리고 있을 수 있습니다. 그러면 많은 점 가운데 마우스 아래의 점을 찾는 데 "
        "클릭 한 번보다 오래 걸립니다. 사각형 영역 선택은 언제나 됩니다."),
    "token_map.selected_none_map": (
        "No point selected: click a point, or choose the box or lasso tool at the map's top right and drag around "
        "points; or select a box above.",
        "선택한 점이 없습니다. 점을 클릭하거나, 지도 오른쪽 위에서 사각형이나 올가미 도구를 고른 뒤 점들을 둘러 "
        "끄세요. 위에서 사각형 영역을 선택해도 됩니다."),
    "token_map.selected_none_2d": (
        "No point selected: hold Shift and drag on the map to draw a box, or select a box above.",
        "선택한 점이 없습니다. Shift를 누른 채 지도 위를 끌어 사각형을 그리거나 위에서 사각형 영역을 선택하세요."),
    "token_map.selected_none": (
        "No point selected: select a box above.",
        "선택한 점이 없습니다. 위에서 사각형 영역을 선택하세요."),
    "token_map.box_drag_caption": (
        "Scroll to zoom, drag to pan; hold Shift and drag to select the rows in a box{undrawn}. "
        "Double-click clears the box and the zoom.",
        "스크롤하면 확대되고 끌면 이동합니다. Shift를 누른 채 끌면 사각형 안의 행이 선택됩니다{undrawn}. "
        "두 번 클릭하면 사각형과 확대가 해제됩니다."),
    "token_map.box_drag_undrawn": (" (every row inside it, also those the sample leaves undrawn)",
                                   "(표본에서 그리지 않은 행도 사각형 안에 있으면 모두)"),
    "token_map.selected_shown": ("The first {shown:,} are listed; the CSV has all {count:,}.",
                                 "처음 {shown:,}개만 보여 줍니다. CSV에는 {count:,}개가 모두 들어 있습니다."),
    "token_map.download_selected": ("Selected tokens (CSV)", "선택한 토큰 (CSV)"),
    "token_map.download_selected_positions": ("Selected positions (CSV)", "선택한 위치 (CSV)"),
    "token_map.column.id": ("id", "id"),
    "token_map.column.token": ("token", "토큰"),
    "token_map.column.position": ("position", "위치"),
    "token_map.column.category": ("category", "범주"),
    "token_map.column.norm": ("norm", "노름"),
})
