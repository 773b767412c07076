"""The screens of signing in with a school server, and the desk's sign-ins, fit every room of
:mod:`test_scaled_screens` in the three languages (nothing cut), and are saved as
screenshots for a person to look at (no server needed: the states are set as a server's
answers would set them)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from screens_support import an_exam, settle
from test_scaled_screens import ROOMS, cut_controls

import i18n
from i18n import Message
from trainer.progress.people.accounts import sign_in
from trainer.progress.school.identity import SignInState
from trainer.progress.school.refusals import Refusal
from trainer.progress.school.sync import SyncResult
from trainer.progress.storage.ledger import add_person

UNREACHABLE = "postgresql://nobody@127.0.0.1:1/none"


@pytest.fixture
def at_school(window, store):
    """The window of a school desktop whose server cannot be reached now."""
    an_exam(store)
    add_person(store, "Maria da Conceição Lei Wong")
    window.school.use_url(UNREACHABLE)
    window.school.wait()
    window.open_start()
    yield window
    window.school.wait()


def screens(window, store):
    """Each new screen, set up in turn: its name."""
    screen = window.start_screen
    panel = screen.pin_sign_in
    screen.people.setCurrentRow(0)
    panel._say(Message.counted("The PIN for {name} is not right. Try again in {count} second.",
                               "The PIN for {name} is not right. Try again in {count} seconds.",
                               4, name="Chan Tai Man"), panel.pin)
    yield "start-pin"
    panel._failed(Message.of("This is {name}'s first PIN: choose a PIN of your own (4 to 8 "
                             "digits).", name="Chan Tai Man"), True)
    yield "start-new-pin"
    from ui.desk.desk import InstructorDesk

    teacher = next(p for p in store.people() if p.role == "instructor")
    window.school.as_instructor("mestre", "secret")
    window.show_desk(InstructorDesk(store, sign_in(store, teacher.id, "correct horse"),
                                    window.school))
    page = window.desk.school
    window.desk.open_page(page)
    trainees = store.people()
    page.sign_ins._people = [p for p in trainees if p.role == "trainee"]
    page.sign_ins._states = {trainees[0].id: SignInState(trainees[0].id, True, 3, False, 2)}
    page.sign_ins._fill()
    page.sign_ins.setVisible(True)
    page.refused.show_result(SyncResult(0, 0, refusals=(Refusal(
        7, datetime(2025, 3, 4, 9, 30, tzinfo=UTC), trainees[0].id,
        "This batch, sent for Chan Tai Man, holds rows of someone else. Nothing was "
        "merged."),)))
    yield "desk-school-sign-ins"


@pytest.mark.parametrize("room", ROOMS)
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_sign_in_screens_fit_or_scroll(at_school, store, screenshot_dir, language, room):
    window = at_school
    window.switch_language(language)
    width, height = ROOMS[room]
    window.resize(width, height)
    problems = {}
    for name in screens(window, store):
        settle()
        assert window.pages.currentWidget().isVisible()
        if cut := cut_controls(window):
            problems[name] = cut
        if room == "2.0-on-2560x1600" and language in ("en", "zh_Hant_MO"):
            assert window.grab().save(str(screenshot_dir / f"sign-in-{name}-{language}.png"))
    assert problems == {}, problems
