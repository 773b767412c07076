"""The instructor replays a trainee's table round step by step on the desk: the rounds
listed with their counts, each step shown as it was recorded and graded again (the table
before it, the action given, the verdict and its article), by keys only and by mouse only;
an answer-log row of a round step opens the round at that step, never a question."""

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import i18n
from trainer.progress.people.accounts import NotAllowed, sign_in
from trainer.progress.table_rounds.history import rounds_played
from trainer.progress.table_rounds.recording import RoundRecording
from trainer.rounds.games import start
from trainer.rounds.mahjong_baccarat.view import table_view
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, solve
from trainer.rounds.thirteen.view import table_view as thirteen_view
from ui.desk.reports.replay import RoundStepNotAQuestion, replayed_question
from ui.desk.reports.table_rounds import TableRoundsView
from ui.desk.texts import local_time
from ui.modes.base import clock_text
from ui.rounds.review import verdict_html
from ui.rounds.thirteen_table import ThirteenRoundTable

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton
STEP_MS = 2300
WRONG = (3, 7)


def play(store, actor, seed, wrong=(), stop=None, mode=Mode.PRACTICE, game="mahjong_baccarat"):
    """Play a round as ``actor``, recorded step by step as the round screen records it: the
    right actions (``solve``) but another one at each step in ``wrong``; only the first
    ``stop`` steps (the round left there)."""
    round_ = start(game, seed, mode)
    right = solve(round_)
    recording, played = RoundRecording(store, actor, round_), RoundPlay(round_)
    for number, expected in enumerate(right[:stop], 1):
        action = expected if number not in wrong else next(a for a in right if a != expected)
        assert recording.step(played.give(action, number * STEP_MS)) is None
    assert recording.close() is None
    return recording.round_id, played


@pytest.fixture
def chan(store, classroom):
    return sign_in(store, classroom[0].id)


@pytest.fixture
def finished(store, chan):
    return play(store, chan, seed=4, wrong=WRONG)


@pytest.fixture
def left(store, chan):
    return play(store, chan, seed=11, stop=5)


def rounds_of(qtbot, desk, name):
    """The trainee's answers from the trainee list, then their table rounds, by mouse."""
    page = desk.trainees
    table = page.table
    row = next(r for r in range(table.model().rowCount())
               if table.model().index(r, 0).data() == name)
    table.selectRow(row)
    qtbot.mouseClick(page.answers_button, LEFT)
    attempts = desk.attempts
    qtbot.mouseClick(attempts.rounds_button, LEFT)
    assert attempts.stack.currentWidget() is attempts.rounds
    return attempts.rounds


def row_of(view, round_id):
    return next(r for r, p in enumerate(view.model.rounds) if p.id == round_id)


def texts(view, row):
    return [view.model.index(row, column).data() for column in range(view.model.COLUMNS)]


def shows_step(view, played, number):
    """The replay shows step ``number`` as recorded: the table before it, the step, the
    action given and when, the verdict with its reasons and article."""
    replay, round_ = view.replay, played.round
    verdict = played.verdicts[number - 1]
    assert replay.number == number
    assert replay.position.text() == f"Step {number} of {len(played.verdicts)} given"
    assert replay.step_name.text() == f"Step {number}: {round_.steps[number - 1].name}"
    done = solve(round_)[:number - 1]
    assert replay.table.view == table_view(round_.table, done, round_.steps[number - 1].expected)
    at = clock_text(number * STEP_MS)
    assert replay.given.text() == (f"Action given: {verdict.given}, at {at} into the round, "
                                   f"2.3 s after the step before.")
    assert replay.verdict.text() == verdict_html(round_, verdict)
    assert str(verdict.article.cite()) in replay.verdict.text()
    assert ("✘" in replay.verdict.text()) == (number in WRONG)


def test_the_round_is_listed_with_its_counts(qtbot, desk, finished, left):
    (round_id, played), (left_id, stopped) = finished, left
    view = rounds_of(qtbot, desk, "Chan Tai Man")
    steps = len(played.round.steps)
    assert len(view.model.rounds) == 2 and view.title.text() == "Chan Tai Man: 2 table rounds"
    date, game, mode, right, time, ended = texts(view, row_of(view, round_id))
    assert (game, mode, ended) == ("Mahjong Baccarat", "Practice", "Finished")
    assert right == f"{steps - len(WRONG)} of {steps} right"
    par = played.round.par_seconds
    assert time == f"{clock_text(steps * STEP_MS)} (par {par // 60}:{par % 60:02d})"
    assert date == local_time(view.model.rounds[row_of(view, round_id)].steps[0].answered_at)
    *_, right, _time, ended = texts(view, row_of(view, left_id))
    assert right == "5 of 5 right"
    assert ended == f"Left at step 6 of {len(stopped.round.steps)}"


