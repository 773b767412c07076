"""Questions on Mahjong Baccarat (Portaria 15/96/M), in teaching order: the dice, who
wins, paying one bet, settling the table against the capital, the bank, and the
croupier's rulings."""

from questions.bets_in_chips import BetInChips
from questions.chips import typed_and_in_chips
from questions.mahjong_baccarat.bank import Bank
from questions.mahjong_baccarat.first_seat import FirstSeat
from questions.mahjong_baccarat.payout import Payout
from questions.mahjong_baccarat.procedure import Procedure
from questions.mahjong_baccarat.settlement import Settlement
from questions.mahjong_baccarat.settlement_in_chips import SettlementInChips
from questions.mahjong_baccarat.showdown import Showdown

SKILLS = (FirstSeat(), Showdown(), Payout(), BetInChips(Payout()),
          Settlement(), SettlementInChips(Settlement()), *typed_and_in_chips(Bank()), Procedure())
