"""13-card game skills on the deal's mistakes, the banker's hand and the table's procedure
(Art. 2–5, 7, 9)."""

from questions.thirteen.hands.house_way import HouseWaySkill
from questions.thirteen.table.misdeal import Misdeal
from questions.thirteen.table.procedure import Procedure

SKILLS_B = (Misdeal(), HouseWaySkill(), Procedure())