def test_the_instructor_replays_a_round_by_keys_only(qtbot, desk, finished):
    round_id, played = finished
    view = rounds_of(qtbot, desk, "Chan Tai Man")
    view.table.setCurrentIndex(view.model.index(row_of(view, round_id), 0))
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_Return)
    assert view.stack.currentWidget() is view.replay_page and view.replay.hasFocus()
    assert desk.attempts.hint.text().startswith("← and → go to the step")
    replay = view.replay
    shows_step(view, played, 1)
    for number in range(2, len(played.verdicts) + 1):
        qtbot.keyClick(replay, Qt.Key.Key_Right)
        shows_step(view, played, number)
    qtbot.keyClick(replay, Qt.Key.Key_Right)  # the last stays the last
    assert replay.number == len(played.verdicts)
    qtbot.keyClick(replay, Qt.Key.Key_Home)
    shows_step(view, played, 1)
    for wrong in WRONG:
        qtbot.keyClick(replay, Qt.Key.Key_N)
        shows_step(view, played, wrong)
    qtbot.keyClick(replay, Qt.Key.Key_N)  # no wrong step after the last one
    assert replay.number == WRONG[-1] and not replay.buttons["wrong"].isEnabled()
    qtbot.keyClick(replay, Qt.Key.Key_Left)
    shows_step(view, played, WRONG[-1] - 1)
    qtbot.keyClick(replay, Qt.Key.Key_End)
    shows_step(view, played, len(played.verdicts))
    qtbot.keyClick(replay, Qt.Key.Key_Home)
    shows_step(view, played, 1)
    qtbot.keyClick(replay, Qt.Key.Key_Escape)
    assert view.stack.currentWidget() is view.list_page


def test_the_instructor_replays_a_round_by_mouse_only(qtbot, desk, finished):
    round_id, played = finished
    view = rounds_of(qtbot, desk, "Chan Tai Man")
    row = row_of(view, round_id)
    view.table.selectRow((row + 1) % 2)  # the other round first: the click picks this one
    index = view.model.index(row, 0)
    qtbot.mouseClick(view.table.viewport(), LEFT, pos=view.table.visualRect(index).center())
    qtbot.mouseClick(view.open_button, LEFT)
    buttons = view.replay.buttons
    shows_step(view, played, 1)
    assert not buttons["previous"].isEnabled() and not buttons["first"].isEnabled()
    for number in range(2, len(played.verdicts) + 1):
        qtbot.mouseClick(buttons["next"], LEFT)
        shows_step(view, played, number)
    assert not buttons["next"].isEnabled() and not buttons["last"].isEnabled()
    qtbot.mouseClick(buttons["first"], LEFT)
    for wrong in WRONG:
        qtbot.mouseClick(buttons["wrong"], LEFT)
        shows_step(view, played, wrong)
    qtbot.mouseClick(buttons["previous"], LEFT)
    shows_step(view, played, WRONG[-1] - 1)
    qtbot.mouseClick(buttons["last"], LEFT)
    shows_step(view, played, len(played.verdicts))
    qtbot.mouseClick(view.back_button, LEFT)
    assert view.stack.currentWidget() is view.list_page
    qtbot.mouseClick(view.answers_button, LEFT)
    assert desk.attempts.stack.currentWidget() is desk.attempts.list_page


def test_a_round_left_before_its_end_replays_as_far_as_it_went(qtbot, desk, left):
    round_id, played = left
    view = rounds_of(qtbot, desk, "Chan Tai Man")
    assert view.open_round(round_id)
    assert view.replay.details.text().endswith(
        f"Left at step 6 of {len(played.round.steps)}")
    qtbot.keyClick(view.replay, Qt.Key.Key_End)
    assert view.replay.number == 5 and view.replay.position.text() == "Step 5 of 5 given"
    assert not view.replay.buttons["wrong"].isEnabled()  # every step given was right


def test_a_13_card_round_is_replayed_on_its_own_table(qtbot, store, chan, instructor):
    round_id, played = play(store, chan, seed=2, wrong=(2,), game="thirteen")
    view = TableRoundsView(store, instructor)
    qtbot.addWidget(view)
    assert view.show_person(chan.person.id, "Chan Tai Man") and view.open_round(round_id, 3)
    replay, round_ = view.replay, played.round
    assert replay.title.text() == "Table round: 13-card game · Practice"
    assert isinstance(replay.table, ThirteenRoundTable)
    done = solve(round_)[:2]
    assert replay.table.view == thirteen_view(round_.table, done, round_.steps[2].expected)
    assert replay.verdict.text() == verdict_html(played.round, played.verdicts[2])
    qtbot.mouseClick(replay.buttons["previous"], LEFT)
    assert replay.number == 2
    assert replay.table.view == thirteen_view(round_.table, done[:1], round_.steps[1].expected)
    assert replay.given.text().startswith(f"Action given: {played.verdicts[1].given}, ")


