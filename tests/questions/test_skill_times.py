"""The time the rules give to answer at the table is the skill's, said once: the 13-card
game's five-minute rule (Art. 2 d) for setting the banker's hand, and no other."""

import questions
from trainer.levels import DIFFICULTIES
from trainer.rules.thirteen.procedure_points import SETTING_SECONDS


def test_only_setting_a_hand_has_a_time_from_the_rules():
    timed = {s: questions.skill(s).time_limit_s for s in questions.skills()
             if questions.skill(s).time_limit_s is not None}
    assert timed == {"thirteen.house_way": SETTING_SECONDS} and SETTING_SECONDS == 5 * 60


def test_the_levels_are_one_tuple_everywhere():
    from questions.skill import DIFFICULTIES as ASKED
    from trainer.progress.learning.mastery import DIFFICULTIES as MASTERED
    from ui.rulebook.practice_map import DIFFICULTIES as SAMPLED

    assert ASKED is MASTERED is SAMPLED is DIFFICULTIES == (1, 2, 3)
