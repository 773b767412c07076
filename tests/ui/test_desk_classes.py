"""The trainees page's classes and ID numbers: a class made, filled by ticking trainees, shown
alone, renamed and removed; a class list read from CSV; an ID number typed for a trainee, one
refused kept as typed in its dialog with the reason, in the desk's language."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QMessageBox,
)

import i18n
from trainer.progress.people.classes import classes
from trainer.progress.people.id_numbers import checked_id_number, id_numbers
from ui.desk.trainees.id_number_dialog import IdNumberDialog

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
    assert desk.trainees.message.text() == "Give the class a name."


def test_a_class_list_is_read_into_a_class(desk, store, tmp_path):
    listed = tmp_path / "march.csv"
    listed.write_text("Nome;Número\nAna Sousa;A-7\nNova Pessoa;\n", encoding="utf-8-sig")
    desk.trainees.class_bar.import_file(listed, "Class of March")
    page = desk.trainees
    assert page.class_bar.shown().name == "Class of March"
    assert shown_names(page) == ["Ana Sousa", "Nova Pessoa"]
    assert page.message.text().startswith("The class list was read into Class of March: "
                                        "trainees added 1")
    ana = next(r for r in range(page.table.rowCount()) if page.table.item(r, 0).text()
               == "Ana Sousa")
    assert page.table.item(ana, ID_COLUMN).text() == "A-7"
    listed.write_text("Ana Sousa,A-7,x\n", encoding="utf-8")
    page.class_bar.import_file(listed, "Class of March")
    assert page.message.text().startswith("Line 1 of the class list:")
    page.class_bar.import_file(tmp_path / "missing.csv", "Class of March")
    assert page.message.text().startswith("This file cannot be read")


def select(page, name: str) -> None:
    page.table.selectRow(next(r for r in range(page.table.rowCount())
                              if page.table.item(r, 0).text() == name))


def type_id_number(qtbot, page, *texts: str) -> list:
    """Open the selected trainee's ID number dialog and press OK after typing each of
    ``texts`` in turn (the field emptied first); what the dialog showed after each OK: the
    field's text, the reason under it and its accessible description, whether the dialog
    is still open and whether the field has the focus."""
    seen = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(10, answer)
            return
        if not isinstance(dialog, IdNumberDialog):  # a dialog that cannot keep a refusal
            seen.append(type(dialog).__name__)
            dialog.reject()
            return
        for text in texts:
            dialog.field.selectAll()
            qtbot.keyClicks(dialog.field, text)
            ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
            ok.setFocus()  # as a click on it does
            qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
            seen.append((dialog.field.text(), dialog.error.text(),
                         dialog.field.accessibleDescription(), dialog.isVisible(),
                         dialog.focusWidget() is dialog.field))
        if dialog.isVisible():
            dialog.reject()

    QTimer.singleShot(0, answer)
    qtbot.mouseClick(page.id_number_button, Qt.MouseButton.LeftButton)
    return seen


def test_an_id_number_is_typed_for_the_selected_trainee(qtbot, desk, store):
    page = desk.trainees
    select(page, "Chan Tai Man")
    assert type_id_number(qtbot, page, " S-1001 ") == [(" S-1001 ", "", "", False, False)]
    person = page.selected()
    assert id_numbers(store) == {person.id: "S-1001"}
    row = next(r for r in range(page.table.rowCount()) if page.table.item(r, 0).text()
               == "Chan Tai Man")
    assert page.table.item(row, ID_COLUMN).text() == "S-1001"


def test_a_refused_id_number_stays_typed_in_its_dialog_with_the_reason(qtbot, desk, store):
    page = desk.trainees
    select(page, "Chan Tai Man")
    type_id_number(qtbot, page, "S-1001")
    select(page, "Ana Sousa")
    taken = "The ID number S-1001 is already Chan Tai Man’s."
    formula = ("An ID number is letters, digits and signs on one line, without commas or "
               "quotation marks, and does not begin with =, +, - or @ (a spreadsheet would "
               "take it for a formula).")
    seen = type_id_number(qtbot, page, "S-1001", "=S-1002", "S-1002")
    assert seen == [("S-1001", taken, taken, True, True),
                    ("=S-1002", formula, formula, True, True),
                    ("S-1002", formula, formula, False, False)]  # kept: the dialog closed
    assert sorted(id_numbers(store).values()) == ["S-1001", "S-1002"]
    assert page.message.text() == ""
    select(page, "陳美玲")
    assert type_id_number(qtbot, page, "S-1003,4")[0][1:4] == (formula, formula, True)
    assert sorted(id_numbers(store).values()) == ["S-1001", "S-1002"]  # cancelled: nothing


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_id_number_dialog_says_a_refusal_in_the_desks_language(qtbot, language):
    with i18n.speaking(language):
        dialog = IdNumberDialog("Ana Sousa", "", checked_id_number)
        qtbot.addWidget(dialog)
        dialog.field.setText("+853")
        dialog.submit()
        said = i18n._("An ID number is letters, digits and signs on one line, without commas "
                      "or quotation marks, and does not begin with =, +, - or @ (a spreadsheet "
                      "would take it for a formula).")
        assert dialog.error.text() == said and dialog.result() == 0
        assert dialog.prompt.text() == i18n._(
            "{name}'s ID number at the school (empty for none):").format(name="Ana Sousa")
    assert dialog.field.text() == "+853"
