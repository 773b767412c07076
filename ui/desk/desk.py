"""The instructor desk: trainees, charts, answers, exams, reports and bundles, house rules.

Opened after :class:`ui.desk.sign_in.SignInDialog` hands out the instructor's
:class:`~trainer.progress.people.accounts.Actor`; every page acts as that instructor, so the
progress store refuses anything an instructor may not do. Pages are listed on the left
(Ctrl+1 … Ctrl+8); a trainee's progress charts open from the trainee list.
"""

from __future__ import annotations

import importlib
import sys
import time
from typing import TypeVar

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from i18n import _
from questions.registry import GAMES
from trainer.progress import Person, Store
from trainer.progress.people.accounts import Actor
from trainer.progress.people.id_numbers import id_numbers
from ui.desk.exams.exams import ExamsPage
from ui.desk.house.house_rules import HouseRulesPage
from ui.desk.loading import settle, unsettle
from ui.desk.record_store_sync import RecordStoreSync
from ui.desk.reports.attempts import AttemptsPage
from ui.desk.reports.charts import ChartsPreparation, CohortPage, TraineeProgressPage
from ui.desk.reports.class_grid import ClassGridPage
from ui.desk.reports.exports import ExportsPage
from ui.desk.school.school_server import SchoolServerPage
from ui.desk.trainees.trainees import TraineesPage
from ui.language import name_by_labels
from ui.palette import styled
from ui.school_sync import SchoolSync
from ui.translated import Retranslating

#: The pages listed on the left, in order (Ctrl+1 … Ctrl+8), by the desk's attribute names.
#: The longest a step of building the pages in the background takes (then the window's
#: other events come first).
STEP_SECONDS = 0.03
PAGES = ("trainees", "cohort", "attempts", "exams", "exports", "house_rules", "school",
         "class_grid")  # the grid last: the pages before keep their Ctrl+digit

#: A page of :data:`PAGES`: each reads its figures again when opened (``reload``).
DeskPage = (TraineesPage | CohortPage | ClassGridPage | AttemptsPage | ExamsPage | ExportsPage
            | HouseRulesPage | SchoolServerPage)
Page = TypeVar("Page", bound=QWidget)

STYLE = """
QListWidget#deskNav { font-size: 12pt; border: none; background: $nav_back; }
QListWidget#deskNav::item { padding: 10px 12px; }
QListWidget#deskNav::item:selected { background: $nav_selected; color: $nav_selected_ink; }
QLabel#deskTitle { font-size: 14pt; font-weight: 600; }
QLabel#status { font-size: 11pt; }
*[invalid="true"] { border: 2px solid $invalid; }
"""


