"""A table round left before its end is said to be saved and offered on the Table round
page; resumed from there (Enter on the list), it opens at the step it was left at with the
table as it was, the verdicts kept and the clock going on; a round may be discarded there
instead (asked first)."""

from __future__ import annotations

import pytest
from modes_support import click, open_home
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from rounds_support import do_by_keys

from tests.progress.conftest import damage
from trainer.progress.practice import answers_of
from trainer.progress.table_rounds.history import rounds_played
from trainer.rounds.play import solve

SAVED = "Saved: you can resume this round from Table round."


def _setup(qtbot, window):
    if window.pages.currentWidget() is not window.home:
        open_home(qtbot, window)
    click(qtbot, window.home.buttons["table_round"])
    assert window.pages.currentWidget() is window.round_setup
    return window.round_setup


@pytest.fixture(autouse=True)
def seed(monkeypatch):
    """Table-ready Mahjong Baccarat 12: first 9, deal 9, deal 10, deal 1… (step 2 given
    step 3's action is wrong; an incident later)."""
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 12)


def _start(qtbot, window, game="mahjong_baccarat", mode="table-ready"):
    setup = _setup(qtbot, window)
    setup.choose_game(game)
    setup.modes.setCurrentIndex(setup.modes.findData(mode))
    click(qtbot, setup.start_button)
    return window.round_screen


def _shown(screen):
    """What the round screen shows of where the round is."""
    return (screen.table.view, screen.scene.text(), screen.hint_text.text(),
            screen.verdict.text(), screen.left.currentIndex(), screen.played.done())


def _leave_after(qtbot, window, steps, wrong=()):
    """Start a table-ready round, give ``steps`` steps by keys (a step in ``wrong`` given
    the next step's action), and go home."""
    screen = _start(qtbot, window)
    actions = solve(screen.played.round)
    for number in range(1, steps + 1):
        given = actions[number] if number in wrong else actions[number - 1]
        assert given != actions[number - 1] or number not in wrong
        do_by_keys(qtbot, screen, given)
    shown, verdicts, taken = _shown(screen), list(screen.played.verdicts), screen.elapsed_ms()
    click(qtbot, screen.back_button)
    assert window.pages.currentWidget() is window.home
    return screen, shown, verdicts, taken


def test_a_round_left_after_three_steps_is_resumed_where_it_was_and_finished(
        qtbot, window, store):
    left, shown, verdicts, taken = _leave_after(qtbot, window, 3, wrong=(2,))
    assert window.home.said_text() == SAVED
    setup = _setup(qtbot, window)
    unfinished = setup.unfinished
    assert unfinished.isVisible() and unfinished.list.topLevelItemCount() == 1
    row = unfinished.list.topLevelItem(0)
    steps = len(left.played.round.steps)
    assert [row.text(c) for c in (0, 1, 3)] == ["Mahjong Baccarat", "Table-ready",
                                                 f"3 of {steps}"]
    assert row.text(2) and row.text(4) and unfinished.rounds[0].taken_ms == verdicts[-1].at_ms

    unfinished.list.setFocus()
    qtbot.keyClick(unfinished.list, Qt.Key.Key_Return)
    screen = window.round_screen
    assert screen is not left and window.pages.currentWidget() is screen
    assert screen.played.round == left.played.round
    assert screen.played.verdicts == verdicts and [v.correct for v in verdicts] == [
        True, False, True]
    assert screen.played.step == screen.played.round.steps[3]  # step 4
    assert _shown(screen) == shown
    assert screen.verdict.text() == "Step 3 noted: verdicts come when the round ends."
    assert screen.elapsed_ms() >= verdicts[-1].at_ms and taken >= verdicts[-1].at_ms

    steps = len(screen.played.round.steps)
    for action in solve(screen.played.round)[3:]:
        do_by_keys(qtbot, screen, action)
    assert screen.played.finished and screen.controls.isHidden()
    assert screen.played.verdicts[:3] == verdicts
    assert [v.correct for v in screen.played.verdicts].count(False) == 1
    assert f"Round over: {steps - 1} of {steps} steps right." in screen.verdict.text()
    assert all(v.at_ms > verdicts[-1].at_ms for v in screen.played.verdicts[3:])
    actor = window.actor
    [played] = rounds_played(store, actor, actor.person.id)
    assert played.finished and [s.verdict.step for s in played.steps] == list(
        range(1, steps + 1))
    assert len(answers_of(store, actor, actor.person.id)) == steps
    click(qtbot, screen.back_button)
    assert window.home.said_text() == ""  # a finished round: nothing to resume
    assert _setup(qtbot, window).unfinished.isHidden()


def test_a_round_left_before_its_first_step_is_neither_saved_nor_offered(qtbot, window):
    screen = _start(qtbot, window, "thirteen", "practice")
    click(qtbot, screen.back_button)
    assert window.home.said_text() == ""
    assert _setup(qtbot, window).unfinished.isHidden()


def _answer_box(button, asked):
    def reply():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, reply)
            return
        asked.append(box.text())
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
        chosen = next(b for b in box.buttons() if b.text() == button) if button != "Cancel" \
            else box.button(QMessageBox.StandardButton.Cancel)
        chosen.click()
    QTimer.singleShot(20, reply)


def test_a_round_discarded_after_asking_is_no_longer_offered_and_stays_for_the_desk(
        qtbot, window, store):
    _leave_after(qtbot, window, 2)
    setup = _setup(qtbot, window)
    asked: list[str] = []
    _answer_box("Cancel", asked)
    click(qtbot, setup.unfinished.discard_button)
    assert setup.unfinished.list.topLevelItemCount() == 1
    setup.unfinished.list.setFocus()
    _answer_box("Discard the round", asked)
    qtbot.keyClick(setup.unfinished.list, Qt.Key.Key_Delete)
    steps = len(window.round_screen.played.round.steps)
    assert asked == [f"Discard this round of Mahjong Baccarat, left at step 3 of {steps}? It "
                     "will no longer be offered to resume; the steps you gave stay in your "
                     "progress."] * 2
    assert setup.unfinished.isHidden()
    assert setup.said_text().startswith("The round is discarded")
    [played] = rounds_played(store, window.actor, window.actor.person.id)
    assert played.abandoned and len(played.steps) == 2


def test_a_round_that_no_longer_grades_as_recorded_is_refused_on_the_page(
        qtbot, window, store):
    _leave_after(qtbot, window, 3)
    damage(store.path, "UPDATE attempts SET correct = 0 WHERE json_extract(question_json, "
           "'$.round.step') = 2")
    left = window.round_screen
    setup = _setup(qtbot, window)
    click(qtbot, setup.unfinished.resume_button)
    assert window.pages.currentWidget() is setup and window.round_screen is left
    assert setup.said_problem()
    assert setup.said_text().startswith("Step 2 of this round no longer grades as it was "
                                        "recorded")


def test_a_step_the_store_refuses_as_the_round_is_left_is_said_at_home(qtbot, window,
                                                                      monkeypatch):
    import trainer.progress.table_rounds.recording as recording
    from i18n import Message
    from trainer.progress import StoreError

    screen = _start(qtbot, window)

    def busy(*_args, **_kwargs):
        raise StoreError(Message.of("The progress database is busy."))

    monkeypatch.setattr(recording, "record_step", busy)
    do_by_keys(qtbot, screen, solve(screen.played.round)[0])
    click(qtbot, screen.back_button)
    assert window.home.said_problem()
    assert window.home.said_text() == "The progress database is busy."
