"""The 13-card game's hands, tiers, naturals, showdown and payment questions, in teaching
order: rank hands, then one tier, then whole hands (foul, natural), then the showdown and
what it pays."""

from questions.bets_in_chips import BetInChips
from questions.thirteen.foul import Foul
from questions.thirteen.natural import NaturalHand
from questions.thirteen.payout import Payout
from questions.thirteen.rank_hands import RankHands
from questions.thirteen.showdown import ShowdownPoints
from questions.thirteen.tier_winner import TierWinner

SKILLS_A = (RankHands(), TierWinner(), Foul(), NaturalHand(), ShowdownPoints(),
            Payout(), BetInChips(Payout()))
