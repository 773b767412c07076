"""A trainee's home: the ways to train, each a large button with what it does.

Keyboard: 1–7 open a mode; Tab and Enter or Space work too.
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from i18n import _
from trainer.progress import Person
from trainer.progress.day_plan import DayPlan
from ui.modes.today import TodayPanel
from ui.widgets.page import Page


class Mode(StrEnum):
    """The home page's modes, in the order of their buttons (and of their number keys)."""

    PRACTICE = "practice"
    SELF_STUDY = "self_study"
    DRILL = "drill"
    EXAM = "exam"
    PROGRESS = "progress"
    RULEBOOK = "rulebook"
    TABLE_ROUND = "table_round"


MODES = tuple(Mode)
#: The buttons in rows of four at most: two rows, so that the home fits 1280 × 800
#: unscrolled; fewer where the window is narrower (:class:`ModeGrid`).
COLUMNS = 4


class ModeButton(QPushButton):
    """A big button: its key, a title and a sentence about the mode, wrapped."""

    def __init__(self, key: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("mode")
        self.key = QLabel(key)
        self.key.setObjectName("keyBadge")
        self.title = QLabel()
        self.title.setObjectName("modeName")
        self.about = QLabel()
        self.about.setObjectName("modeAbout")
        self.about.setWordWrap(True)
        for child in (self.key, self.title, self.about):
            child.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        head = QHBoxLayout()
        head.addWidget(self.key)
        head.addWidget(self.title, 1)
        layout = self._layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addLayout(head)
        layout.addWidget(self.about, 1, Qt.AlignmentFlag.AlignTop)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_texts(self, title: str, about: str) -> None:
        self.title.setText(title)
        self.about.setText(about)
        self.setAccessibleName(title)
        self.setAccessibleDescription(about)
        self.updateGeometry()

    def sizeHint(self) -> QSize:  # noqa: N802
        return self._layout.totalSizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self._layout.totalMinimumSize()

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._layout.totalHeightForWidth(width)


class ModeGrid(QWidget):
    """The mode buttons in as many columns as the width holds, up to :data:`COLUMNS`: its
    minimum is one button's width, so that the home never makes a narrow window (whose
    pages share its minimum) scroll sideways."""

    SPACING = 16

    def __init__(self, buttons: list[ModeButton], parent: QWidget | None = None):
        super().__init__(parent)
        self.buttons = buttons
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(self.SPACING)
        self.columns = 0
        self.arrange(COLUMNS)

    def arrange(self, columns: int) -> None:
        if columns == self.columns:
            return
        for button in self.buttons:
            self.grid.removeWidget(button)
        for index, button in enumerate(self.buttons):
            self.grid.addWidget(button, index // columns, index % columns)
        for column in range(COLUMNS):
            self.grid.setColumnStretch(column, 1 if column < columns else 0)
        self.columns = columns
        self.updateGeometry()

    def columns_for(self, width: int) -> int:
        widest = max(button.minimumSizeHint().width() for button in self.buttons)
        return max(1, min(COLUMNS, (width + self.SPACING) // (widest + self.SPACING)))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        self.arrange(self.columns_for(event.size().width()))
        super().resizeEvent(event)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        widest = max(button.minimumSizeHint().width() for button in self.buttons)
        return QSize(widest, super().minimumSizeHint().height())

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        # Its height is the rows it has now, not those of the narrowest width it allows
        # (one column, seven buttons high): the window's least height must not be that.
        return False


class HomePage(Page):
    """``modeChosen(name)`` with one of :data:`MODES`; ``backRequested`` to the trainees."""

    modeChosen = Signal(str)  # noqa: N815
    backRequested = Signal()  # noqa: N815

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, widest=1200)
        self.person: Person | None = None
        self.today = TodayPanel()
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
        self.buttons: dict[str, ModeButton] = {}
        for index, mode in enumerate(MODES):
            button = ModeButton(str(index + 1))
            button.clicked.connect(lambda _checked=False, m=mode: self.modeChosen.emit(m))
            self.buttons[mode] = button
            shortcut = QShortcut(QKeySequence(str(index + 1)), self,
                                 context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda m=mode: self.modeChosen.emit(m))
        self.grid = ModeGrid(list(self.buttons.values()))
        self.add_way_back(self.back_button)
        self.frame.setContentsMargins(24, 12, 24, 24)
        self.frame.insertWidget(self.frame.indexOf(self.hint), self.today)  # under the heading
        self.frame.insertSpacing(self.frame.indexOf(self.hint), 8)
        self.body.addWidget(self.grid)
        self.body.addStretch(1)
        self.retranslate()

    def show_person(self, person: Person, plan: DayPlan | None = None) -> None:
        self.person = person
        self.today.setVisible(plan is not None)
        if plan is not None:
            self.today.show_plan(plan)
        self.retranslate()
        first = plan is not None and self.today.first
        (self.today.study_button if first else self.buttons[Mode.PRACTICE]).setFocus(
            Qt.FocusReason.OtherFocusReason)

    def retranslate(self) -> None:
        self.back_button.setText(_("◀ Trainees"))
        if self.person is not None:
            self.heading.setText(_("{name}, how do you want to train?").format(
                name=self.person.name))
        self.hint.setText(_("Choose a mode: click it, or press its number."))
        texts = {
            Mode.PRACTICE: (_("Practice"), _(
                "Pick a game and its skills. No clock; after each answer the verdict and "
                "why, with the article.")),
            Mode.SELF_STUDY: (_("Self-study"), _(
                "The app chooses what you practise next from your answers so far, and "
                "tells you why.")),
            Mode.DRILL: (_("Drill"), _(
                "One skill against the clock: the target time, your streak and your pace. "
                "Setting the banker's hand runs under the five-minute rule.")),
            Mode.EXAM: (_("Exam"), _(
                "An exam set by your instructor, with its time limit. Verdicts and "
                "explanations come after you submit.")),
            Mode.PROGRESS: (_("My progress"), _(
                "Accuracy and speed over time, mastery per skill and a calendar of "
                "your practice.")),
            Mode.RULEBOOK: (_("Rulebook"), _(
                "The regulations article by article, the house's readings, and search. "
                "Practise any rule from its article.")),
            Mode.TABLE_ROUND: (_("Table round"), _(
                "A whole round as the croupier, from the dice to the next bank, each step "
                "graded with its article.")),
        }
        for mode, (title, about) in texts.items():
            self.buttons[mode].set_texts(title, about)
        super().retranslate()
