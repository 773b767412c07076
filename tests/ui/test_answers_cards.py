"""Misdealt cards carried to their places, and the banker's 13 cards set in three tiers."""

import pytest
from answers_support import Answers, click, drag, press_until, question_of, shown
from PySide6.QtCore import Qt

from questions import AnswerKind
from trainer.rules.cards import cards_shown
from ui.answers.arrangement import HAND, ArrangementInput, banker_cards
from ui.answers.card_pieces import CardPiece
from ui.answers.moves import MovesInput
from ui.language import LanguageSwitcher


def _misdeal(action: str, **extra):
    def wanted(question) -> bool:
        answer = question.reference_answer()
        return answer["action"] == action and all(f(answer) for f in extra.values())
    return question_of("thirteen.misdeal", AnswerKind.MOVES, wanted)


def _rectify():
    return _misdeal("rectify", several=lambda a: len(a["moves"]) >= 2)


# Misdeals -------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["continue", "cancel"])
def test_continue_or_cancel_by_mouse(qtbot, action):
    question = _misdeal(action)
    control = shown(qtbot, question)
    assert isinstance(control, MovesInput)
    answers = Answers(control)
    assert not control.check_button.isEnabled()  # no action chosen yet
    values = [o.value for o in question.form.options]
    click(qtbot, control.radios[values.index(action)])
    click(qtbot, control.check_button)
    assert answers.last == {"action": action, "moves": []}
    assert question.grade(answers.last).correct


@pytest.mark.parametrize("action", ["continue", "cancel"])
def test_continue_or_cancel_by_keyboard(qtbot, action):
    question = _misdeal(action)
    control = shown(qtbot, question)
    answers = Answers(control)
    control.focus_first()
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Space)  # the first action
    press_until(lambda: control.action() == action,
                lambda: qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Down))
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert question.grade(answers.last).correct


@pytest.mark.parametrize("action", ["continue", "cancel", "rectify"])
def test_an_actions_digit_chooses_it_and_its_badge_shows_the_digit(qtbot, action):
    question = _misdeal(action)
    control = shown(qtbot, question)
    answers = Answers(control)
    values = [o.value for o in question.form.options]
    assert [b.text() for b in control.action_badges] == ["1", "2", "3"]
    assert all(b.isVisible() for b in control.action_badges)
    control.focus_first()
    digit = getattr(Qt.Key, f"Key_{values.index(action) + 1}")
    qtbot.keyClick(control.focusWidget(), digit)
    assert control.action() == action
    assert control.focusWidget() is control.radios[values.index(action)]
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_4)  # no fourth action: nothing
    assert control.action() == action
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert answers.last["action"] == action


def test_on_a_card_a_digit_is_still_a_place_not_an_action(qtbot):
    question = _rectify()
    control = shown(qtbot, question)
    control.focus_first()
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_2)  # rectify is the second action
    assert control.action() == "rectify"
    card = next(iter(control.pieces))
    control.pieces[card].setFocus()
    target = 2 if control.dealt[card] != 2 else 1
    qtbot.keyClick(control.pieces[card], getattr(Qt.Key, f"Key_{target}"))
    assert control.action() == "rectify" and control.moves == {card: target}


def test_the_arrow_keys_choose_among_the_actions_laid_out_in_a_row(qtbot):
    control = shown(qtbot, _rectify())
    values = [o.value for o in control.question.form.options]
    control.focus_first()
    steps = [(Qt.Key.Key_Right, 1), (Qt.Key.Key_Right, 2), (Qt.Key.Key_Right, 2),
             (Qt.Key.Key_Left, 1), (Qt.Key.Key_Up, 0), (Qt.Key.Key_Down, 1)]
    for key, index in steps:
        qtbot.keyClick(control.focusWidget(), key)
        assert control.action() == values[index], (key, index)
        assert control.focusWidget() is control.radios[index]


def test_rectify_by_carrying_the_cards_to_their_places(qtbot):
    question = _rectify()
    control = shown(qtbot, question)
    answers = Answers(control)
    click(qtbot, control.radios[1])
    assert control.action() == "rectify"
    for card, place in question.reference_answer()["moves"]:
        drag(control.pieces[card], control.rows[place])
        assert control.pieces[card] in control.rows[place].pieces
    assert len(control.move_buttons) == len(question.reference_answer()["moves"])
    click(qtbot, control.check_button)
    assert question.grade(answers.last).correct


