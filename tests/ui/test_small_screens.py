"""Small or scaled screens: the first window fits the screen, and the control the keyboard
moves to is scrolled into view."""

from PySide6.QtCore import QPoint, QSize

from tests.ui.modes_support import start_practice
from ui.main_window import first_size


def test_the_first_window_fits_the_screen():
    assert first_size(QSize(2560, 1600)) == QSize(1280, 800)
    # 1600 × 1000 at 150 %: 1067 × 667 logical pixels.
    assert first_size(QSize(1067, 667)) == QSize(1013, 600)
    # 2560 × 1600 at 200 % (what Windows shows): 1280 × 800 logical, all of it but a margin.
    assert first_size(QSize(1280, 800)) == QSize(1216, 720)


def test_the_focused_control_is_scrolled_into_view(qtbot, window, qapp):
    window.resize(900, 520)
    quiz = start_practice(qtbot, window, ["thirteen.house_way"])
    qapp.processEvents()
    control = quiz.panel.answer_input
    body = quiz.panel.body
    assert body.verticalScrollBar().maximum() > 0  # the question is taller than the window
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    control.natural.setFocus()
    qapp.processEvents()
    top = control.natural.mapTo(body.viewport(), QPoint(0, 0))
    assert 0 <= top.y() and top.y() + control.natural.height() <= body.viewport().height()
