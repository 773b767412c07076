"""Questions on three-card baccarat (HI-3C-RANK, HI-3C-PAY)."""

from questions.bets_in_chips import BetInChips
from questions.three_card.classify import Classify
from questions.three_card.order import Order
from questions.three_card.payout import Payout

SKILLS = (Classify(), Order(), Payout(), BetInChips(Payout()))
