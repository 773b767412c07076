"""Names typed or pasted at the start screen, the desk and the first instructor's sign-in:
the name rule's message under the field, the text kept to correct, and no name cut short."""

from PySide6.QtCore import Qt

from trainer.progress import Role
from ui.desk.sign_in import SignInDialog

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton
#: 80 characters outside Unicode's first plane: 160 of Qt's units.
LONGEST_CJK = "𠀀" * 80


def test_the_start_screen_names_the_character_refused_and_keeps_the_text(qtbot, window, store):
    screen = window.start_screen
    screen.new_name.setText("Ana\u200bLei")  # pasted from a chat, with a zero-width space
    qtbot.mouseClick(screen.add_button, LEFT)
    assert screen.error.text() == "A name cannot hold U+200B, an invisible formatting character."
    assert screen.new_name.text() == "Ana\u200bLei"
    assert [p.name for p in store.people()] == ["Chan Tai Man"]
    screen.new_name.setText(LONGEST_CJK)
    qtbot.mouseClick(screen.add_button, LEFT)
    assert screen.error.text() == ""
    assert LONGEST_CJK in [p.name for p in store.people()]


def test_the_desk_names_the_character_refused_and_keeps_the_text(qtbot, desk, store):
    page = desk.trainees
    page.new_name.setText("\u202eieL anA")
    qtbot.keyClick(page.new_name, Qt.Key.Key_Return)
    assert page.message.text() == ("A name cannot hold U+202E, which changes the direction of "
                                 "the text around it.")
    assert page.new_name.text() == "\u202eieL anA"
    page.new_name.setText(LONGEST_CJK + "𠀀")
    qtbot.keyClick(page.new_name, Qt.Key.Key_Return)
    assert page.message.text() == "A name has at most 80 characters."
    page.new_name.setText(LONGEST_CJK)
    qtbot.keyClick(page.new_name, Qt.Key.Key_Return)
    assert page.selected().name == LONGEST_CJK


def test_the_first_instructor_is_named_by_the_same_rule(qtbot, store):
    dialog = SignInDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.new_name.setText("Rita\ufeff Lopes")
    qtbot.keyClicks(dialog.password, "long enough 1")
    qtbot.keyClicks(dialog.confirm, "long enough 1")
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.error.text() == "A name cannot hold U+FEFF, an invisible formatting character."
    assert store.people(Role.INSTRUCTOR) == []
    dialog.new_name.setText(LONGEST_CJK)
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.actor.person.name == LONGEST_CJK
