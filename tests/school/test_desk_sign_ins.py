"""The desk's trainees' sign-ins on the school server, driven as an instructor would: first
PINs with their slips (for the selected, for everyone without one, for trainees added or
read from a class list), unlocking, signing out everywhere, and the refused batches listed
(real server)."""

from __future__ import annotations

import re

import psycopg
import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.school.school import PASSWORD, answer, push_as
from tests.ui.test_slips_pdf import text_of
from trainer.progress.people.accounts import NotAllowed, sign_in
from trainer.progress.school.identity import PinMustChange, sign_in_at_school
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person
from trainer.progress.storage.store import Role
from ui.app import build_window
from ui.desk.trainees import first_pins


@pytest.fixture
def desk_window(qtbot, qapp, school_setup, tmp_path, monkeypatch):
    """The desk signed in to the server (as the School server page does it); the slips go
    to ``slips.pdf`` when the instructor is asked where."""
    from ui.desk.desk import InstructorDesk

    asked = []

    def choose(_parent, caption, suggested, filters, save):
        asked.append(caption)
        return tmp_path / "slips.pdf"
    monkeypatch.setattr(first_pins, "choose_file", choose)
    desk = school_setup.desk
    window = build_window(desk.store, qapp, "en")
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    window.show_desk(InstructorDesk(desk.store, teacher, window.school))
    window.desk.open_page(window.desk.school)
    page = window.desk.school
    page.url.setText(desk.url.replace(f"{school_setup.server.login}@", ""))
    page.login.setText(school_setup.server.login)
    page.password.setText(PASSWORD)
    yield window, page, asked
    window.school.wait()
    window.close_desk()


def sync_as_instructor(qtbot, window, page) -> None:
    with qtbot.waitSignal(window.school.synced, timeout=60_000):
        page.sync_button.click()
    window.school.wait()


def rows(panel) -> dict[str, list[str]]:
    return {panel.table.item(r, 0).text(): [panel.table.item(r, c).text() for c in (1, 2, 3)]
            for r in range(panel.table.rowCount())}


def select(qtbot, panel, *names: str) -> None:
    panel.table.clearSelection()
    for row in range(panel.table.rowCount()):
        if panel.table.item(row, 0).text() in names:
            rect = panel.table.visualItemRect(panel.table.item(row, 0))
            qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton,
                             Qt.KeyboardModifier.ControlModifier, rect.center())


def answer_box(button_text: str) -> None:
    """Click ``button_text`` in the box that opens next."""
    def click():
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox), box
        [button] = [b for b in box.buttons() if b.text() == button_text]
        button.click()
    QTimer.singleShot(0, click)


def pins_on(slips) -> dict[str, str]:
    """Each name on the slips with its first PIN (two slips side by side on a line)."""
    found: dict[str, str] = {}
    names: list[str] = []
    for line in text_of(slips).splitlines():
        cells = [cell for cell in re.split(r"\s{3,}", line.strip()) if cell]
        if cells and cells[0] == "First PIN:":
            found.update(zip(names, cells[1::2], strict=True))
        elif cells and not cells[0].startswith(("Sign in", "choose")):
            names = cells
    return found


def test_the_list_gives_first_pins_unlocks_and_signs_out_everywhere(
        qtbot, school_setup, desk_window, tmp_path):
    window, page, asked = desk_window
    ana_desktop = school_setup.desktop()
    ana = school_setup.trainee(ana_desktop, "Ana Lei")  # her own PIN, signed in there
    add_person(school_setup.desk.store, "Bruno Chan")
    panel = page.sign_ins
    assert not panel.isVisibleTo(page)  # not until the desk syncs as an instructor
    sync_as_instructor(qtbot, window, page)
    assert panel.isVisibleTo(page)
    assert rows(panel) == {"Ana Lei": ["their own", "0", "1"],
                           "Bruno Chan": ["no PIN yet", "", ""]}
    with qtbot.waitSignal(panel.first_pins.given, timeout=60_000):
        panel.give_missing_button.click()  # only Bruno: no PIN is replaced, nothing asked
    assert asked == ["Save the slips with the first PINs"]
    [(name, pin)] = pins_on(tmp_path / "slips.pdf").items()
    assert name == "Bruno Chan" and len(pin) == 6 and pin.isdigit()
    assert panel.message.text().startswith("A first PIN was given to 1 trainee; the slip is in ")
    assert rows(panel)["Bruno Chan"] == ["first PIN, not yet changed", "0", "0"]

    with psycopg.connect(school_setup.server.admin) as admin:
        admin.execute("UPDATE trainee_pins SET failures = 10, locked_at = now() "
                      "WHERE person_id = %s", [ana.id])
    panel.read_states()
    assert rows(panel)["Ana Lei"] == ["locked", "10", "1"]
    select(qtbot, panel, "Ana Lei")
    panel.unlock_button.click()
    assert panel.message.text() == "Unlocked: Ana Lei may type their PIN again at once."
    assert rows(panel)["Ana Lei"] == ["their own", "0", "1"]
    assert not panel.unlock_button.isEnabled()  # nothing more to unlock

    select(qtbot, panel, "Ana Lei")
    answer_box("Cancel")
    panel.revoke_button.click()
    assert rows(panel)["Ana Lei"][2] == "1"  # asked first: nothing done
    answer_box("Sign out everywhere")
    panel.revoke_button.click()
    assert panel.message.text() == "Ana Lei was signed out on 1 desktop."
    assert rows(panel)["Ana Lei"] == ["their own", "0", "0"]
    answer(ana_desktop.store, ana.id, 1)
    assert ana_desktop.sync().pushed == 0  # her desktop's token no longer works: forgotten,
    assert connection(ana_desktop.store).execute(
            "SELECT count(*) FROM school_sign_ins"  # her answer
                                        ).fetchone()[0] == 0  # waits for her next sign-in


