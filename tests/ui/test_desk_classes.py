"""The trainees page's classes and ID numbers: a class made, filled by ticking trainees, shown
alone, renamed and removed; a class list read from CSV; an ID number typed for a trainee."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QInputDialog, QMessageBox

from trainer.progress.people.classes import classes
from trainer.progress.people.id_numbers import id_numbers

pytest_plugins = ["tests.ui.desk_support"]
ID_COLUMN, CLASSES_COLUMN = 8, 9


def shown_names(page) -> list[str]:
    return sorted(page.table.item(r, 0).text() for r in range(page.table.rowCount()))


def answer_text(monkeypatch, *texts: str) -> None:
    answers = list(texts)
    monkeypatch.setattr(QInputDialog, "getText",
                        lambda *_args, **_kw: (answers.pop(0), True))


def test_a_class_is_made_filled_shown_renamed_and_removed(qtbot, desk, store, monkeypatch):
    page = desk.trainees
    bar = page.class_bar
    answer_text(monkeypatch, "Class of March")
    bar.new_action.trigger()
    assert bar.shown().name == "Class of March" and shown_names(page) == []

    def tick_chan() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QDialog)
        qtbot.keyClicks(dialog.filter, "chan")
        visible = [dialog.list.item(r) for r in range(dialog.list.count())
                   if not dialog.list.item(r).isHidden()]
        assert [item.text() for item in visible] == ["Chan Tai Man"]
        visible[0].setCheckState(Qt.CheckState.Checked)
        dialog.accept()
    QTimer.singleShot(0, tick_chan)
    bar.members_action.trigger()
    assert shown_names(page) == ["Chan Tai Man"]
    assert page.table.item(0, CLASSES_COLUMN).text() == "Class of March"
    assert bar.shown_box.currentText() == "Class of March (1 trainee)"
    bar.shown_box.setCurrentIndex(0)
    assert shown_names(page) == sorted(["Chan Tai Man", "Ana Sousa", "陳美玲"])
    bar.shown_box.setCurrentIndex(1)
    answer_text(monkeypatch, "March")
    bar.rename_action.trigger()
    assert [c.name for c in classes(store)] == ["March"] and bar.shown().name == "March"
    monkeypatch.setattr(QMessageBox, "exec", lambda box: box.setProperty("x", 1) or 0)
    monkeypatch.setattr(QMessageBox, "clickedButton",
                        lambda box: next(b for b in box.buttons()
                                         if box.buttonRole(b)
                                         == QMessageBox.ButtonRole.DestructiveRole))
    bar.remove_action.trigger()
    assert classes(store) == [] and bar.shown() is None
    assert len(shown_names(page)) == 3


def test_a_refused_class_name_is_said_on_the_page(desk, monkeypatch):
    answer_text(monkeypatch, "   ")
    desk.trainees.class_bar.new_action.trigger()
    assert desk.trainees.error.text() == "Give the class a name."


def test_a_class_list_is_read_into_a_class(desk, store, tmp_path):
    listed = tmp_path / "march.csv"
    listed.write_text("Nome;Número\nAna Sousa;A-7\nNova Pessoa;\n", encoding="utf-8-sig")
    desk.trainees.class_bar.import_file(listed, "Class of March")
    page = desk.trainees
    assert page.class_bar.shown().name == "Class of March"
    assert shown_names(page) == ["Ana Sousa", "Nova Pessoa"]
    assert page.error.text().startswith("The class list was read into Class of March: "
                                        "trainees added 1")
    ana = next(r for r in range(page.table.rowCount()) if page.table.item(r, 0).text()
               == "Ana Sousa")
    assert page.table.item(ana, ID_COLUMN).text() == "A-7"
    listed.write_text("Ana Sousa,A-7,x\n", encoding="utf-8")
    page.class_bar.import_file(listed, "Class of March")
    assert page.error.text().startswith("Line 1 of the class list:")
    page.class_bar.import_file(tmp_path / "missing.csv", "Class of March")
    assert page.error.text().startswith("This file cannot be read")


def test_an_id_number_is_typed_for_the_selected_trainee(qtbot, desk, store, monkeypatch):
    page = desk.trainees
    chan = next(r for r in range(page.table.rowCount()) if page.table.item(r, 0).text()
                == "Chan Tai Man")
    page.table.selectRow(chan)
    answer_text(monkeypatch, " S-1001 ")
    qtbot.mouseClick(page.id_number_button, Qt.MouseButton.LeftButton)
    person = page.selected()
    assert id_numbers(store) == {person.id: "S-1001"}
    row = next(r for r in range(page.table.rowCount()) if page.table.item(r, 0).text()
               == "Chan Tai Man")
    assert page.table.item(row, ID_COLUMN).text() == "S-1001"
    ana = next(r for r in range(page.table.rowCount()) if page.table.item(r, 0).text()
               == "Ana Sousa")
    page.table.selectRow(ana)
    answer_text(monkeypatch, "S-1001")
    qtbot.mouseClick(page.id_number_button, Qt.MouseButton.LeftButton)
    assert page.error.text() == "The ID number S-1001 is already Chan Tai Man’s."
