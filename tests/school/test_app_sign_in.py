"""The start screen with a school server, driven as a trainee would: pick the name, type the
PIN and Enter; a first PIN changed for one's own; every refusal said under the field; the
history brought at once after the sign-in; a PIN-protected exam started (real server)."""

from __future__ import annotations

from decimal import Decimal

import psycopg
import pytest
from PySide6.QtCore import Qt

from tests.progress.test_exams import PARTS
from tests.school.school import PASSWORD, PIN, a_pin_the_check_stops, answer
from trainer.progress.exams.sittings import create_exam
from trainer.progress.people.accounts import sign_in
from trainer.progress.school.identity import give_first_pins
from trainer.progress.storage.ledger import add_person, stored_attempts
from trainer.progress.storage.store import Role
from ui import pin_dialog
from ui.app import build_window
from ui.modes.exam.exam import ExamMode

UNREACHABLE = "postgresql://nobody@127.0.0.1:1/none"


def first_pin(school_setup, name: str) -> tuple[str, str]:
    """A trainee made on the desk, published, given a first PIN: their id and that PIN."""
    desk = school_setup.desk
    person = add_person(desk.store, name)
    desk.sync()
    return person.id, give_first_pins(desk.url, desk.login, PASSWORD, [person.id])[person.id]


def open_window(qtbot, qapp, desktop, url: str | None = None):
    window = build_window(desktop.store, qapp, "en")
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.school.urlChanged):
        window.school.use_url(url or desktop.url)
    if url is None:
        qtbot.waitUntil(lambda: not window.school.running, timeout=60_000)
    return window


