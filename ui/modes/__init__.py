"""The ways a trainee trains, each a :class:`~ui.modes.base.QuizMode` for the quiz view
and, where there is something to choose first, a page.

=====================  ==============================================================
module                 what
=====================  ==============================================================
``home``               the trainee's home page: the modes (the table round: ``ui.rounds``)
``practice``           pick a game, skills and level; untimed, explained
``self_study``         the schedule chooses the skill and says why
``drill``              one skill against its target time; the five-minute rule
``exam/``              the instructor's exams: the list, taking one (or previewing
                       it), leaving it, and the result with every question replayed
``panel``              one question on screen (shared by the quiz and the review)
``skill_picker``       a game, its skills and the level
``base``               what the modes share
=====================  ==============================================================
"""
