"""Questions on the 13-card game (Portaria 51/89/M)."""

from questions.thirteen.skills_a import SKILLS_A
from questions.thirteen.skills_b import SKILLS_B
from questions.thirteen.table.first_seat import FirstSeat

SKILLS = (FirstSeat(), *SKILLS_A, *SKILLS_B)
