"""13-card game skills on the deal's mistakes, the banker's hand and the table's procedure
(Art. 2–5, 7, 9)."""

from questions.thirteen.house_way import HouseWaySkill
from questions.thirteen.misdeal import Misdeal
from questions.thirteen.procedure import Procedure

SKILLS_B = (Misdeal(), HouseWaySkill(), Procedure())
