"""The 13-card game's hands, tiers, naturals, showdown and payment questions, in teaching
order: rank hands, then one tier, then whole hands (foul, natural), then the showdown and
what it pays."""

from questions.bets_in_chips import BetInChips
from questions.thirteen.hands.foul import Foul
from questions.thirteen.hands.natural import NaturalHand
from questions.thirteen.hands.rank_hands import RankHands
from questions.thirteen.hands.tier_winner import TierWinner
from questions.thirteen.payout import Payout
from questions.thirteen.showdown import ShowdownPoints

SKILLS_A = (RankHands(), TierWinner(), Foul(), NaturalHand(), ShowdownPoints(),
            Payout(), BetInChips(Payout()))
