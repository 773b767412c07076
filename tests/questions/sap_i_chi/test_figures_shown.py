"""sap_i_chi: every figure the grading uses is in the text shown with the question.

A bet on red or black is graded on the colour of the number drawn, so the number is shown
with its character and colour; every stake and the chances it covers are shown too. (The
prizes of Art. 3 are the regulation's own figures, which the trainee is asked to know.)
"""


import pytest

import questions
from i18n import Money
from questions.chip_situation import InChipsSituation
from questions.sap_i_chi.board import bet
from questions.sap_i_chi.situations import BellScene, DrawScene
from trainer.rules.sap_i_chi.bets import colour, number_label

SKILLS = ("sap_i_chi.payout", "sap_i_chi.procedure", "sap_i_chi.draw")


@pytest.mark.parametrize("difficulty", [1, 2, 3])
@pytest.mark.parametrize("skill", SKILLS)
def test_every_figure_graded_is_shown(skill, difficulty):
    colour_bets_on_a_drawn_number = 0
    for seed in range(300):
        question = questions.generate(skill, seed, difficulty)
        shown = str(question.prompt)
        s = question.situation
        if isinstance(s, InChipsSituation):
            s = s.typed
        for number in (s.drawn, s.card if isinstance(s, DrawScene) else None):
            if number is not None:
                # "number 5 (傌, red)": the number, its character and its colour.
                assert str(number_label(number)) in shown, (seed, shown)
                assert f", {colour(number).value})" in shown
        moved = s.to if isinstance(s, BellScene) else None
        for data in (*s.bets, *([moved] if moved else [])):
            assert str(Money(data.stake)) in shown, (seed, data)
            assert str(bet(data).describe()) in shown, (seed, data)
            colour_bets_on_a_drawn_number += data.colour is not None and s.drawn is not None
    if skill == "sap_i_chi.payout":
        assert colour_bets_on_a_drawn_number >= 40  # the case the colour is shown for


def test_the_number_drawn_is_shown_with_its_colour():
    question = questions.generate("sap_i_chi.payout", 3, 1)  # a bet on red, 2 drawn
    assert question.situation.bets[0].colour == "red"
    assert "Sap I Chi: number 2 (仕, red) is drawn." in str(question.prompt)
