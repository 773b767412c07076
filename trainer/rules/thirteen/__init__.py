"""The 13-card game, Portaria 51/89/M: hands, tiers, naturals, showdown, payment, deal."""

from trainer.rules.table import Outcome
from trainer.rules.thirteen.arrangement import (
    Arrangement,
    Tier,
    category_points,
    foul_tiers,
    is_foul,
    tier_points,
)
from trainer.rules.thirteen.dealing import (
    Action,
    MisdealScenario,
    Move,
    Resolution,
    deal_order,
    resolve_misdeal,
)
from trainer.rules.thirteen.hands import Category, TierHand, evaluate
from trainer.rules.thirteen.house_way import best_arrangement
from trainer.rules.thirteen.naturals import Natural, find_natural
from trainer.rules.thirteen.payment import Settlement, settle
from trainer.rules.thirteen.showdown import Showdown, TierResult, showdown

__all__ = [
    "Action", "Arrangement", "Category", "MisdealScenario", "Move", "Natural", "Outcome",
    "Resolution", "Settlement", "Showdown", "Tier", "TierHand", "TierResult",
    "best_arrangement", "category_points", "deal_order", "evaluate", "find_natural",
    "foul_tiers", "is_foul", "resolve_misdeal", "settle", "showdown", "tier_points",
]
