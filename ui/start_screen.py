"""The start screen: pick your trainee profile, or create one; or open the instructor desk."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from i18n import _
from trainer.progress import Person, Role, Store, StoreError
from ui.translated import Retranslating


class StartScreen(Retranslating, QWidget):
    personChosen = Signal(object)  # noqa: N815 - a Person
    deskRequested = Signal()  # noqa: N815

    def __init__(self, store: Store, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        self.welcome = QLabel()  # the first start: what to do, step by step
        self.welcome.setObjectName("hint")
        self.welcome.setWordWrap(True)
        self.people = QListWidget()
        self.people.setObjectName("people")
        self.heading.setBuddy(self.people)  # names the list for screen readers
        self.people.itemSelectionChanged.connect(self._update_buttons)
        self.people.itemActivated.connect(lambda _item: self._start())
        self.start_button = QPushButton()
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self._start)
        self.new_label = QLabel()
        self.new_name = QLineEdit()  # no cap: Qt counts UTF-16 units; the name rule, characters
        self.new_name.returnPressed.connect(self._add)
        self.add_button = QPushButton()
        self.add_button.clicked.connect(self._add)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self.new_label.setBuddy(self.new_name)
        self.desk_label = QLabel()
        self.desk_label.setObjectName("hint")
        self.desk_label.setWordWrap(True)
        self.desk_button = QPushButton()
        self.desk_button.clicked.connect(self.deskRequested)

        add_row = QHBoxLayout()
        add_row.addWidget(self.new_name, 1)
        add_row.addWidget(self.add_button)
        # A readable column in the middle of the window, however wide the screen.
        column = QWidget()
        column.setMaximumWidth(720)
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        outer.addWidget(column, 10)
        outer.addStretch(1)
        layout = QVBoxLayout(column)
        layout.setContentsMargins(24, 32, 24, 32)
        layout.addWidget(self.heading)
        layout.addWidget(self.welcome)
        layout.addWidget(self.people, 1)
        layout.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignRight)
        layout.addSpacing(16)
        layout.addWidget(self.new_label)
        layout.addLayout(add_row)
        layout.addWidget(self.error)
        layout.addStretch(0)  # takes the list's room on the first start (no list yet)
        self._filler = layout.count() - 1
        self._column = layout
        layout.addSpacing(24)
        desk_row = QHBoxLayout()
        desk_row.addWidget(self.desk_label, 1)
        desk_row.addWidget(self.desk_button)
        layout.addLayout(desk_row)
        self.retranslate()
        self.reload()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self.people.count() == 0:  # the first start: the name is the first step
            self.new_name.setFocus(Qt.FocusReason.OtherFocusReason)

    def retranslate(self) -> None:
        first = self.people.count() == 0
        self.heading.setText(_("Welcome to Croupier Trainer") if first else _("Who is training?"))
        self.welcome.setText(_(
            "1. Type your full name under New trainee and press Add trainee.\n"
            "2. Your home page opens: press Start my first practice.\n"
            "3. Answer, read why, and the app plans what you practise next."))
        self.start_button.setText(_("&Start training ▶"))
        self.new_label.setText(_("New &trainee"))
        self.new_name.setPlaceholderText(_("Full name"))
        self.add_button.setText(_("&Add trainee"))
        self.error.clear()
        self.desk_label.setText(_("Instructors: trainees, charts, exams, reports and house "
                                  "rules."))
        self.desk_button.setText(_("&Instructor desk…"))

    def reload(self, select: str | None = None) -> None:
        self.people.clear()
        try:
            people = self._store.people(Role.TRAINEE)
        except StoreError as error:
            self.error.setText(str(error))
            people = []
        for person in people:
            item = QListWidgetItem(person.name)
            item.setData(Qt.ItemDataRole.UserRole, person)
            self.people.addItem(item)
            if person.id == select:
                self.people.setCurrentItem(item)
        if self.people.currentItem() is None and self.people.count():
            self.people.setCurrentRow(0)
        first = self.people.count() == 0
        self.people.setVisible(not first)
        self.start_button.setVisible(not first)
        self.welcome.setVisible(first)
        self._column.setStretch(self._filler, 1 if first else 0)
        self.heading.setText(_("Welcome to Croupier Trainer") if first else _("Who is training?"))
        if first:
            self.new_name.setFocus(Qt.FocusReason.OtherFocusReason)
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.start_button.setEnabled(self.people.currentItem() is not None)

    def _add(self) -> None:
        try:
            person = self._store.add_person(self.new_name.text(), Role.TRAINEE)
        except StoreError as error:
            self.error.setText(str(error))
            return
        first = self.people.count() == 0
        self.error.clear()
        self.new_name.clear()
        self.reload(select=person.id)
        self.people.setFocus()
        if first:  # the very first trainee here goes straight on to their home page
            self.personChosen.emit(person)

    def _start(self) -> None:
        item = self.people.currentItem()
        if item is not None:
            person: Person = item.data(Qt.ItemDataRole.UserRole)
            self.personChosen.emit(person)
