"""13-card game skills on the deal's mistakes and the banker's hand (Art. 4, 7, 9)."""

from questions.thirteen.house_way import HouseWaySkill
from questions.thirteen.misdeal import Misdeal

SKILLS_B = (Misdeal(), HouseWaySkill())
