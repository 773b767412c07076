"""The status bar's school-server sentence is never cut: a long one (Portuguese, a narrow or
200 % screen) takes two lines, and a short one gives the bar back its one line."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow

from ui.widgets.wrapped import StatusLine

LONG = ("Servidor da escola: sem ligação — 12 respostas à espera — 2 realizações de exame são "
        "enviadas quando os seus formandos voltarem a entrar aqui com o seu PIN")


def window_with(qtbot, width: int) -> tuple[QMainWindow, StatusLine]:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("page"))
    line = StatusLine()
    window.statusBar().addPermanentWidget(line, 1)
    window.resize(width, 400)
    window.show()
    qtbot.waitExposed(window)
    return window, line


def settle(qtbot, line: StatusLine, height: int) -> None:
    """Until the line has the room its words need (not cut) and at most part of a line more
    (no empty lines: the bar may be a little higher than one line of text for its grip)."""
    qtbot.waitUntil(lambda: height <= line.height() < height + one_line(line))


def one_line(line: StatusLine) -> int:
    """The height of one line of the label's text."""
    return line.fontMetrics().lineSpacing()


def words_height(line: StatusLine) -> int:
    """The height the label's words take at its width now."""
    return QLabel.heightForWidth(line, line.width())


def test_a_long_sentence_takes_the_lines_its_words_need_at_the_bar_width(qtbot):
    window, line = window_with(qtbot, 640)
    line.setText(LONG)
    needed = words_height(line)
    assert needed >= 2 * one_line(line)  # the sentence does not fit one line at 640
    settle(qtbot, line, needed)
    assert window.statusBar().height() >= needed
    assert window.statusBar().height() < needed + one_line(line)  # no empty lines of room


def test_a_short_sentence_gives_the_bar_back_its_one_line(qtbot):
    window, line = window_with(qtbot, 640)
    line.setText(LONG)
    long = words_height(line)
    settle(qtbot, line, long)
    line.setText("School server: up to date")
    short = words_height(line)
    assert short < 2 * one_line(line) <= long
    settle(qtbot, line, short)
    assert window.statusBar().height() < long


def test_a_wider_window_needs_fewer_lines(qtbot):
    window, line = window_with(qtbot, 480)
    line.setText(LONG)
    narrow = words_height(line)
    settle(qtbot, line, narrow)
    window.resize(1600, 400)
    qtbot.waitUntil(lambda: line.width() > 1000)
    wide = words_height(line)
    assert wide < narrow
    settle(qtbot, line, wide)