class InstructorDesk(Retranslating, QWidget):
    """Everything an instructor does, page by page, as the signed-in ``actor``."""

    #: The instructor signs out: the app goes back to where it was.
    signOutRequested = Signal()  # noqa: N815
    #: Preview an exam (an ``Exam``): the window runs it, nothing recorded, then comes back.
    previewRequested = Signal(object)  # noqa: N815
    #: New house rules were saved (a ``HouseRules``): the quiz generates with them.
    houseRulesChanged = Signal(object)  # noqa: N815

    def __init__(self, store: Store, actor: Actor, school: SchoolSync | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self.actor = actor
        styled(self, STYLE)
        self.title = QLabel()
        self.title.setObjectName("deskTitle")
        self.signed_in = QLabel()
        self.signed_in.setObjectName("hint")
        self.sign_out_button = QPushButton()
        self.sign_out_button.clicked.connect(self.sign_out)
        self._school = school or SchoolSync(self, store, None)
        #: The desk's xAPI statements sent to the school's learning record store.
        self.record_store_sync = RecordStoreSync(self, store, actor, self._school)
        #: The pages, by name: the trainee list with the desk, the others one per turn of
        #: the event loop while it is shown (or at once when asked for); the window's scroll
        #: area makes room for a wider one as it comes.
        self._built: dict[str, DeskPage] = {}
        #: A page made and being styled, not yet in its place; its controls left to style.
        self._staged: tuple[str, DeskPage] | None = None
        self._listed = False  # the trainee list was filled once
        self._styling: list[QWidget] = []
        self._charts = ChartsPreparation(self)
        self.progress = TraineeProgressPage(store, actor)
        self.nav = QListWidget()
        self.nav.setObjectName("deskNav")
        self.nav.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.nav.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.nav.addItems([""] * len(PAGES))
        self.title.setBuddy(self.nav)  # names the list of pages for screen readers
        self.stack = QStackedWidget()
        for _name in PAGES:
            self.stack.addWidget(QWidget())  # its place, until the page is built
        self.stack.addWidget(self.progress)
        self.nav.currentRowChanged.connect(self._open_row)
        self.progress.backRequested.connect(lambda: self.open_page(self.trainees))
        self._layout()
        self._shortcuts()
        self.retranslate()
        self.page("trainees")
        self.nav.setCurrentRow(0)
        settle()
        self.destroyed.connect(lambda _desk=None: unsettle())

    def _build(self, name: str) -> DeskPage:
        store, actor = self._store, self.actor
        if name == "trainees":
            trainees = TraineesPage(store, actor, self._school)
            trainees.progressRequested.connect(self.open_progress)
            trainees.answersRequested.connect(self.open_answers)
            trainees.peopleChanged.connect(self.reload)
            trainees.loader.loaded.connect(self._charts.start)  # once the list is in
            trainees.listShown.connect(self._list_shown)
            return trainees
        if name == "cohort":
            return CohortPage(store, actor)
        if name == "class_grid":
            grid = ClassGridPage(store, actor)
            grid.answersRequested.connect(self.open_skill_answers)
            return grid
        if name == "attempts":
            return AttemptsPage(store, actor)
        if name == "exams":
            exams = ExamsPage(store, actor)
            exams.previewRequested.connect(self.previewRequested)
            return exams
        if name == "exports":
            exports = ExportsPage(store, actor, read_id_numbers=id_numbers,
                                  registrations=self._school.registrations,
                                  record_store_sync=self.record_store_sync)
            exports.progressImported.connect(self.reload)
            return exports
        if name == "house_rules":
            house_rules = HouseRulesPage(store, actor)
            house_rules.rulesChanged.connect(self.houseRulesChanged)
            return house_rules
        return SchoolServerPage(store, self._school, actor)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._listed:  # shown again: go on building
            QTimer.singleShot(0, self, self._build_next)

    def _list_shown(self) -> None:
        """The trainee list is in: the other pages are built now, a step at a time."""
        if not self._listed:
            self._listed = True
            QTimer.singleShot(0, self, self._build_next)

    def _build_next(self) -> None:
        """One step of building the pages not built yet, while the desk is shown, then the
        next step in the next turn of the event loop: the window never stands still long.

        A page is made hidden in the desk, its controls styled a few at a time (styling
        every control of a big page at once — the house rules' — stood still 150 ms), then
        put in its place; the exam form's games are imported one per turn before it."""
        if not self.isVisible():
            return
        if self._styling:
            began = time.perf_counter()
            while self._styling and time.perf_counter() - began < STEP_SECONDS:
                self._styling.pop().ensurePolished()
        elif self._staged is not None:
            name, page = self._staged
            self._staged = None
            self._insert(name, page)
        else:
            waiting = [name for name in PAGES if name not in self._built]
            if not waiting:
                return
            unread = [game for game in GAMES if f"questions.{game}" not in sys.modules]
            if waiting[0] == "exams" and unread:  # the exam form lists every skill
                importlib.import_module(f"questions.{unread[0]}")
            else:
                page = self._built[waiting[0]] = self._build(waiting[0])
                page.hide()
                page.setParent(self.stack)  # styled as it will be shown
                self._staged = (waiting[0], page)
                self._styling = page.findChildren(QWidget)  # the deepest last: popped first
        QTimer.singleShot(0, self, self._build_next)

    def page(self, name: str) -> DeskPage:
        """The page ``name`` (one of :data:`PAGES`), built now if it was not yet."""
        if self._staged is not None and self._staged[0] == name:
            self._staged = None
            self._styling = []
            self._insert(name, self._built[name])
        page = self._built.get(name)
        if page is None:
            page = self._built[name] = self._build(name)
            self._insert(name, page)
        return page

    def _insert(self, name: str, page: DeskPage) -> None:
        index = PAGES.index(name)
        place = self.stack.widget(index)
        assert place is not None  # every listed page has its place in the stack
        self.stack.insertWidget(index, page)
        self.stack.removeWidget(place)
        place.deleteLater()
        name_by_labels(page)  # as the window named the rest when it was shown

    def _page_of(self, name: str, kind: type[Page]) -> Page:
        """The page ``name``, as the class :meth:`_build` makes for it."""
        page = self.page(name)
        assert isinstance(page, kind), name
        return page

    @property
    def trainees(self) -> TraineesPage:
        return self._page_of("trainees", TraineesPage)

    @property
    def cohort(self) -> CohortPage:
        return self._page_of("cohort", CohortPage)

    @property
    def class_grid(self) -> ClassGridPage:
        return self._page_of("class_grid", ClassGridPage)

    @property
    def attempts(self) -> AttemptsPage:
        return self._page_of("attempts", AttemptsPage)

    @property
    def exams(self) -> ExamsPage:
        return self._page_of("exams", ExamsPage)

    @property
    def exports(self) -> ExportsPage:
        return self._page_of("exports", ExportsPage)

    @property
    def house_rules(self) -> HouseRulesPage:
        return self._page_of("house_rules", HouseRulesPage)

    @property
    def school(self) -> SchoolServerPage:
        return self._page_of("school", SchoolServerPage)

    @property
    def pages(self) -> list[QWidget]:
        """The pages listed on the left, in order (every one built)."""
        return [self.page(name) for name in PAGES]

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.signed_in)
        top.addWidget(self.sign_out_button)
        body = QHBoxLayout()
        body.setSpacing(0)
        body.addWidget(self.nav)
        body.addWidget(self.stack, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        top.setContentsMargins(16, 0, 16, 0)
        layout.addLayout(top)
        layout.addLayout(body, 1)

    def _shortcuts(self) -> None:
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for row in range(len(PAGES)):
            shortcut = QShortcut(QKeySequence(f"Ctrl+{row + 1}"), self, context=context)
            shortcut.activated.connect(lambda r=row: self.nav.setCurrentRow(r))

    def retranslate(self) -> None:
        self.title.setText(_("Instructor desk"))
        self.signed_in.setText(_("Signed in as {name}").format(name=self.actor.person.name))
        self.sign_out_button.setText(_("Sign &out"))
        names = [_("Trainees"), _("Cohort charts"), _("Answers given"), _("Exams"),
                 _("Reports and bundles"), _("House rules"), _("School server"), _("Class grid")]
        for row, name in enumerate(names):
            item = self.nav.item(row)
            item.setText(name)
            item.setToolTip(f"{name} (Ctrl+{row + 1})")
        self.nav.ensurePolished()  # the style sheet's larger font, to measure the names with
        widest = max(self.nav.fontMetrics().horizontalAdvance(name) for name in names)
        self.nav.setFixedWidth(max(180, widest + 2 * 12 + 24))
        self.record_store_sync.show_state()

    def focus_first(self) -> None:
        """The keyboard starts on the list of pages, never on Sign out."""
        self.nav.setFocus(Qt.FocusReason.OtherFocusReason)

    def go_back(self) -> None:
        """Escape in the desk: back to its first page (the trainees) and the list of pages."""
        if self.stack.currentWidget() is not self.trainees:
            self.open_page(self.trainees)
        self.focus_first()

    def open_page(self, page: QWidget) -> None:
        """Show one of the listed pages (reading its figures again)."""
        row = next(PAGES.index(name) for name, built in self._built.items() if built is page)
        if self.nav.currentRow() == row:
            self._open_row(row)
        else:
            self.nav.setCurrentRow(row)

    def _editing_house_rules(self) -> HouseRulesPage | None:
        """The house rules page if it is the one shown (it may hold unsaved changes)."""
        house_rules = self._built.get("house_rules")
        if isinstance(house_rules, HouseRulesPage) and self.stack.currentWidget() is house_rules:
            return house_rules
        return None

    def _open_row(self, row: int) -> None:
        if not 0 <= row < len(PAGES):
            return
        editing = self._editing_house_rules()
        if editing is not None and PAGES[row] != "house_rules" and not editing.may_leave(self):
            self.nav.blockSignals(True)  # the instructor stays with their changes
            self.nav.setCurrentRow(PAGES.index("house_rules"))
            self.nav.blockSignals(False)
            return
        page = self.page(PAGES[row])
        if PAGES[row] != "house_rules":  # keep an instructor's unsaved edits
            page.reload()
        selected = self.trainees.selected()
        if PAGES[row] == "attempts" and selected is not None:  # the trainee chosen already
            self.attempts.show_trainee(selected.id)
        self.stack.setCurrentWidget(page)

    def open_progress(self, person: Person) -> None:
        """A trainee's progress charts, from the trainee list."""
        self.progress.show_person(person)
        self.nav.blockSignals(True)
        self.nav.setCurrentRow(PAGES.index("trainees"))
        self.nav.blockSignals(False)
        self.stack.setCurrentWidget(self.progress)

    def open_answers(self, person: Person) -> None:
        """A trainee's answers, ready to replay, from the trainee list."""
        self.nav.setCurrentRow(PAGES.index("attempts"))
        self.attempts.show_trainee(person.id)

    def open_skill_answers(self, person_id: str, skill: str) -> None:
        """A trainee's answers in one skill, from the class grid."""
        self.nav.setCurrentRow(PAGES.index("attempts"))
        self.attempts.show_trainee(person_id, skill)

    def sign_out(self) -> None:
        """End the instructor's session on this store, then let the app close the desk
        (unsaved house rules are saved or dropped first, as the instructor answers)."""
        editing = self._editing_house_rules()
        if editing is not None and not editing.may_leave(self):
            return
        self._store.signed_in.pop(self.actor.token, None)
        self.signOutRequested.emit()

    def reload(self) -> None:
        """People or progress changed: every page built reads the database again."""
        for name in ("trainees", "cohort", "class_grid", "attempts", "exams", "exports"):
            page = self._built.get(name)
            if page is not None:
                page.reload()
