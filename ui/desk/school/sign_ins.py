"""On the desk's School server page: every trainee's sign-in on the server — their PIN (none
yet, a first PIN not yet changed, their own), wrong PINs in a row, locked, the desktops
signed in — read after each sync as an instructor; first PINs given from here, a locked
trainee unlocked, and a trainee signed out on every desktop (a lost desktop, a PIN seen)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from i18n import N_, Message, _
from trainer.progress import Person, Role, Store, StoreError
from trainer.progress.school.identity import (
    SignInState,
    revoke_tokens,
    sign_in_states,
    unlock,
)
from trainer.progress.school.server.schema import SchoolError
from trainer.progress.school.sync import SyncResult
from ui.desk.trainees.first_pins import FirstPins
from ui.school_sync import SchoolSync, busy_cursor
from ui.translated import Retranslating
from ui.widgets.confirm import confirm


def pin_text(state: SignInState | None) -> str:
    if state is None:
        return _("no PIN yet")
    if state.locked:
        return _("locked")
    return _("first PIN, not yet changed") if state.must_change else _("their own")


class SignInsPanel(Retranslating, QWidget):
    """Shown once the desk syncs as an instructor (the server tells only instructors)."""

    def __init__(self, store: Store, school: SchoolSync, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._school = school
        self._people: list[Person] = []
        self._states: dict[str, SignInState] = {}
        self._said: Message | None = None
        self.first_pins = FirstPins(school, self)
        self.first_pins.said.connect(self._say)
        self.first_pins.given.connect(self.read_states)
        self.heading = QLabel()
        self.heading.setObjectName("subheading")
        self.heading.setWordWrap(True)
        self.table = QTableWidget(0, 4)
        self.heading.setBuddy(self.table)
        self.table.setTabKeyNavigation(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setMinimumHeight(160)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.give_button = QPushButton()
        self.give_button.clicked.connect(self.give_selected)
        self.give_missing_button = QPushButton()
        self.give_missing_button.clicked.connect(self.give_missing)
        self.unlock_button = QPushButton()
        self.unlock_button.clicked.connect(self.unlock_selected)
        self.revoke_button = QPushButton()
        self.revoke_button.clicked.connect(self.revoke_selected)
        self.message = QLabel()
        self.message.setWordWrap(True)
        buttons = QHBoxLayout()
        for button in (self.give_button, self.give_missing_button, self.unlock_button,
                       self.revoke_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        school.synced.connect(self._synced)
        self.retranslate()
        self.setVisible(False)

    def retranslate(self) -> None:
        self.heading.setText(_("Trainees' sign-ins on the school server (select one or "
                               "more):"))
        self.table.setHorizontalHeaderLabels([_("Trainee"), _("PIN"), _("Wrong PINs in a row"),
                                              _("Desktops signed in")])
        self.give_button.setText(_("&Give first PINs…"))
        self.give_missing_button.setText(_("First PINs for e&veryone without one…"))
        self.unlock_button.setText(_("Un&lock"))
        self.revoke_button.setText(_("Sign out every&where…"))
        self.message.setText(str(self._said) if self._said else "")
        self._fill()

    def _synced(self, _result: SyncResult) -> None:
        if self._school.instructor:  # a desktop's own sync cannot read them
            self.read_states()

    def read_states(self) -> None:
        """The trainees of this desk and their sign-ins, read from the server now."""
        login = self._school.instructor_login()
        if login is None:
            return
        try:
            self._people = self._store.people(Role.TRAINEE)
            with busy_cursor():
                self._states = sign_in_states(*login)
        except (StoreError, SchoolError) as error:
            self._say(error.message)
            return
        self._fill()
        self.setVisible(True)

    def _fill(self) -> None:
        chosen = {p.id for p in self.selected()}
        self.table.setRowCount(len(self._people))
        for row, person in enumerate(self._people):
            state = self._states.get(person.id)
            cells = [person.name, pin_text(state),
                     str(state.failures) if state else "", str(state.tokens) if state else ""]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, person)
                if column in (2, 3):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
            if person.id in chosen:
                self.table.selectRow(row)
        self._update_buttons()

    def selected(self) -> list[Person]:
        model = self.table.selectionModel()
        rows = sorted(index.row() for index in model.selectedRows()) if model else []
        return [self._person_at(row) for row in rows]

    def _person_at(self, row: int) -> Person:
        """The trainee of a row, held by its name's cell (every filled row has one)."""
        name = self.table.item(row, 0)
        assert name is not None, row
        person: Person = name.data(Qt.ItemDataRole.UserRole)
        return person

    def _one_selected(self) -> Person | None:
        """The trainee selected, when just one is: unlocking and signing out act on one."""
        chosen = self.selected()
        return chosen[0] if len(chosen) == 1 else None

    def _update_buttons(self) -> None:
        chosen = self.selected()
        self.give_button.setEnabled(bool(chosen))
        self.give_missing_button.setEnabled(any(p.id not in self._states for p in self._people))
        one = len(chosen) == 1
        state = self._states.get(chosen[0].id) if one else None
        self.unlock_button.setEnabled(state is not None and (state.locked or state.failures > 0))
        self.revoke_button.setEnabled(state is not None and state.tokens > 0)

    def give_selected(self) -> None:
        self.first_pins.give(self.selected(), self)

    def give_missing(self) -> None:
        """First PINs for every trainee who has none on the server (no PIN is replaced)."""
        self.first_pins.give([p for p in self._people if p.id not in self._states], self,
                             ask=False)

    def unlock_selected(self) -> None:
        person = self._one_selected()
        login = self._school.instructor_login()
        if person is None or login is None:
            return
        try:
            with busy_cursor():
                unlocked = unlock(*login, person.id)
        except SchoolError as error:
            self._say(error.message)
            return
        self._say(Message.of(N_("Unlocked: {name} may type their PIN again at once.")
                             if unlocked else N_("{name} was neither waiting nor locked; "
                                                 "nothing was changed."), name=person.name))
        self.read_states()

    def revoke_selected(self) -> None:
        person = self._one_selected()
        login = self._school.instructor_login()
        if person is None or login is None or not confirm(self, _("Sign out everywhere"), _(
                "Sign {name} out on every desktop? Each desktop then waits for them to sign "
                "in again with their PIN before it sends their practice.").format(
                    name=person.name), _("Sign out everywhere")):
            return
        try:
            with busy_cursor():
                count = revoke_tokens(*login, person.id)
        except SchoolError as error:
            self._say(error.message)
            return
        self._say(Message.counted("{name} was signed out on {count} desktop.",
                                  "{name} was signed out on {count} desktops.", count,
                                  name=person.name))
        self.read_states()

    def _say(self, said: Message) -> None:
        """What was done, or why not (said again in another language)."""
        self._said = said
        self.message.setText(str(said))
