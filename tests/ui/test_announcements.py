"""What the screen reader is told without the focus moving: the verdict of a question and of
a round's step, an incident at the table, the time left in an exam at one minute and at ten
seconds (assertive), a sync that failed — as Qt's announcement events, in the language shown.
(tests/ui/test_atspi.py hears one through AT-SPI for real.)"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from exam_support import make_exam, start
from modes_support import click_on_table, start_practice
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import QApplication, QWidget
from rounds_support import do_by_keys

from trainer.rounds.modes import Mode
from trainer.rounds.play import solve
from ui.modes.exam import exam as exam_module
from ui.widgets.announce import announce, plain

FIRST_SEAT = "thirteen.first_seat"
GAME = "mahjong_baccarat"  # for the screen_of fixture


@dataclass(frozen=True)
class Heard:
    text: str
    assertive: bool
    source: object


@pytest.fixture
def heard(monkeypatch) -> list[Heard]:
    """Every announcement event sent to the accessibility bridges, as it was sent."""
    said: list[Heard] = []
    real = QAccessible.updateAccessibility

    def listen(event: QAccessibleEvent) -> None:
        if event.type() == QAccessible.Event.Announcement:
            said.append(Heard(event.message(), event.politeness()
                              == QAccessible.AnnouncementPoliteness.Assertive, event.object()))
        real(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", listen)
    return said


def test_an_announcement_is_plain_words_and_leaves_the_focus(qtbot, heard):
    box = QWidget()
    qtbot.addWidget(box)
    announce(box, "<b>✔ Right.</b> See <a href='x'>Article 2</a>\nof the rules")
    announce(box, "  \n ")  # no words: nothing said
    assert heard == [Heard("✔ Right. See Article 2 of the rules", False, box)]
    assert plain("Place 3\n  8 of bamboos") == "Place 3 8 of bamboos"


@pytest.mark.parametrize(("language", "right_word"), [
    ("en", "The right answer"), ("zh_Hant_MO", "正確答案")])
def test_the_verdict_of_a_practice_question_is_said(qtbot, window, heard, language,
                                                    right_word):
    window.switch_language(language)
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    wrong = quiz.question().reference_answer() % 4 + 1
    heard.clear()
    click_on_table(qtbot, quiz, wrong)
    [said] = heard
    assert said.text.startswith(quiz.result.text()) and not said.assertive
    assert right_word in said.text and said.source is quiz.panel.result
    assert QApplication.focusWidget() is quiz.next_button  # where it goes for everyone


def test_an_exam_says_the_answer_was_taken_and_the_last_minute_and_seconds(
        qtbot, window, store, heard, monkeypatch):
    make_exam(store)
    quiz = start(qtbot, window)
    mode = quiz.mode
    assert mode.warnings_due == [60_000, 10_000]
    focused = QApplication.focusWidget()
    left = [0]
    monkeypatch.setattr(exam_module.ExamMode, "time_left_ms", lambda self: left[0])
    heard.clear()
    for left[0] in (61_000, 59_800, 59_600, 10_200, 9_900, 9_700):
        mode._tick_clock()  # the exam's clock ticks (four times a second)
    assert [(h.text, h.assertive) for h in heard] == [
        ("1 minute left in the exam.", False), ("10 seconds left in the exam.", True)]
    assert QApplication.focusWidget() is focused  # the answer being typed keeps the focus


def test_a_sitting_resumed_late_warns_only_of_what_is_still_ahead(qtbot, window, store,
                                                                 monkeypatch):
    make_exam(store)
    monkeypatch.setattr(exam_module.ExamMode, "time_left_ms", lambda self: 30_000)
    quiz = start(qtbot, window)
    assert quiz.mode.warnings_due == [10_000]
    assert exam_module.time_warning(60_000) == "1 minute left in the exam."


def test_a_failed_sync_is_said_once_in_the_language_shown(qtbot, window, heard):
    window.switch_language("pt_MO")
    school = window.school
    with qtbot.waitSignal(school.failed, timeout=60_000):
        school.use_url("postgresql://nobody@127.0.0.1:1/none")
    school.wait()
    [said] = heard
    assert said.text == school.label.text() and "School server" not in said.text
    with qtbot.waitSignal(school.failed, timeout=60_000):
        school.now()  # failing again alike: not said again
    school.wait()
    assert len(heard) == 1
    window.switch_language("en")


def test_a_round_step_verdict_and_the_incident_that_follows_are_said(qtbot, screen_of,
                                                                     heard):
    screen = screen_of(7, Mode.PRACTICE)  # a tile shows face up as the tiles are dealt
    actions = solve(screen.played.round)
    call = next(i for i, a in enumerate(actions) if a.verb == "call")
    for action in actions[:call]:
        heard.clear()
        do_by_keys(qtbot, screen, action)
        [said] = heard
        assert said.text.startswith(plain(screen.verdict.text())) and not said.assertive
    scene = plain(screen.scene.text())
    assert scene and said.text == plain(screen.verdict.text()) + " " + scene
    assert said.source is screen.verdict and QApplication.focusWidget() is screen
    heard.clear()
    do_by_keys(qtbot, screen, actions[call])
    [said] = heard
    assert said.text == plain(screen.verdict.text()) and scene not in said.text
