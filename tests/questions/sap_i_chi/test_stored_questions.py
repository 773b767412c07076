"""Questions stored before readings version 3 still load and grade: the procedure skill
keeps its one-choice form (the new rulings with reasons are a skill of their own,
sap_i_chi.draw), and a void round is now worded as Art. 2 (3) says."""

import questions
from questions import AnswerKind, Question

#: sap_i_chi.procedure, seed 13, level 1, as stored before this change (rules left out:
#: the defaults), with the old label of the void ruling.
STORED = {
    "version": 1, "skill": "sap_i_chi.procedure", "seed": 13, "difficulty": 1,
    "situation": {"story": "cloth-slips", "incident": "croupier-irregularity",
                  "stage": "closed", "place": 1,
                  "bets": [{"place": 1, "stake": "410", "numbers": [7, 8, 9, 10, 11, 12]}],
                  "to": None, "drawn": None, "options": ["accept", "refuse", "void", "rebuild"]},
    "prompt": {"msgid": "Sap I Chi: the bell has rung. As the croupier unrolls the cloth, its "
               "rod slips out of the case and the cloth falls before its number is shown. "
               "Place {place} has {stake} on {chances}. What is the ruling?",
               "params": {"chances": {"message": {"msgid": "the numbers {numbers}",
                                                  "params": {"numbers": "7, 8, 9, 10, 11, 12"}}},
                          "place": 1, "stake": {"money": "410"}}},
    "form": {"kind": "choice", "options": [
        {"value": "accept", "label": {"msgid": "Allow it: the bet is placed, moved or taken "
                                                "back as asked.", "params": {}}},
        {"value": "refuse", "label": {"msgid": "Refuse: no new bet and no change to a bet now.",
                                      "params": {}}},
        {"value": "void", "label": {"msgid": "Declare the round void: stakes go back and "
                                             "players may withdraw or change their bets.",
                                    "params": {}}},
        {"value": "rebuild", "label": {"msgid": "Put the cleared bet back where the player "
                                                "says it lay, and pay it.", "params": {}}}]},
}


def test_a_stored_procedure_question_loads_and_grades():
    question = Question.from_json(STORED)
    assert question.form.kind is AnswerKind.CHOICE
    verdict = question.grade("void")
    assert verdict.correct and verdict.score == 1.0
    assert "Ordinance 9/76 (Sap I Chi), Article 2(3)" in verdict.explanation
    assert not question.grade("refuse").correct
    # Typed by its stored label, too.
    assert question.grade("Declare the round void: stakes go back and players may withdraw "
                          "or change their bets.").correct


def test_the_void_ruling_is_now_worded_as_the_text():
    verdict = Question.from_json(STORED).grade("refuse")
    assert "stakes go back" not in verdict.expected_words
    assert "no bet wins or loses" in verdict.expected_words
    assert "withdraw their bets or change them" in verdict.expected_words


def test_the_same_seed_still_asks_the_same_scene():
    again = questions.generate("sap_i_chi.procedure", 13, 1)
    assert again.situation.to_json() == STORED["situation"]
    assert again.form.kind is AnswerKind.CHOICE