def _select(qtbot, control: MovesInput, card: str) -> None:
    """Walk to ``card`` with the arrow keys, from whichever card has the focus."""
    def place() -> int:
        return control.place_of(control.focusWidget().card)

    def row_step() -> None:
        down = place() < control.place_of(card)
        qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Down if down else Qt.Key.Key_Up)

    def card_step() -> None:
        row = control.rows[place()].pieces
        right = row.index(control.focusWidget()) < row.index(control.pieces[card])
        qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Right if right else Qt.Key.Key_Left)

    press_until(lambda: place() == control.place_of(card), row_step)
    press_until(lambda: control.focusWidget().card == card, card_step)


def test_rectify_by_keyboard_select_a_card_and_press_its_place(qtbot):
    question = _rectify()
    control = shown(qtbot, question)
    answers = Answers(control)
    control.focus_first()
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Space)
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Down)
    assert control.action() == "rectify"
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Tab)  # from the actions to the cards
    assert isinstance(control.focusWidget(), CardPiece)
    for card, place in question.reference_answer()["moves"]:
        _select(qtbot, control, card)
        qtbot.keyClick(control.focusWidget(), getattr(Qt.Key, f"Key_{place}"))
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Enter)
    assert question.grade(answers.last).correct


def test_moves_are_listed_and_can_be_taken_back(qtbot):
    question = _rectify()
    control = shown(qtbot, question)
    control.choose_action("rectify")
    (card, place), (other, other_place) = question.reference_answer()["moves"][:2]
    dealt_to = control.place_of(card)
    control.move(card, place)
    control.move(other, other_place)
    assert [b.text() for b in control.move_buttons] == [
        f"{cards_shown(card)} → place {place} ✕", f"{cards_shown(other)} → place {other_place} ✕"]
    click(qtbot, control.move_buttons[0])  # ✕ takes the move back
    assert control.place_of(card) == dealt_to and list(control.moves) == [other]
    control.pieces[other].setFocus()
    qtbot.keyClick(control.pieces[other], Qt.Key.Key_Delete)
    assert control.moves == {} and control.move_buttons == []
    drag(control.pieces[card], control.rows[place])
    drag(control.pieces[card], control.rows[dealt_to])  # carried home: no move
    assert control.moves == {}


def test_cards_move_only_when_rectifying(qtbot):
    question = _rectify()
    control = shown(qtbot, question)
    card, place = question.reference_answer()["moves"][0]
    drag(control.pieces[card], control.rows[place])
    assert control.moves == {}
    control.choose_action("rectify")
    drag(control.pieces[card], control.rows[place])
    control.choose_action("cancel")  # moves are kept as a draft but not sent
    answers = Answers(control)
    click(qtbot, control.check_button)
    assert answers.last == {"action": "cancel", "moves": []}


def test_the_misdeal_verdict_marks_the_action_and_each_move(qtbot):
    question = _rectify()
    control = shown(qtbot, question)
    control.choose_action("rectify")
    (card, place), (missed, missed_place) = question.reference_answer()["moves"][:2]
    control.move(card, place)
    stray = next(c for c in control.dealt if c not in (card, missed))
    control.move(stray, control.place_of(stray) % 4 + 1)
    given = control.answer()
    control.show_verdict(given, question.grade(given))
    assert control.radios[1].property("verdict") == "right"
    states = [b.property("verdict") for b in control.move_buttons]
    assert states[:2] == ["right", "wrong"] and "missed" in states
    assert any(f"{cards_shown(missed)} → place {missed_place}" in b.text()
               for b in control.move_buttons)
    assert not control.check_button.isEnabled()


def test_misdeal_labels_follow_a_language_switch(qtbot, qapp):
    control = shown(qtbot, _rectify())
    english = [r.text() for r in control.radios] + [control.rows[1].title.text()]
    LanguageSwitcher(qapp).switch("pt_MO")
    portuguese = [r.text() for r in control.radios] + [control.rows[1].title.text()]
    assert portuguese[:3] == [str(o.label) for o in control.question.form.options]
    assert all(p != e for p, e in zip(portuguese, english, strict=True))


