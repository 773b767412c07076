"""Questions on the 13-card game (Portaria 51/89/M)."""

from questions.thirteen.first_seat import FirstSeat
from questions.thirteen.skills_a import SKILLS_A
from questions.thirteen.skills_b import SKILLS_B

SKILLS = (FirstSeat(), *SKILLS_A, *SKILLS_B)