def choose(qtbot, window, name: str) -> None:
    people = window.start_screen.people
    [item] = people.findItems(name, Qt.MatchFlag.MatchExactly)
    rect = people.visualItemRect(item)
    qtbot.mouseClick(people.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.keyClick(people, Qt.Key.Key_Return)  # to the PIN


def type_pin(qtbot, window, field, pin: str) -> None:
    """Type into ``field`` and press Enter; the check has ended when this returns."""
    panel = window.start_screen.pin_sign_in
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(field, pin)
    with qtbot.waitSignal(panel.checking, timeout=60_000,
                          check_params_cb=lambda busy: not busy):
        qtbot.keyClick(field, Qt.Key.Key_Return)


@pytest.fixture
def ana_first(school_setup):
    return first_pin(school_setup, "Ana Lei")


def test_a_first_pin_is_changed_for_ones_own_then_the_home_page_opens_and_syncs(
        qtbot, qapp, school_setup, ana_first):
    ana, first = ana_first
    desktop = school_setup.desktop()
    window = open_window(qtbot, qapp, desktop)
    screen = window.start_screen
    assert not screen.new_name.isVisibleTo(screen)  # no name typed here makes a trainee
    assert screen.made_on_desk.text().startswith("With the school server, trainees are added "
                                                 "on the instructor desk")
    choose(qtbot, window, "Ana Lei")
    panel = screen.pin_sign_in
    assert panel.pin.hasFocus()  # Enter on the name: on to the PIN
    assert panel.pin.echoMode() == panel.pin.EchoMode.Password
    qtbot.keyClicks(panel.pin, "12ab")  # digits only
    assert panel.pin.text() == "12"
    panel.pin.clear()
    type_pin(qtbot, window, panel.pin, first)
    assert panel.first_pin.text() == ("This is Ana Lei's first PIN: choose a PIN of your own "
                                      "(4 to 8 digits).")
    assert panel.new_pin.hasFocus() and not panel.pin.isEnabled()
    qtbot.keyClicks(panel.new_pin, "123")
    qtbot.keyClick(panel.new_pin, Qt.Key.Key_Return)
    qtbot.keyClicks(panel.again, "123")
    qtbot.keyClick(panel.again, Qt.Key.Key_Return)
    assert panel.error.text() == "A PIN has 4 to 8 digits."
    panel.new_pin.clear()
    qtbot.keyClicks(panel.new_pin, PIN)
    panel.again.clear()
    qtbot.keyClicks(panel.again, "1357")
    qtbot.keyClick(panel.again, Qt.Key.Key_Return)
    assert panel.error.text() == "The two new PINs are not the same."
    panel.new_pin.clear()
    qtbot.keyClicks(panel.new_pin, first)  # the server's own rule
    panel.again.clear()
    type_pin(qtbot, window, panel.again, first)
    assert panel.error.text() == "The new PIN has 4 to 8 digits and is not the first PIN."
    panel.new_pin.clear()
    qtbot.keyClicks(panel.new_pin, PIN)
    panel.again.clear()
    with qtbot.waitSignal(window.school.synced, timeout=60_000):  # at once, for her history
        type_pin(qtbot, window, panel.again, PIN)
        assert window.pages.currentWidget() is window.home
    assert window.actor.person.id == ana and window.actor.proven
    assert window.windowTitle().startswith("Ana Lei")
    window.open_start()  # back: the next sign-in takes her own PIN, no change asked
    choose(qtbot, window, "Ana Lei")
    assert panel.pin.text() == "" and not panel.first_pin.isVisibleTo(panel)
    type_pin(qtbot, window, panel.pin, PIN)
    assert window.pages.currentWidget() is window.home


def test_each_refusal_is_said_under_the_field(qtbot, qapp, school_setup, ana_first):
    ana, first = ana_first
    desktop = school_setup.desktop()
    window = open_window(qtbot, qapp, desktop)
    panel = window.start_screen.pin_sign_in
    choose(qtbot, window, "Ana Lei")
    qtbot.keyClick(panel.pin, Qt.Key.Key_Return)
    assert panel.error.text() == "Type your PIN."
    type_pin(qtbot, window, panel.pin, "0000")
    assert panel.error.text() == "The PIN for Ana Lei is not right. Try again in 1 second."
    assert panel.pin.text() == "" and panel.pin.hasFocus()
    with psycopg.connect(school_setup.server.admin) as admin:
        admin.execute("UPDATE trainee_pins SET wait_until = now() + interval '299 seconds'")
    type_pin(qtbot, window, panel.pin, first)
    assert panel.error.text().startswith("Too many wrong attempts for Ana Lei. Try again in ")
    with psycopg.connect(school_setup.server.admin) as admin:
        admin.execute("UPDATE trainee_pins SET wait_until = NULL, locked_at = now()")
    type_pin(qtbot, window, panel.pin, first)
    assert panel.error.text() == ("Ana Lei is locked after too many wrong PINs. Ask an "
                                  "instructor to unlock the sign-in.")
    window.switch_language("pt_MO")
    assert "Ana Lei" in panel.error.text() and "locked" not in panel.error.text()
    window.switch_language("en")
    with psycopg.connect(school_setup.server.admin) as admin:
        admin.execute("DELETE FROM trainee_pins")
    type_pin(qtbot, window, panel.pin, first)
    assert panel.error.text() == ("Ana Lei has no PIN on the school server yet. Ask an "
                                  "instructor for a first PIN.")
    assert window.pages.currentWidget() is window.start_screen and window.actor is None


def test_offline_only_a_trainee_signed_in_here_before_signs_in(qtbot, qapp, school_setup,
                                                                ana_first):
    ana, _first = ana_first
    bruno, bruno_first = first_pin(school_setup, "Bruno Chan")
    desktop = school_setup.desktop()
    school_setup.trainee(desktop, "Ana Lei")  # she signed in here once, with the server
    window = open_window(qtbot, qapp, desktop, UNREACHABLE)
    panel = window.start_screen.pin_sign_in
    choose(qtbot, window, "Bruno Chan")
    type_pin(qtbot, window, panel.pin, bruno_first)
    assert panel.error.text() == (
        "The school server cannot be reached, and Bruno Chan has not signed in on this "
        "desktop before: the first sign-in here needs the server. Try again in a moment, "
        "or ask an instructor.")
    choose(qtbot, window, "Ana Lei")
    assert panel.error.text() == ""
    type_pin(qtbot, window, panel.pin, PIN)  # the PIN the server took here last time
    assert window.pages.currentWidget() is window.home and window.actor.person.id == ana
    window.open_start()
    choose(qtbot, window, "Ana Lei")
    type_pin(qtbot, window, panel.pin, a_pin_the_check_stops(desktop.store, ana))
    assert panel.error.text() == "The PIN for Ana Lei is not right."
    assert window.actor is None
    window.school.wait()


def test_a_fresh_desktop_syncs_first_then_lists_the_trainees(qtbot, qapp, school_setup,
                                                            ana_first):
    desktop = school_setup.desktop()
    window = build_window(desktop.store, qapp, "en")
    qtbot.addWidget(window)
    screen = window.start_screen
    with qtbot.waitSignal(window.school.failed, timeout=60_000):
        window.school.use_url(UNREACHABLE)
        assert screen.welcome.text() == ("Connecting to the school server for the list of "
                                         "trainees…")
        assert not screen.people.isVisibleTo(screen) and not screen.new_name.isVisibleTo(screen)
    assert screen.welcome.text() == ("The list of trainees could not be fetched from the school "
                                     "server: The school server cannot be reached.")
    assert screen.retry_button.isVisibleTo(screen)
    window.school.use_url(desktop.url)
    with qtbot.waitSignal(window.school.synced, timeout=60_000):
        screen.retry_button.click()
    assert [screen.people.item(0).text()] == ["Ana Lei"]
    assert screen.pin_sign_in.isVisibleTo(screen) and not screen.welcome.isVisibleTo(screen)
    window.school.wait()


def test_the_history_arrives_and_a_pin_exam_starts_on_another_desktop(qtbot, qapp,
                                                                      school_setup,
                                                                      monkeypatch):
    desk = school_setup.desk
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    create_exam(desk.store, teacher, "Week 4 check", PARTS, seed=2024, time_limit_s=600,
                pass_percent=Decimal(60), pin_required=True)
    home_desktop = school_setup.desktop()
    ana = school_setup.trainee(home_desktop, "Ana Lei")
    answer(home_desktop.store, ana.id, 3)
    home_desktop.sync()
    desk.sync()  # merged and published
    other = school_setup.desktop()
    window = open_window(qtbot, qapp, other)
    assert stored_attempts(other.store, ana.id) == []  # nothing of hers here before she signs in
    choose(qtbot, window, "Ana Lei")
    with qtbot.waitSignal(window.school.synced, timeout=60_000):
        type_pin(qtbot, window, window.start_screen.pin_sign_in.pin, PIN)
    assert len(stored_attempts(other.store, ana.id)) == 3
    window.open_mode("exam")
    asked = []
    monkeypatch.setattr(pin_dialog, "ask_pin", lambda parent, name: asked.append(name) or PIN)
    window.exam_list.go_button.click()
    assert isinstance(window.quiz.mode, ExamMode), window.exam_list.message.text()
    assert asked == ["Ana Lei"]  # her PIN, typed for the exam: the server's key for it
    window.quiz.stop()
    window.school.wait()
