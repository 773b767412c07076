"""The frame every page of the desk and the modes is built in: a heading, a hint under it,
the page's own body, and a bottom bar with the message line on the left and the page's
buttons on the right.

Each page used to build these itself, each a little differently (a message label kept at
the top here, at the bottom there, in the problem colour or not, lost or not on a language
change). Here they are built once: a message said on a page is kept as a
:class:`~i18n.Message` and said again in the new language, a problem is in the problem
colour, and an empty hint takes no room.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from i18n import Message
from ui.translated import Retranslating

#: The object names the application's style sheet draws a page's labels with.
HEADING, HINT, PROBLEM = "heading", "hint", "error"


class HintLine(QLabel):
    """A word-wrapped sentence that takes no room while it has nothing to say."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(HINT)
        self.setWordWrap(True)
        self.hide()

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self.setHidden(not text)


class Page(Retranslating, QWidget):
    """A page: :attr:`heading` in its row :attr:`top` (where a page may put a way back
    before it), :attr:`hint`, :attr:`body` (the layout the page fills), :attr:`bottom` (the
    message line, then the buttons given to :meth:`add_buttons`), all in :attr:`frame`.

    A subclass sets its texts in ``retranslate()``, calls ``super().retranslate()`` there
    (which says the kept message again) and calls ``retranslate()`` at the end of its
    ``__init__``. With ``scrolled``, the body scrolls (the heading, hint and bottom bar stay)
    and the scroll area is no Tab stop: Tab goes from field to field inside it. With
    ``widest``, the page is a column of at most that many pixels in the middle of a wide
    window (a row of big buttons stretched across a whole screen reads badly)."""

    def __init__(self, parent: QWidget | None = None, *, scrolled: bool = False,
                 widest: int | None = None):
        super().__init__(parent)
        self._said: Message | None = None
        self._said_problem = False
        self.heading = QLabel()
        self.heading.setObjectName(HEADING)
        self.hint = HintLine()
        self.message = QLabel()
        self.message.setObjectName(HINT)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body = QVBoxLayout()
        self.bottom = QHBoxLayout()
        self.bottom.addWidget(self.message, 1)
        self.frame = QVBoxLayout(self) if widest is None else self._column(widest)
        self.frame.setContentsMargins(16, 12, 16, 12)
        self.top = QHBoxLayout()
        self.top.addWidget(self.heading, 1)
        self.frame.addLayout(self.top)
        self.frame.addWidget(self.hint)
        if scrolled:
            self.frame.addWidget(self._scroll_area(), 1)
        else:
            self.body.setContentsMargins(0, 0, 0, 0)
            self.frame.addLayout(self.body, 1)
        self.frame.addLayout(self.bottom)

    def _column(self, widest: int) -> QVBoxLayout:
        column = QWidget()
        column.setMaximumWidth(widest)
        middle = QHBoxLayout(self)
        middle.setContentsMargins(0, 0, 0, 0)
        middle.addStretch(1)
        middle.addWidget(column, 20)
        middle.addStretch(1)
        return QVBoxLayout(column)

    def _scroll_area(self) -> QScrollArea:
        content = QWidget()
        content.setLayout(self.body)
        self.body.setContentsMargins(0, 0, 8, 0)  # room beside the scroll bar
        scroll = QScrollArea()
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(content)
        return scroll

    def add_buttons(self, *buttons: QWidget) -> None:
        """Put ``buttons`` on the right of the bottom bar, in this order."""
        for button in buttons:
            self.bottom.addWidget(button)

    def add_way_back(self, button: QPushButton) -> None:
        """``button``, the way back (to the home, the trainees…), alone in a row above the
        heading."""
        row = QHBoxLayout()
        row.addWidget(button)
        row.addStretch(1)
        self.frame.insertLayout(0, row)

    def say(self, message: Message | None, problem: bool = False) -> None:
        """Show ``message`` on the message line (a ``problem`` in the problem colour), and
        again in the new language after a language change; ``None`` clears the line."""
        self._said, self._said_problem = message, problem
        self.show_said()

    def said(self) -> Message | None:
        return self._said

    def said_problem(self) -> bool:
        """Whether the message shown is a problem."""
        return self._said is not None and self._said_problem

    def said_text(self) -> str:
        """The message line's words, in the current language (a page may say more there,
        such as what a job it runs is doing)."""
        return str(self._said) if self._said is not None else ""

    def retranslate(self) -> None:
        self.show_said()

    def show_said(self) -> None:
        """Show the message line again (after the language, or what it says, changed)."""
        name = PROBLEM if self.said_problem() else HINT
        if self.message.objectName() != name:
            self.message.setObjectName(name)
            self.message.style().unpolish(self.message)  # the style sheet reads names
            self.message.style().polish(self.message)
        self.message.setText(self.said_text())
