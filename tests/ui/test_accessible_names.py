"""Every list, table and chart a screen shows has an accessible name in the language shown
(a screen reader says what it is), walked over every screen and desk page."""

import pytest
from PySide6.QtWidgets import QAbstractItemView, QGraphicsView, QHeaderView, QWidget
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
