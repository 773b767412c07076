"""The situation views of the tile games, Mahjong Baccarat and Mah-Jong, by skill id.

``ui.situation.situation_view`` looks a skill up in :data:`VIEWS`.
"""

from __future__ import annotations

from ui.situation import (
    baccarat_tiles,
    mahjong_baccarat_procedure,
    mahjong_claims,
    mahjong_conduct,
    mahjong_hands,
    mahjong_payments,
    mahjong_seats,
    mahjong_wall,
    with_chip_forms,
)
from ui.situation.base import SituationView

VIEWS: dict[str, type[SituationView]] = with_chip_forms({
    **baccarat_tiles.VIEWS,
    "mahjong_baccarat.procedure": mahjong_baccarat_procedure.Procedure,
    "mahjong.waits": mahjong_hands.Waits,
    "mahjong.fan": mahjong_hands.Fan,
    **mahjong_seats.VIEWS,
    **mahjong_claims.VIEWS,
    **mahjong_payments.VIEWS,
    **mahjong_wall.VIEWS,
    **mahjong_conduct.VIEWS,
})
