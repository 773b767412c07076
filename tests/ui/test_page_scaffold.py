"""The page scaffold (``ui.widgets.page``): its message line keeps what it says across a
language change, its hint takes no room when empty, its bottom bar puts the buttons after
the message; and every page of the desk and the modes is built on it."""

import importlib
import inspect
import pkgutil

import pytest
from PySide6.QtWidgets import QDialog, QPushButton, QWidget

import i18n
import ui.desk
import ui.modes
from i18n import N_, Message
from ui.widgets.page import Page

SAVED = N_("The house rules are saved. New questions follow them.")


@pytest.fixture
def page(qtbot):
    shown = Page()
    shown.retranslate()
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown
    i18n.set_language("en")


def test_a_problem_is_shown_as_one_and_said_again_in_the_new_language(page):
    page.say(Message.of(SAVED), problem=True)
    assert page.message.text() == SAVED
    assert page.message.objectName() == "error" and page.said_problem()
    i18n.set_language("pt_MO")
    page.retranslate()
    assert page.message.text() == "As regras da casa foram guardadas. As novas perguntas " \
                                  "passam a segui-las."
    assert page.message.objectName() == "error"


def test_a_message_that_is_no_problem_is_a_hint_and_none_clears_the_line(page):
    page.say(Message.of(SAVED), problem=True)
    page.say(Message.of(SAVED))
    assert page.message.objectName() == "hint" and not page.said_problem()
    page.say(None)
    assert page.message.text() == "" and page.said() is None
    page.retranslate()
    assert page.message.text() == ""


def test_an_empty_hint_takes_no_room_and_a_hint_shows(page):
    assert page.hint.isHidden()
    page.hint.setText("Read this first.")
    assert page.hint.isVisible() and page.hint.wordWrap()
    page.hint.setText("")
    assert page.hint.isHidden()


def test_the_bottom_bar_holds_the_buttons_after_the_message(page):
    first, second = QPushButton("One"), QPushButton("Two")
    page.add_buttons(first, second)
    items = [page.bottom.itemAt(i).widget() for i in range(page.bottom.count())]
    assert items == [page.message, first, second]
    assert page.bottom.stretch(0) == 1 and page.bottom.stretch(1) == 0


def test_a_scrolled_body_is_no_tab_stop(qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QScrollArea

    page = Page(scrolled=True)
    qtbot.addWidget(page)
    scroll = page.findChild(QScrollArea)
    assert scroll is not None and scroll.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert scroll.widget().layout() is page.body


def page_classes() -> list[type[QWidget]]:
    """Every widget class defined in a module of ui/desk and ui/modes but the dialogs (a
    dialog is a window of its own, not a page)."""
    found = []
    for package in (ui.desk, ui.modes):
        for module_info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(module_info.name)
            found += [cls for _name, cls in inspect.getmembers(module, inspect.isclass)
                      if issubclass(cls, QWidget) and not issubclass(cls, QDialog)
                      and cls.__module__ == module.__name__]
    return found


def builds_a_heading(cls: type[QWidget]) -> bool:
    """Whether the class makes a label drawn as a page's heading (its object name)."""
    return '"heading"' in inspect.getsource(cls)


def test_every_page_with_a_heading_is_built_on_the_scaffold():
    classes = page_classes()
    by_hand = [cls.__qualname__ for cls in classes if builds_a_heading(cls)]
    assert by_hand == [], "pages that build their own heading instead of ui.widgets.page.Page"
    pages = {cls.__name__ for cls in classes if issubclass(cls, Page)}
    assert pages >= {"AttemptsPage", "ExamsPage", "ExportsPage", "HouseRulesPage",
                     "SchoolServerPage", "TraineesPage", "DrillSetup", "ExamList",
                     "ExamResultPage", "HomePage", "PracticeSetup", "SessionSummary"}
