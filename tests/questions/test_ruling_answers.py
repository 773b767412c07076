"""The ruling-with-reasons form: one ruling picked, every reason that applies ticked."""

from __future__ import annotations

import pytest

from i18n import N_, Message
from questions.answers import read_ruling, ruling_score
from questions.model import AnswerForm, AnswerKind, Option, Question, UnreadableAnswer


def _question() -> Question:
    form = AnswerForm(AnswerKind.RULING,
                      (Option("allow", Message.of(N_("Allow it"))),
                       Option("refuse", Message.of(N_("Refuse")))),
                      (Option("2c", Message.of(N_("Art. 2 c)"))),
                       Option("2d", Message.of(N_("Art. 2 d)")))))
    return Question("thirteen.procedure", 1, 1, {}, Message.of(N_("What is the ruling?")),
                    form)


def test_a_ruling_is_read_as_a_mapping_a_list_or_typed_text():
    question = _question()
    expected = {"ruling": "refuse", "reasons": frozenset({"2c", "2d"})}
    assert read_ruling(question, {"ruling": "refuse", "reasons": ["2d", "2c"]}) == expected
    assert read_ruling(question, ["refuse", "2c", "2d"]) == expected
    assert read_ruling(question, "Refuse, 2c 2d") == expected
    assert read_ruling(question, "allow") == {"ruling": "allow", "reasons": frozenset()}


def test_a_missing_ruling_or_an_unknown_reason_says_what_to_choose():
    question = _question()
    with pytest.raises(UnreadableAnswer, match="Choose the ruling: Allow it; Refuse"):
        read_ruling(question, {"ruling": None, "reasons": ["2c"]})
    with pytest.raises(UnreadableAnswer, match="“9z” is not one of the options.*2c, 2d"):
        read_ruling(question, ["refuse", "9z"])
    with pytest.raises(UnreadableAnswer, match="not one of the options"):
        read_ruling(question, ["2c"])  # a reason is not a ruling


def test_the_ruling_earns_half_and_the_reasons_the_other_half():
    expected = {"ruling": "refuse", "reasons": frozenset({"2c", "2d"})}
    assert ruling_score(expected, expected) == 1.0
    assert ruling_score({"ruling": "allow", "reasons": frozenset({"2c", "2d"})},
                        expected) == 0.0
    assert ruling_score({"ruling": "refuse", "reasons": frozenset({"2c"})}, expected) == 0.75
    assert ruling_score({"ruling": "refuse", "reasons": frozenset()}, expected) == 0.5


def test_the_form_round_trips_with_its_reasons_and_old_forms_read_as_before():
    form = _question().form
    assert AnswerForm.from_json(form.to_json()) == form
    plain = AnswerForm(AnswerKind.CHOICE, (Option(1, Message.of(N_("Refuse"))),))
    assert "reasons" not in plain.to_json()
    assert AnswerForm.from_json(plain.to_json()) == plain


def test_an_answer_of_the_wrong_type_is_unreadable_not_coerced():
    """True is not option 1 and 26.0 not option 26; an amount is never a float."""
    import questions
    from questions.answers import read_choice, read_choices

    numbered = Question("three_card.order", 1, 1, {}, Message.of(N_("Which?")), AnswerForm(
        AnswerKind.CHOICE, tuple(Option(n, Message.of(N_("Refuse"))) for n in (1, 26))))
    assert read_choice(numbered, 26) == 26 and read_choice(numbered, "26") == 26
    with pytest.raises(UnreadableAnswer, match="“True” is not one of the options"):
        read_choice(numbered, True)
    with pytest.raises(UnreadableAnswer, match="“26.0” is not one of the options"):
        read_choice(numbered, 26.0)
    with pytest.raises(UnreadableAnswer, match="“True” is not one of the options"):
        read_choices(numbered, [26, True])
    first_seat = questions.generate("thirteen.first_seat", 1, 1)
    for coerced in (True, 1.0):
        with pytest.raises(UnreadableAnswer, match="Choose one of the places 1 to 4"):
            first_seat.grade(coerced)
    payout = questions.generate("thirteen.payout", 1, 1)
    for coerced in (float(payout.reference_answer()), True):
        with pytest.raises(UnreadableAnswer, match="Type an amount"):
            payout.grade(coerced)
