"""The app syncs in the background and says where it stands, in the trainee's language; the
desk's School server page sets the address and syncs as the instructor (real server)."""

from __future__ import annotations

import pytest

from tests.school.school import PASSWORD, Desktop, answer
from tests.school.test_exam_registration import exam_at_school  # noqa: F401 - a fixture
from trainer.progress.school.status import SERVER_SETTING
from trainer.progress.storage.ledger import add_person, stored_attempts, stored_setting
from ui.app import build_window


@pytest.fixture
def app_window(qtbot, qapp, school_setup):
    desktop = school_setup.desktop()
    window = build_window(desktop.store, qapp, "en")
    qtbot.addWidget(window)
    yield window, desktop
    window.school.wait()


def test_the_status_bar_says_up_to_date_after_a_sync(qtbot, app_window, school_setup):
    window, desktop = app_window
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 2)
    with qtbot.waitSignal(window.school.synced, timeout=60_000) as synced:
        window.school.use_url(desktop.url)
    assert synced.args[0].pushed >= 2
    assert window.school.label.text() == "School server: up to date"
    assert window.school.label.isVisible() or not window.isVisible()


def test_an_unreachable_server_says_offline_and_counts_the_answers_waiting(qtbot, app_window,
                                                                          school_setup):
    window, desktop = app_window
    ana = school_setup.trainee(desktop, "Ana Lei")
    answer(desktop.store, ana.id, 3)
    english = "School server: offline — 3 answers waiting"
    with qtbot.waitSignal(window.school.stateChanged, timeout=60_000,
                          check_params_cb=lambda text: text == english):
        window.school.use_url("postgresql://nobody@127.0.0.1:1/none")
    window.school.wait()
    window.switch_language("pt_MO")
    said = window.school.label.text()
    assert "3" in said and said != english  # in the trainee's own language
    window.switch_language("en")
    assert window.school.label.text() == english


def test_an_answer_asks_for_a_sync_a_few_seconds_later(qtbot, app_window):
    window, desktop = app_window
    with qtbot.waitSignal(window.school.synced, timeout=60_000):
        window.school.use_url(desktop.url)
    assert not window.school._soon.isActive()
    window.quiz.answered.emit(None)
    assert window.school._soon.isActive()
    with qtbot.waitSignal(window.school.synced, timeout=60_000):
        window.school._soon.timeout.emit()


def test_the_desk_page_sets_the_server_and_syncs_as_the_instructor(qtbot, qapp, school_setup):
    from trainer.progress.people.accounts import sign_in
    from trainer.progress.storage.store import Role

    trainee_desktop = school_setup.desktop()
    ana = school_setup.trainee(trainee_desktop, "Ana Lei")
    answer(trainee_desktop.store, ana.id, 4)
    trainee_desktop.sync()
    desk = school_setup.desk
    window = build_window(desk.store, qapp, "en")
    qtbot.addWidget(window)
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    from ui.desk.desk import InstructorDesk

    window.show_desk(InstructorDesk(desk.store, teacher, window.school))
    page = window.desk.school
    page.url.setText(desk.url.replace(f"{school_setup.server.login}@", ""))
    page.login.setText(school_setup.server.login)
    page.password.setText(PASSWORD)
    with qtbot.waitSignal(window.school.synced, timeout=60_000,
                          check_params_cb=lambda result: result.merged == 1):
        page.sync_button.click()
    window.school.wait()
    assert stored_setting(desk.store, SERVER_SETTING) == page.url.text()
    assert len(stored_attempts(desk.store, ana.id)) == 4
    assert "1 batches from desktops merged" in page.last.text()
    window.close_desk()
    assert window.school._login is None and window.school._password is None


