"""The ticks of a Mah-Jong fán listing marked against the reading the answer follows: a hand
that reads two ways worth the same (HI-MJ-INCLUDES) shows no right list as wrong or missed."""

import pytest
from answers_support import shown

import questions

CHOWS = {"one-suit-chows", "last-tile"}
PUNGS = {"one-suit-honours", "last-tile"}


@pytest.mark.parametrize(("given", "other"), [(PUNGS, "one-suit-chows"),
                                              (CHOWS, "one-suit-honours")])
def test_either_reading_s_list_is_marked_right_and_the_other_s_pattern_not_missed(
        qtbot, given, other):
    question = questions.generate("mahjong.fan", 2938, 3)
    control = shown(qtbot, question)
    values = [option.value for option in question.form.options]
    control.show_verdict(sorted(given), question.grade(sorted(given)))
    marks = {value: control.cells[i].property("verdict") for i, value in enumerate(values)}
    assert {value for value, state in marks.items() if state} == given
    assert all(marks[value] == "right" for value in given)
    assert not marks[other]  # the other reading's pattern: neither wrong nor missed
