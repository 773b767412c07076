"""Questions on three-card baccarat (HI-3C-RANK, HI-3C-PAY)."""

from questions.chips import typed_and_in_chips
from questions.three_card.classify import Classify
from questions.three_card.order import Order
from questions.three_card.payout import Payout

SKILLS = (Classify(), Order(), *typed_and_in_chips(Payout()))