def test_the_desk_lists_trainees_with_the_same_name_and_merges_them(qtbot, qapp, school_setup):
    from trainer.progress.people.accounts import sign_in
    from trainer.progress.storage.store import Role
    from ui.desk.desk import InstructorDesk

    first, second = school_setup.desktop(), school_setup.desktop()
    other_desk = Desktop(school_setup.open("namesake-desk"), school_setup.desk.url,
                         school_setup.desk.login)
    other_desk.sync()  # two desks offline each add her
    made_there = add_person(other_desk.store, "Ana Lei")
    one = school_setup.trainee(first, made_there.name, desk=other_desk)
    answer(first.store, one.id, 2)
    other = school_setup.trainee(second, "Ana Lei")
    answer(second.store, other.id, 3)
    first.sync()
    second.sync()
    desk = school_setup.desk
    desk.sync()
    window = build_window(desk.store, qapp, "en")
    qtbot.addWidget(window)
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    window.show_desk(InstructorDesk(desk.store, teacher, window.school))
    page = window.desk.school
    page.reload()
    assert [page.namesakes.item(0).text()] == ["Ana Lei: 2 records (2 + 3 answers)"]
    page.merge_button.click()
    assert page.message.text() == "Merged: 3 answers now belong to Ana Lei."
    assert page.namesakes.count() == 0 and not page.merge_button.isVisibleTo(page)
    assert len(stored_attempts(desk.store, one.id)) == 5


def test_the_status_words_for_each_state():
    from i18n import Message
    from ui.school_sync import state_text

    assert state_text("offline", None, 0) == "School server: offline"
    assert state_text("offline", None, 1) == "School server: offline — 1 answer waiting"
    assert state_text("done", None, 0) == "School server: up to date"
    assert state_text("done", None, 2) == "School server: 2 answers waiting"
    assert state_text("waiting", None, 5) == "School server: connecting…"
    assert state_text("done", None, 3, 1) == (
        "School server: 3 answers waiting — 1 exam sitting is sent once its trainee signs in "
        "here again with their PIN")
    assert state_text("offline", None, 0, 2) == (
        "School server: offline — 2 exam sittings are sent once their trainees sign in here "
        "again with their PIN")
    assert state_text("failed", Message.of("the disk is full"), 5) == (
        "School server: sync failed: the disk is full")


def test_signing_in_at_a_school_asks_for_the_server_login_and_hands_it_on(qtbot, qapp, store):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from trainer.progress.people.accounts import add_instructor
    from ui.desk.sign_in import SignInDialog, ask_to_sign_in

    add_instructor(store, "Mestre Lei", PASSWORD)
    handed = []

    def fill():
        dialog = QApplication.activeModalWidget()
        assert dialog.server_login.isVisibleTo(dialog)
        dialog.password.setText(PASSWORD)
        dialog.server_login.setText("school_mestre")
        dialog.server_password.setText("server secret")
        dialog.ok_button.click()

    QTimer.singleShot(0, fill)
    actor = ask_to_sign_in(store, None, lambda login, password: handed.append((login,
                                                                               password)))
    assert actor is not None and handed == [("school_mestre", "server secret")]
    alone = SignInDialog(store)
    qtbot.addWidget(alone)
    assert not alone.server_login.isVisibleTo(alone)


def test_the_desk_clears_an_exam_registration_never_started(qtbot, qapp,
                                                                       school_setup,
                                                                       exam_at_school):  # noqa: F811
    from trainer.progress.people.accounts import sign_in
    from trainer.progress.storage.store import Role
    from ui.desk.desk import InstructorDesk

    exam, ana, _desktop = exam_at_school
    desk = school_setup.desk
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    _desktop.register(ana.id, exam.id,
                      "0b7e2a4c-9d1f-4e3a-8c5b-6a7d8e9f0a1b")  # then her desktop stopped
    window = build_window(desk.store, qapp, "en")
    qtbot.addWidget(window)
    window.show_desk(InstructorDesk(desk.store, teacher, window.school))
    page = window.desk.school
    assert not page.registrations.isVisibleTo(page)
    page.url.setText(desk.url.replace(f"{school_setup.server.login}@", ""))
    page.login.setText(school_setup.server.login)
    page.password.setText(PASSWORD)
    with qtbot.waitSignal(window.school.synced, timeout=60_000):
        page.sync_button.click()
    window.school.wait()
    panel = page.registrations
    assert panel.isVisibleTo(page) and panel.list.count() == 1
    assert panel.list.item(0).text().startswith("Ana Lei: “Week 4 check”, started ")
    with qtbot.waitSignal(window.school.synced, timeout=60_000):
        panel.clear_button.click()
    window.school.wait()
    assert panel.message.text() == "Cleared: Ana Lei may start that exam again."
    assert not panel.isVisibleTo(page) and panel.list.count() == 0
    window.close_desk()
