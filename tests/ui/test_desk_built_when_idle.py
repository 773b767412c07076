"""The desk opens with its trainee list and builds its other pages one per turn of the event
loop; the window's scroll area measures the desk again after each, so that a page wider than
the ones before is never cut on a small screen."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QScrollArea, QStackedWidget

from ui.desk.desk import PAGES, InstructorDesk

pytest_plugins = ["tests.ui.desk_support"]


def test_the_pages_come_one_at_a_time_and_the_window_makes_room(qtbot, store, instructor,
                                                                 classroom):
    scroller = QScrollArea()  # as the main window holds its pages
    scroller.setWidgetResizable(True)
    qtbot.addWidget(scroller)
    pages = QStackedWidget()
    pages.addWidget(QLabel("home"))
    scroller.setWidget(pages)
    scroller.resize(640, 400)
    scroller.show()
    qtbot.waitExposed(scroller)
    desk = InstructorDesk(store, instructor)
    assert list(desk._built) == ["trainees"]  # the others come once the desk is shown
    pages.addWidget(desk)
    pages.setCurrentWidget(desk)
    qtbot.waitUntil(lambda: len(desk._built) == len(PAGES))
    wanted = desk.minimumSizeHint()
    qtbot.waitUntil(lambda: desk.width() >= wanted.width() and desk.height() >= wanted.height())


@pytest.mark.parametrize("name", PAGES)
def test_a_page_asked_for_before_its_turn_is_built_at_once(store, instructor, classroom,
                                                           qtbot, name):
    desk = InstructorDesk(store, instructor)
    qtbot.addWidget(desk)
    assert desk.page(name) is desk.stack.widget(PAGES.index(name))
