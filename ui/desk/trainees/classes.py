"""The trainees page's classes: which class the table shows, and the class menu — a new class,
its members, renaming, removing, and reading a class list from a spreadsheet's CSV file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from i18n import N_, Message, _, ngettext
from trainer.progress import Person, Role, Store, StoreError
from trainer.progress.people.accounts import Actor
from trainer.progress.people.class_lists import import_class_list
from trainer.progress.people.classes import (
    SchoolClass,
    add_members,
    classes,
    create_class,
    remove_class,
    remove_members,
    rename_class,
)
from ui.translated import Retranslating
from ui.widgets.confirm import confirm


class ClassBar(Retranslating, QWidget):
    """``shown`` is the class whose trainees the table shows (``None``: every trainee);
    ``changed(problem, message)`` after anything here changed the classes or the trainees
    (``problem``: a refusal to show; ``message``: what was done)."""

    shownChanged = Signal()  # noqa: N815
    changed = Signal(object, object)  # a Message or None, a Message or None
    #: A class list added trainees: their ids (a school server gives them first PINs).
    peopleAdded = Signal(object)  # noqa: N815

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self._classes: list[SchoolClass] = []
        self.label = QLabel()
        self.shown_box = QComboBox()
        self.shown_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.label.setBuddy(self.shown_box)
        self.shown_box.currentIndexChanged.connect(lambda _i: self.shownChanged.emit())
        self.menu_button = QToolButton()
        self.menu_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.menu = QMenu(self.menu_button)
        self.menu_button.setMenu(self.menu)
        self.new_action = self.menu.addAction("", self.new_class)
        self.members_action = self.menu.addAction("", self.edit_members)
        self.rename_action = self.menu.addAction("", self.rename_shown)
        self.remove_action = self.menu.addAction("", self.remove_shown)
        self.menu.addSeparator()
        self.import_action = self.menu.addAction("", self.import_list)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label)
        row.addWidget(self.shown_box)
        row.addWidget(self.menu_button)
        row.addStretch(1)
        self.retranslate()
        self.reload()

    def retranslate(self) -> None:
        self.label.setText(_("&Show"))
        self.menu_button.setText(_("&Classes"))
        self.menu_button.setAccessibleName(_("Classes"))
        self.new_action.setText(_("New class…"))
        self.members_action.setText(_("Trainees in this class…"))
        self.rename_action.setText(_("Rename this class…"))
        self.remove_action.setText(_("Remove this class…"))
        self.import_action.setText(_("Read a class list (CSV)…"))
        self._fill(self.shown())

    def reload(self, select: str | None = None) -> None:
        shown = self.shown()
        select = select or (shown.id if shown else None)
        try:
            self._classes = classes(self._store)
        except StoreError as error:
            self._classes = []
            self.changed.emit(error.message, None)
        self._fill(select)

    def _fill(self, select: SchoolClass | str | None) -> None:
        wanted = select.id if isinstance(select, SchoolClass) else select
        self.shown_box.blockSignals(True)
        self.shown_box.clear()
        self.shown_box.addItem(_("Every trainee"), None)
        for school_class in self._classes:
            self.shown_box.addItem(ngettext("{name} ({count} trainee)",
                                            "{name} ({count} trainees)",
                                            len(school_class.members)).format(
                name=school_class.name, count=len(school_class.members)), school_class)
            if school_class.id == wanted:
                self.shown_box.setCurrentIndex(self.shown_box.count() - 1)
        self.shown_box.blockSignals(False)
        for action in (self.members_action, self.rename_action, self.remove_action):
            action.setEnabled(self.shown() is not None)
        self.shownChanged.emit()

    def shown(self) -> SchoolClass | None:
        chosen: SchoolClass | None = self.shown_box.currentData()
        return chosen

    def members(self) -> set[str] | None:
        """The trainees the table shows (``None``: every one)."""
        shown = self.shown()
        return None if shown is None else set(shown.members)

    def new_class(self) -> None:
        name, chosen = QInputDialog.getText(self, _("New class"), _("The class's name:"))
        if chosen:
            self._do(lambda: create_class(self._store, self._actor, name).id)

    def rename_shown(self) -> None:
        shown = self.shown()
        if shown is None:
            return
        name, chosen = QInputDialog.getText(self, _("Rename the class"), _(
            "A new name for {name}:").format(name=shown.name), QLineEdit.EchoMode.Normal,
            shown.name)
        if chosen:
            self._do(lambda: rename_class(self._store, self._actor, shown.id, name).id)

    def remove_shown(self) -> None:
        shown = self.shown()
        if shown is None:
            return
        if confirm(self, _("Remove the class"), _(
                "Remove the class {name}? Its trainees stay, with all their progress; exams set "
                "for the class are no longer set for them.").format(name=shown.name),
                _("Remove"), icon=QMessageBox.Icon.Question):
            self._do(lambda: remove_class(self._store, self._actor, shown.id))

    def edit_members(self) -> None:
        shown = self.shown()
        if shown is None:
            return
        dialog = MembersDialog(shown, self._store.people(Role.TRAINEE), self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        chosen = dialog.chosen()

        def change() -> str:
            add_members(self._store, self._actor, shown.id,
                        tuple(p for p in chosen if p not in shown.members))
            remove_members(self._store, self._actor, shown.id,
                           tuple(p for p in shown.members if p not in chosen))
            return shown.id
        self._do(change)

    def import_list(self) -> None:
        path, _kind = QFileDialog.getOpenFileName(
            self, _("Read a class list"), str(Path.home()), _("CSV files (*.csv)"))
        if not path:
            return
        shown = self.shown()
        name, chosen = QInputDialog.getText(
            self, _("Read a class list"), _("The class it is read into (a new one is made if "
                                            "there is none by that name):"),
            QLineEdit.EchoMode.Normal, shown.name if shown else Path(path).stem)
        if chosen:
            self.import_file(Path(path), name)

    def import_file(self, path: Path, class_name: str) -> None:
        """Read the class list at ``path`` into ``class_name``; what was done is said."""
        try:
            data = path.read_bytes()
        except OSError as error:
            self.changed.emit(Message.of(N_("This file cannot be read ({detail})."),
                                         detail=error.strerror or str(error)), None)
            return
        try:
            done = import_class_list(self._store, self._actor, class_name, data)
        except StoreError as error:
            self.changed.emit(error.message, None)
            return
        self.reload()
        for index in range(self.shown_box.count()):
            found = self.shown_box.itemData(index)
            if found is not None and found.name == done.class_name:
                self.shown_box.setCurrentIndex(index)
        self.changed.emit(None, Message.of(N_(
            "The class list was read into {name}: trainees added {added}, trainees who joined "
            "the class {joined}, ID numbers set {numbers}."), name=done.class_name,
            added=done.added, joined=done.joined, numbers=done.id_numbers))
        if done.new_people:
            self.peopleAdded.emit(done.new_people)

    def _do(self, change: Callable[[], str | None]) -> None:
        """Make ``change``, then show the class it names (none: the one shown)."""
        try:
            select = change()
        except StoreError as error:
            self.changed.emit(error.message, None)
            return
        self.reload(select)
        self.changed.emit(None, None)


class MembersDialog(QDialog):
    """Tick the trainees in a class."""

    def __init__(self, school_class: SchoolClass, trainees: list[Person],
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Trainees in {name}").format(name=school_class.name))
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(_("Find a trainee"))
        self.filter.setAccessibleName(_("Find a trainee"))
        self.filter.textChanged.connect(self._filter)
        self.list = QListWidget()
        self.list.setAccessibleName(_("Trainees in {name}").format(name=school_class.name))
        for person in trainees:
            item = QListWidgetItem(person.name)
            item.setData(Qt.ItemDataRole.UserRole, person.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if person.id in school_class.members
                               else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)

    def _filter(self, text: str) -> None:
        wanted = text.casefold().strip()
        for row in range(self.list.count()):
            item = self.list.item(row)
            item.setHidden(bool(wanted) and wanted not in item.text().casefold())

    def chosen(self) -> set[str]:
        return {self.list.item(row).data(Qt.ItemDataRole.UserRole)
                for row in range(self.list.count())
                if self.list.item(row).checkState() == Qt.CheckState.Checked}
