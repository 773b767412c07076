"""Every list, table and chart a screen shows has an accessible name in the language shown
(a screen reader says what it is), walked over every screen and desk page."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QGraphicsView,
    QHeaderView,
    QLineEdit,
    QTabBar,
    QWidget,
)
from screens_support import an_exam, walk_every_screen

import i18n


@pytest.fixture
def exam(store):
    return an_exam(store)


def unnamed(window) -> list[str]:
    found = []
    for widget in window.pages.findChildren(QWidget):
        if not isinstance(widget, QAbstractItemView | QGraphicsView) \
                or isinstance(widget, QHeaderView):  # a table's header: named with it
            continue
        if widget.isVisibleTo(window) and not widget.accessibleName().strip():
            found.append(f"{type(widget).__name__} {widget.objectName()!r} in "
                         f"{type(widget.parentWidget()).__name__}")
    return found


#: The controls a trainee reaches with Tab and a screen reader names.
CONTROLS = (QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QAbstractSlider, QTabBar)


def unnamed_controls(window) -> list[str]:
    """Every focusable control showing whose accessible name (as the bridge reads it: its
    text, its label's, or the name set) is empty."""
    found = []
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, CONTROLS) or not widget.isVisibleTo(window) \
                or widget.focusPolicy() == Qt.FocusPolicy.NoFocus \
                or isinstance(widget.parentWidget(), QAbstractSpinBox):  # its box's text
            continue
        face = QAccessible.queryAccessibleInterface(widget)
        if face is None or not face.text(QAccessible.Text.Name).strip():
            found.append(f"{type(widget).__name__} {widget.objectName()!r} in "
                         f"{type(widget.parentWidget()).__name__}")
    return found


@pytest.mark.parametrize("language", ["en", "zh_Hant_MO"])
def test_every_focusable_control_is_named(qtbot, window, store, exam, monkeypatch, language):
    window.switch_language(language)
    problems = {}

    def check(name):
        if found := unnamed_controls(window):
            problems[name] = found

    walk_every_screen(qtbot, window, store, monkeypatch, check, desk_pages=True)
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in problems.items())


@pytest.mark.parametrize("language", ["en", "zh_Hant_MO"])
def test_every_list_table_and_chart_is_named(qtbot, window, store, exam, monkeypatch, language):
    window.switch_language(language)
    problems = {}

    def check(name):
        if found := unnamed(window):
            problems[name] = found

    walk_every_screen(qtbot, window, store, monkeypatch, check, desk_pages=True)
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in problems.items())
    assert i18n.current_language() == language
