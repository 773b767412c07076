"""The start screen: pick your trainee profile, or create one; or open the instructor desk.

With a school server the trainees come from the server (made on the instructor desk, never
typed here): a trainee picks their name and signs in with the PIN the server checks
(:mod:`ui.pin_sign_in`). A desktop that has no trainee yet syncs first and says so."""

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

from i18n import Message, _
from trainer.progress import Person, Role, Store, StoreError
from trainer.progress.people.accounts import add_trainee
from ui.pin_sign_in import PinSignIn
from ui.school_sync import SchoolSync
from ui.translated import Retranslating


class StartScreen(Retranslating, QWidget):
    personChosen = Signal(object)  # noqa: N815 - a Person
    #: With a school server: a trainee signed in with their PIN (an Actor, proven).
    signedIn = Signal(object)  # noqa: N815
    deskRequested = Signal()  # noqa: N815

    def __init__(self, store: Store, school: SchoolSync | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._school = school
        #: Why the trainees could not be fetched from the school server (none to show).
        self._unfetched: Message | None = None
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
        self.pin_sign_in = PinSignIn(store, lambda: school.url if school else None,
                                     self.chosen)
        self.pin_sign_in.signedIn.connect(self.signedIn)
        self.pin_sign_in.checking.connect(self.people.setDisabled)  # one trainee at a time
        self.people.itemSelectionChanged.connect(self._chosen_changed)
        self.made_on_desk = QLabel()  # where the new trainee's name was typed
        self.made_on_desk.setObjectName("hint")
        self.made_on_desk.setWordWrap(True)
        self.retry_button = QPushButton()
        self.retry_button.clicked.connect(self._fetch_again)
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
        layout.addWidget(self.retry_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignRight)
        layout.addWidget(self.pin_sign_in)
        layout.addSpacing(16)
        layout.addWidget(self.new_label)
        layout.addLayout(add_row)
        layout.addWidget(self.made_on_desk)
        layout.addWidget(self.error)
        layout.addStretch(0)  # takes the list's room on the first start (no list yet)
        self._filler = layout.count() - 1
        self._column = layout
        layout.addSpacing(24)
        desk_row = QHBoxLayout()
        desk_row.addWidget(self.desk_label, 1)
        desk_row.addWidget(self.desk_button)
        layout.addLayout(desk_row)
        if school is not None:
            school.urlChanged.connect(lambda: self.reload(select=self._selected_id()))
            school.synced.connect(self._synced)
            school.failed.connect(self._fetch_failed)
        self.retranslate()
        self.reload()

    @property
    def with_server(self) -> bool:
        """Whether trainees sign in with the school server (a server is set here)."""
        return self._school is not None and self._school.url is not None

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self.people.count() == 0 and not self.with_server:  # the name is the first step
            self.new_name.setFocus(Qt.FocusReason.OtherFocusReason)

    def retranslate(self) -> None:
        first = self.people.count() == 0
        self.heading.setText(_("Welcome to Croupier Trainer") if first else _("Who is training?"))
        self.welcome.setText(self._welcome())
        self.start_button.setText(_("&Start training ▶"))
        self.made_on_desk.setText(_(
            "With the school server, trainees are added on the instructor desk, not here. "
            "Is your name missing? Ask an instructor."))
        self.retry_button.setText(_("&Try again"))
        self.new_label.setText(_("New &trainee"))
        self.new_name.setPlaceholderText(_("Full name"))
        self.add_button.setText(_("&Add trainee"))
        self.error.clear()
        self.desk_label.setText(_("Instructors: trainees, charts, exams, reports and house "
                                  "rules."))
        self.desk_button.setText(_("&Instructor desk…"))

    def _welcome(self) -> str:
        """What to do on a desktop with no trainee yet (with a server: wait for the list)."""
        if not self.with_server:
            return _("1. Type your full name under New trainee and press Add trainee.\n"
                     "2. Your home page opens: press Start my first practice.\n"
                     "3. Answer, read why, and the app plans what you practise next.")
        if self._unfetched is not None:
            return _("The list of trainees could not be fetched from the school server: "
                     "{reason}").format(reason=str(self._unfetched))
        return _("Connecting to the school server for the list of trainees…")

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
        server = self.with_server
        self.people.setVisible(not first)
        self.start_button.setVisible(not first and not server)
        self.pin_sign_in.setVisible(not first and server)
        self.pin_sign_in.reset()
        for widget in (self.new_label, self.new_name, self.add_button):
            widget.setVisible(not server)
        self.made_on_desk.setVisible(server)
        self.welcome.setVisible(first)
        self.welcome.setText(self._welcome())
        self.retry_button.setVisible(first and server and self._unfetched is not None)
        self._column.setStretch(self._filler, 1 if first else 0)
        self.heading.setText(_("Welcome to Croupier Trainer") if first else _("Who is training?"))
        if first and not server:
            self.new_name.setFocus(Qt.FocusReason.OtherFocusReason)
        self._update_buttons()

    def chosen(self) -> Person | None:
        """The trainee selected in the list."""
        item = self.people.currentItem()
        person: Person | None = None if item is None else item.data(Qt.ItemDataRole.UserRole)
        return person

    def _selected_id(self) -> str | None:
        person = self.chosen()
        return None if person is None else person.id

    def _synced(self, _result: object) -> None:
        """A sync brought trainees (made on the desk): list them, the one chosen kept."""
        self._unfetched = None
        try:
            known = [p.id for p in self._store.people(Role.TRAINEE)]
        except StoreError:
            return  # the list stays as it is until the next sync
        listed = [self.people.item(row).data(Qt.ItemDataRole.UserRole).id
                  for row in range(self.people.count())]
        if known != listed or not known:
            self.reload(select=self._selected_id())

    def _fetch_failed(self, problem: Message) -> None:
        if self.with_server and self.people.count() == 0:
            self._unfetched = problem
            self.reload()

    def _fetch_again(self) -> None:
        self._unfetched = None
        self.reload()
        if self._school is not None:
            self._school.now()

    def _chosen_changed(self) -> None:
        if self.with_server:
            self.pin_sign_in.reset()  # another trainee: their own PIN

    def _update_buttons(self) -> None:
        self.start_button.setEnabled(self.people.currentItem() is not None)

    def _add(self) -> None:
        if self.with_server:
            return  # trainees are made on the desk (the field is hidden)
        try:
            person = add_trainee(self._store, self.new_name.text(), by=None)
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
        person = self.chosen()
        if person is None:
            return
        if self.with_server:  # the PIN proves it is them
            self.pin_sign_in.pin.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.personChosen.emit(person)
