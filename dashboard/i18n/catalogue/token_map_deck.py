"""Messages of the WebGL token map (issue 18: every point drawn; click and box selection)."""

MESSAGES = {
    "chart.token_map_deck.tip.norm": ("norm", "노름"),
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
