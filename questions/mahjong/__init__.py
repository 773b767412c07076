"""Questions on Mah-Jong, conventional and simplified (Portarias 52/89/M, 135/91/M)."""

from questions.chips import typed_and_in_chips
from questions.mahjong.payments import WinPayments
from questions.mahjong.rulings.conduct import Conduct
from questions.mahjong.rulings.liability import Liability
from questions.mahjong.skills_a import SKILLS_A
from questions.mahjong.wall import BreakingTheWall

SKILLS = SKILLS_A + (BreakingTheWall(), *typed_and_in_chips(WinPayments()),
                     *typed_and_in_chips(Liability()), Conduct())