# The banker's tiers ----------------------------------------------------------------------


def _house_way(natural: bool = False):
    return question_of("thirteen.house_way", AnswerKind.ARRANGEMENT,
                       lambda q: q.reference_answer()["natural"] == natural)


def _tier_of(answer: dict) -> dict[str, str]:
    return {card: tier for tier in ("front", "middle", "back") for card in answer[tier]}


def test_setting_the_tiers_by_mouse_grades_correct(qtbot):
    question = _house_way()
    control = shown(qtbot, question)
    assert isinstance(control, ArrangementInput)
    answers = Answers(control)
    for card, tier in _tier_of(question.reference_answer()).items():
        assert not control.check_button.isEnabled()
        drag(control.pieces[card], control.rows[tier])
    assert control.check_button.isEnabled()
    click(qtbot, control.check_button)
    assert question.grade(answers.last).correct


@pytest.mark.parametrize("keys", ["letters", "digits"])
def test_setting_the_tiers_by_keyboard_grades_correct(qtbot, keys):
    question = _house_way()
    tiers = _tier_of(question.reference_answer())
    control = shown(qtbot, question)
    answers = Answers(control)
    control.focus_first()
    press = {"letters": {"front": Qt.Key.Key_F, "middle": Qt.Key.Key_M, "back": Qt.Key.Key_B},
             "digits": {"front": Qt.Key.Key_1, "middle": Qt.Key.Key_2,
                        "back": Qt.Key.Key_3}}[keys]
    for _ in range(13):  # each card sent on leaves the focus on the next one of the hand
        card = control.focusWidget().card
        qtbot.keyClick(control.focusWidget(), press[tiers[card]])
    assert control.tier_cards(HAND) == []
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert question.grade(answers.last).correct


def test_a_full_tier_refuses_a_card_and_says_why(qtbot):
    question = _house_way()
    control = shown(qtbot, question)
    cards = banker_cards(question)
    for card in cards[:3]:
        control.send(card, "front")
    drag(control.pieces[cards[3]], control.rows["front"])
    assert control.where[cards[3]] == HAND
    assert control.problem.isVisible() and "3" in control.problem.text()
    drag(control.pieces[cards[0]], control.rows[HAND])  # back to the hand makes room
    drag(control.pieces[cards[3]], control.rows["front"])
    assert control.where[cards[3]] == "front" and control.problem.isHidden()
    control.pieces[cards[3]].setFocus()
    qtbot.keyClick(control.pieces[cards[3]], Qt.Key.Key_H)
    assert control.where[cards[3]] == HAND


def test_declaring_a_natural_is_an_answer_without_tiers(qtbot):
    question = _house_way(natural=True)
    control = shown(qtbot, question)
    answers = Answers(control)
    control.focus_first()
    assert not control.check_button.isEnabled()
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_N)
    assert control.natural.isChecked() and control.check_button.isEnabled()
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert question.grade(answers.last).correct


def test_the_tiers_verdict_shows_the_house_way(qtbot):
    question = _house_way()
    control = shown(qtbot, question)
    reference = question.reference_answer()
    # A foul: the back's five cards in front of the front's three, swapped round.
    wrong = {"front": reference["back"][:3],
             "middle": reference["front"] + reference["back"][3:],
             "back": reference["middle"], "natural": False}
    for card, tier in _tier_of(wrong).items():
        control.send(card, tier)
    given = control.answer()
    verdict = question.grade(given)
    assert not verdict.correct
    control.show_verdict(given, verdict)
    assert control.rows["front"].property("verdict") == "wrong"
    assert control.expected.isVisible() and str(verdict.expected_text) in control.expected.text()
    assert control.natural.property("verdict") == ""  # rightly not declared: no mark
    drag(control.pieces[reference["front"][0]], control.rows[HAND])
    assert control.where[reference["front"][0]] == "middle"


def test_tier_names_follow_a_language_switch(qtbot, qapp):
    control = shown(qtbot, _house_way())
    english = control.rows["front"].title.text()
    LanguageSwitcher(qapp).switch("zh_Hant_MO")
    assert control.rows["front"].title.text() != english
    assert control.natural.text() == str(control.question.form.options[0].label)
