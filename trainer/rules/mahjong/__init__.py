"""Mah-Jong, Portarias 52/89/M and 135/91/M: conventional and simplified forms."""

from trainer.rules.mahjong.hands.fan import FanResult, Pattern, PatternHit, Win, score
from trainer.rules.mahjong.hands.hand import (
    Decomposition,
    Meld,
    MeldKind,
    decompositions,
    is_winning,
    waits,
)
from trainer.rules.mahjong.hands.tiles import Variant, Wind, format_tiles, parse_tiles
from trainer.rules.mahjong.play.claims import Bars, Call, ClaimKind, Refusal, Ruling, claim, rule
from trainer.rules.mahjong.play.liability import Feed, Liability, declared_nulo, liability
from trainer.rules.mahjong.play.payments import Payments, Transfer, false_win, settle
from trainer.rules.mahjong.play.wall import Deal, break_wall, deal, deal_positions, next_game

__all__ = [
    "Bars", "Call", "ClaimKind", "Refusal", "Ruling", "rule",
    "Deal", "Decomposition", "FanResult", "Meld", "MeldKind", "Pattern",
    "PatternHit", "Payments", "Transfer", "Variant", "Win", "Wind", "break_wall", "claim",
    "deal", "deal_positions", "decompositions", "false_win", "format_tiles", "is_winning",
    "next_game", "parse_tiles", "score", "settle", "waits",
    "Feed", "Liability", "declared_nulo", "liability",
]
