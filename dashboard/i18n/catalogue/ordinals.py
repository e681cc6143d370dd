"""A percentile named with its English ordinal (dashboard/i18n/ordinals.py): one key per suffix."""

MESSAGES = {
    "ordinals.percentile.st": ("{number}st percentile", "{number} 백분위수"),
    "ordinals.percentile.nd": ("{number}nd percentile", "{number} 백분위수"),
    "ordinals.percentile.rd": ("{number}rd percentile", "{number} 백분위수"),
    "ordinals.percentile.th": ("{number}th percentile", "{number} 백분위수"),
}
