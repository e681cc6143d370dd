"""Messages of the token map's figure and its selections (dashboard.maps.chart, pages/token_map.py)."""

MESSAGES = {
    "chart.token_map.tip.cut": ("… ({count:,} characters)", "… ({count:,}자)"),
    "token_map.map_caption_2d_tokens": (
        "Every one of the {count:,} points is drawn (WebGL). Scroll to zoom, drag to pan; hover a point for its "
        "token. Click a point to select it, or choose the box or lasso tool at the map's top right and drag "
        "around points (hold Shift to add to the selection; double-click clears it).",
        "점 {count:,}개를 모두 그렸습니다(WebGL). 스크롤하면 확대되고 끌면 이동합니다. 점 위에 마우스를 올리면 "
        "토큰이 보입니다. 점을 클릭하면 선택되고, 지도 오른쪽 위에서 사각형이나 올가미 도구를 고른 뒤 점들을 둘러 "
        "끌면 그 점들이 선택됩니다(Shift를 누르면 선택에 더해지고, 두 번 클릭하면 해제됩니다)."),
    "token_map.map_caption_2d_positions": (
        "Every one of the {count:,} points is drawn (WebGL). Scroll to zoom, drag to pan; hover a point for its "
        "position. Click a point to select it, or choose the box or lasso tool at the map's top right and drag "
        "around points (hold Shift to add to the selection; double-click clears it).",
        "점 {count:,}개를 모두 그렸습니다(WebGL). 스크롤하면 확대되고 끌면 이동합니다. 점 위에 마우스를 올리면 "
        "위치가 보입니다. 점을 클릭하면 선택되고, 지도 오른쪽 위에서 사각형이나 올가미 도구를 고른 뒤 점들을 둘러 "
        "끌면 그 점들이 선택됩니다(Shift를 누르면 선택에 더해지고, 두 번 클릭하면 해제됩니다)."),
    "token_map.map_caption_3d_tokens": (
        "Every one of the {count:,} points is drawn (WebGL). Drag to rotate, scroll to zoom; hover a point for its "
        "token. Click a point to select it (Shift-click adds or removes one), or select points with the ranges "
        "below.",
        "점 {count:,}개를 모두 그렸습니다(WebGL). 끌면 회전하고 스크롤하면 확대됩니다. 점 위에 마우스를 올리면 "
        "토큰이 보입니다. 점을 클릭하면 선택되고(Shift를 누르고 클릭하면 선택에 더하거나 뺍니다), 아래의 범위로도 "
        "선택할 수 있습니다."),
    "token_map.map_caption_3d_positions": (
        "Every one of the {count:,} points is drawn (WebGL). Drag to rotate, scroll to zoom; hover a point for its "
        "position. Click a point to select it (Shift-click adds or removes one), or select points with the ranges "
        "below.",
        "점 {count:,}개를 모두 그렸습니다(WebGL). 끌면 회전하고 스크롤하면 확대됩니다. 점 위에 마우스를 올리면 "
        "위치가 보입니다. 점을 클릭하면 선택되고(Shift를 누르고 클릭하면 선택에 더하거나 뺍니다), 아래의 범위로도 "
        "선택할 수 있습니다."),
    "token_map.legend_hint": (" Click a colour in the legend to hide or show its points.",
                              " 범례의 색을 클릭하면 그 점들을 숨기거나 다시 보입니다."),
    "token_map.png_hint": (" The camera button at the map's top right downloads it as a PNG.",
                           " 지도 오른쪽 위의 카메라 단추를 누르면 지도를 PNG로 내려받습니다."),
    "token_map.box_expander": ("Select a box of the map", "지도에서 사각형 영역 선택"),
    "token_map.box_label": ("select the points inside a box", "사각형 안의 점 선택"),
    "token_map.box_axis": ("{axis} from, to", "{axis} 범위"),
    "token_map.selected_heading": ("Selected tokens", "선택한 토큰"),
    "token_map.selected_heading_positions": ("Selected positions", "선택한 위치"),
    "token_map.selected_count_map.many": (
        "**{count:,}** points selected ({clicked:,} on the map, {boxed:,} in the ranges).",
        "점 **{count:,}**개를 선택했습니다(지도에서 {clicked:,}개, 범위 안 {boxed:,}개)."),
    "token_map.selected_count_map.one": (
        "**1** point selected ({clicked:,} on the map, {boxed:,} in the ranges).",
        "점 **1**개를 선택했습니다(지도에서 {clicked:,}개, 범위 안 {boxed:,}개)."),
    "token_map.selected_none_map": (
        "No point selected: click a point, or choose the box or lasso tool at the map's top right and drag around "
        "points; or select a box above.",
        "선택한 점이 없습니다. 점을 클릭하거나, 지도 오른쪽 위에서 사각형이나 올가미 도구를 고른 뒤 점들을 둘러 "
        "끄세요. 위에서 사각형 영역을 선택해도 됩니다."),
    "token_map.selected_none": (
        "No point selected: click a point on the map (Shift-click adds or removes one), or select a box above.",
        "선택한 점이 없습니다. 지도에서 점을 클릭하거나(Shift를 누르고 클릭하면 선택에 더하거나 뺍니다), 위에서 "
        "사각형 영역을 선택하세요."),
    "token_map.draw_failed": ("The map could not be drawn in this browser (WebGL)",
                              "이 브라우저에서 지도를 그리지 못했습니다(WebGL)"),
    "token_map.selected_shown": ("The first {shown:,} are listed; the CSV has all {count:,}.",
                                 "처음 {shown:,}개만 보여 줍니다. CSV에는 {count:,}개가 모두 들어 있습니다."),
    "token_map.download_selected": ("Selected tokens (CSV)", "선택한 토큰 (CSV)"),
    "token_map.download_selected_positions": ("Selected positions (CSV)", "선택한 위치 (CSV)"),
    "token_map.column.id": ("id", "id"),
    "token_map.column.token": ("token", "토큰"),
    "token_map.column.position": ("position", "위치"),
    "token_map.column.category": ("category", "범주"),
    "token_map.column.norm": ("norm", "노름"),
}
