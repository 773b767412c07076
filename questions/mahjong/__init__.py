"""Questions on Mah-Jong, conventional and simplified (Portarias 52/89/M, 135/91/M)."""

from questions.mahjong.conduct import Conduct
from questions.mahjong.liability import Liability
from questions.mahjong.payments import WinPayments
from questions.mahjong.skills_a import SKILLS_A
from questions.mahjong.wall import BreakingTheWall

SKILLS = SKILLS_A + (BreakingTheWall(), WinPayments(), Liability(), Conduct())
