"""Every mistake kind the rules core names, by its stable id (what the store records).

The games' rules are independent of each other; this catalogue alone reads them all, so a
kind recorded once can be named again in any language (:func:`mistake_kind`).
"""

from __future__ import annotations

from trainer.rules import chip_mistakes as chips
from trainer.rules.mahjong import mistakes as mahjong
from trainer.rules.mahjong_baccarat import mistakes as mahjong_baccarat
from trainer.rules.mistakes import OTHER, MistakeKind
from trainer.rules.thirteen import mistakes as thirteen
from trainer.rules.three_card import mistakes as three_card

#: Every kind, ``other`` last.
KINDS: dict[str, MistakeKind] = {
    mistake.id: mistake
    for mistake in (*thirteen.KINDS, *mahjong_baccarat.KINDS, *three_card.KINDS,
                    *mahjong.KINDS, *chips.KINDS, OTHER)}


def mistake_kind(kind_id: str) -> MistakeKind:
    """The kind recorded as ``kind_id``; ``KeyError`` for an id no version named."""
    try:
        return KINDS[kind_id]
    except KeyError:
        raise KeyError(f"unknown mistake kind {kind_id!r}") from None
