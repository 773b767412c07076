"""A question's difficulty: the three levels every layer speaks of — the questions dealt
at each, the mastery that moves a trainee between them, the exams and bundles that name
one, the pickers that offer them. Defined here once, below all of them."""

from __future__ import annotations

#: The levels, easiest first.
DIFFICULTIES = (1, 2, 3)