def test_a_trainee_cannot_open_another_trainees_rounds(qtbot, store, classroom, chan,
                                                       finished):
    ana = sign_in(store, classroom[1].id)
    with pytest.raises(NotAllowed, match="only their own progress"):
        rounds_played(store, ana, chan.person.id)
    view = TableRoundsView(store, ana)
    qtbot.addWidget(view)
    assert not view.show_person(chan.person.id, "Chan Tai Man")
    assert view.model.rounds == [] and not view.open_round(finished[0])
    assert "only their own progress" in view.problem.text()
    assert view.show_person(chan.person.id, "Chan Tai Man") is False
    own = TableRoundsView(store, chan)
    qtbot.addWidget(own)
    assert own.show_person(chan.person.id, "Chan Tai Man")
    assert [p.id for p in own.model.rounds] == [finished[0]]


def test_an_answer_log_row_of_a_round_step_opens_the_round_at_that_step(qtbot, desk,
                                                                        finished):
    round_id, played = finished
    page = desk.trainees
    table = page.table
    table.selectRow(next(r for r in range(table.model().rowCount())
                         if table.model().index(r, 0).data() == "Chan Tai Man"))
    qtbot.mouseClick(page.answers_button, LEFT)
    attempts = desk.attempts
    model = attempts.model
    row = next(r for r, a in enumerate(model.attempts)
               if a.question.get("round", {}).get("step") == WRONG[1])
    steps = len(played.round.steps)
    skill = model.index(row, 3).data()
    assert skill.startswith(f"Table round, step {WRONG[1]} of {steps}: ")
    with pytest.raises(RoundStepNotAQuestion, match="step of a table round"):
        replayed_question(model.attempts[row].question)
    attempts.table.setCurrentIndex(model.index(row, 0))
    attempts.table.setFocus()
    qtbot.keyClick(attempts.table, Qt.Key.Key_Return)
    view = attempts.rounds
    assert attempts.stack.currentWidget() is view and view.stack.currentWidget() is \
        view.replay_page
    assert attempts.replay.question is None  # no question was made of it
    shows_step(view, played, WRONG[1])
    assert view.back_button.text() == "◀ All answers"
    qtbot.keyClick(view.replay, Qt.Key.Key_Escape)
    assert attempts.stack.currentWidget() is attempts.list_page


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_replay_on_screen(qtbot, desk, finished, screenshot_dir, switcher, language):
    """The replay at a wrong step, saved for a person to look at (also to $REPLAY_SHOTS)."""
    round_id, played = finished
    view = rounds_of(qtbot, desk, "Chan Tai Man")
    switcher.switch(language)
    folders = [screenshot_dir, *([Path(os.environ["REPLAY_SHOTS"])]
                                 if os.environ.get("REPLAY_SHOTS") else [])]

    def shot(name):
        QApplication.processEvents()  # the layout settled before the grab
        picture = desk.grab()
        assert picture.width() == 1280 and picture.height() == 800
        for folder in folders:
            folder.mkdir(parents=True, exist_ok=True)
            assert picture.save(str(folder / f"{name}-{language}.png"))

    shot("rounds")
    assert view.open_round(round_id, WRONG[0])
    shot("replay")


def test_a_trainee_replays_their_own_rounds_from_their_progress(qtbot, window, store):
    person = store.people()[0]
    window.open_home(person)
    round_id, played = play(store, window.actor, seed=4, wrong=WRONG)
    qtbot.mouseClick(window.home.buttons["progress"], LEFT)
    progress = window.progress
    assert window.pages.currentWidget() is progress and progress.rounds_button.isVisible()
    qtbot.mouseClick(progress.rounds_button, LEFT)
    page = window.my_rounds
    assert window.pages.currentWidget() is page and page.heading.text() == "My table rounds"
    view = page.rounds
    assert [p.id for p in view.model.rounds] == [round_id]
    assert view.title.text() == "Chan Tai Man: 1 table round"
    qtbot.keyClick(view.table, Qt.Key.Key_Return)
    assert view.stack.currentWidget() is view.replay_page
    qtbot.keyClick(view.replay, Qt.Key.Key_N)
    shows_step(view, played, WRONG[0])
    qtbot.keyClick(view.replay, Qt.Key.Key_Escape)
    assert view.stack.currentWidget() is view.list_page
    assert view.answers_button.text() == "◀ My progress"
    qtbot.keyClick(view.table, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is progress