def test_first_pins_for_the_selected_are_asked_for_and_their_slips_work(
        qtbot, school_setup, desk_window, tmp_path):
    window, page, _asked = desk_window
    desk = school_setup.desk
    for name in ("Ana Lei", "Bruno Chan", "Carla Ho"):
        add_person(desk.store, name)
    sync_as_instructor(qtbot, window, page)
    panel = page.sign_ins
    select(qtbot, panel, "Ana Lei", "Carla Ho")
    answer_box("Cancel")
    panel.give_button.click()
    assert not (tmp_path / "slips.pdf").exists()
    answer_box("Give first PINs")
    with qtbot.waitSignal(panel.first_pins.given, timeout=60_000):
        panel.give_button.click()
    pins = pins_on(tmp_path / "slips.pdf")
    assert sorted(pins) == ["Ana Lei", "Carla Ho"]
    assert panel.message.text().startswith("First PINs were given to 2 trainees")
    desktop = school_setup.desktop()
    desktop.sync()
    carla = next(p for p in desktop.store.people() if p.name == "Carla Ho")
    with pytest.raises(PinMustChange, match="first PIN"):  # the slip's PIN is the one
        sign_in_at_school(desktop.store, desktop.url, carla.id, pins["Carla Ho"])
    with pytest.raises(NotAllowed, match="not right"):
        sign_in_at_school(desktop.store, desktop.url, carla.id, "0000")


def test_a_trainee_added_or_read_from_a_class_list_gets_a_slip(qtbot, school_setup,
                                                               desk_window, tmp_path):
    window, page, _asked = desk_window
    sync_as_instructor(qtbot, window, page)
    window.desk.open_page(window.desk.trainees)
    trainees = window.desk.trainees
    assert trainees.first_pins_box.isVisibleTo(trainees) and trainees.first_pins_box.isChecked()
    trainees.new_name.setText("Daniel Wong")
    with qtbot.waitSignal(trainees._first_pins.given, timeout=60_000):
        qtbot.keyClick(trainees.new_name, Qt.Key.Key_Return)
    assert list(pins_on(tmp_path / "slips.pdf")) == ["Daniel Wong"]
    class_list = tmp_path / "march.csv"
    class_list.write_text("Name\nDaniel Wong\nEva Lam\nFilipe Sousa\n", encoding="utf-8")
    with qtbot.waitSignal(window.school.synced, timeout=60_000):
        trainees.class_bar.import_file(class_list, "March")
    window.school.wait()
    qtbot.waitUntil(lambda: "First PINs were given to 2" in trainees.message.text(),
                    timeout=60_000)
    assert list(pins_on(tmp_path / "slips.pdf")) == ["Eva Lam", "Filipe Sousa"]
    trainees.first_pins_box.setChecked(False)  # unticked: added without one
    trainees.new_name.setText("Gil Ho")
    qtbot.keyClick(trainees.new_name, Qt.Key.Key_Return)
    assert list(pins_on(tmp_path / "slips.pdf")) == ["Eva Lam", "Filipe Sousa"]


def test_the_desk_lists_a_refused_batch_with_its_trainee_and_reason(qtbot, school_setup,
                                                                   desk_window):
    window, page, _asked = desk_window
    eve_desktop = school_setup.desktop()
    ana = school_setup.trainee(school_setup.desktop(), "Ana Lei")
    eve = school_setup.trainee(eve_desktop, "Eve Chan")
    push_as(school_setup, eve_desktop, {"people": [{"id": ana.id, "name": "Ana Lei",
                                                    "role": "trainee"}]}, eve.id)
    assert not page.refused.isVisibleTo(page)
    sync_as_instructor(qtbot, window, page)
    assert page.refused.isVisibleTo(page) and page.refused.list.count() == 1
    line = page.refused.list.item(0).text()
    assert ", sent for Eve Chan: " in line and line.endswith("Nothing was merged."), line
