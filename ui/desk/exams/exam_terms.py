"""Who sits an exam and how often — its terms (:mod:`trainer.progress.exams.terms`): set for
every trainee or for the classes and trainees ticked, the sittings each trainee may have
(retakes: the best result counts), and closing it now. The store's refusals are said inline.

Also the words the desk's exam table uses for an exam's state and for whom it is set."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import UTC, datetime
from html import escape

from babel.lists import format_list
from PySide6.QtCore import QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import i18n
from i18n import N_, Message, _, ngettext
from trainer.progress import Person, Store, StoreError
from trainer.progress.exams.sittings import Exam
from trainer.progress.exams.terms import ExamTerms, close_exam, set_terms
from trainer.progress.people.accounts import Actor
from trainer.progress.people.classes import SchoolClass
from trainer.progress.records import MOST_SITTINGS
from trainer.progress.storage.values import utc
from ui.desk.texts import local_date, local_time, restyle
from ui.modes.exam.exam_texts import is_closed
from ui.translated import Retranslating
from ui.widgets.confirm import confirm

ID = Qt.ItemDataRole.UserRole


def state_text(exam: Exam, terms: ExamTerms, now: datetime) -> str:
    """The exam's state in words: "open", "open until …", "opens on …", "closed on …"."""
    closes = terms.closes_at(exam.closes_at)
    if terms.replaced_by is not None:
        return _("replaced by a new version")
    if closes is not None and now >= utc(closes):
        return _("closed on {date}").format(date=local_date(closes))
    if exam.opens_at is not None and now < utc(exam.opens_at):
        return _("opens on {date}").format(date=local_date(exam.opens_at))
    if closes is not None:
        return _("open until {date}").format(date=local_date(closes))
    return _("open")


def state_tip(exam: Exam, terms: ExamTerms) -> str:
    """The opening and closing moments in full (the table shows their days)."""
    closes = terms.closes_at(exam.closes_at)
    lines = [_("Opens on {when}").format(when=local_time(exam.opens_at))] \
        if exam.opens_at else []
    if closes:
        lines.append(_("Closes at {when}").format(when=local_time(closes)))
    return "\n".join(lines)


#: The classes, and the trainees, named in the exam table's cell before "and N more".
NAMED = 3


def set_for_text(terms: ExamTerms, classes: Mapping[str, str],
                 trainees: Mapping[str, str]) -> str:
    """Whom the exam is set for: every trainee, or the classes and trainees by name (a few
    of each, then how many more: the tooltip, :func:`set_for_tip`, names them all); and the
    sittings each may have when retakes are allowed. ``classes`` and ``trainees``: the
    desk's, id → name (an assignee gone from the desk is not named)."""
    who = _who(terms, classes, trainees, NAMED)
    text = (_("{classes}; {trainees}").format(classes=who[0], trainees=who[1])
            if len(who) == 2 else who[0])
    return " · ".join([text, *_sittings(terms)])


def set_for_tip(terms: ExamTerms, classes: Mapping[str, str],
                trainees: Mapping[str, str]) -> str:
    """Whom the exam is set for, every name, a line for the classes and one for the
    trainees: rich text, so that a long list wraps (the names escaped)."""
    lines = [*_who(terms, classes, trainees, None), *_sittings(terms)]
    return "<p>" + "<br>".join(escape(line) for line in lines) + "</p>"


def _who(terms: ExamTerms, classes: Mapping[str, str], trainees: Mapping[str, str],
         named: int | None) -> list[str]:
    """Every trainee; or the classes named, then the trainees named (either may be
    absent); or nobody, when every one of them is gone."""
    if not terms.assignees:
        return [_("Every trainee")]
    class_names = [classes[a] for a in terms.assignees if a in classes]
    trainee_names = [trainees[a] for a in terms.assignees if a in trainees]
    who = [ngettext("Class: {names}", "Classes: {names}", len(class_names)).format(
        names=_listed(class_names, named))] if class_names else []
    if trainee_names:
        who.append(ngettext("Trainee: {names}", "Trainees: {names}",
                            len(trainee_names)).format(names=_listed(trainee_names, named)))
    return who or [_("nobody (its classes and trainees are gone)")]


def _sittings(terms: ExamTerms) -> list[str]:
    """The sittings each trainee may have, when retakes are allowed."""
    if terms.sittings_allowed <= 1:
        return []
    return [ngettext("{count} sitting", "{count} sittings", terms.sittings_allowed).format(
        count=terms.sittings_allowed)]


def _listed(names: list[str], named: int | None) -> str:
    """``names`` as the language lists them ("A, B and C"); past ``named`` of them, the
    first ``named`` and how many more ("A, B, C and 2 more")."""
    if named is not None and len(names) > named:
        names = [*names[:named], _("{count} more").format(count=len(names) - named)]
    return format_list(names, locale=i18n.locale_of())


class ExamTermsBox(Retranslating, QWidget):
    """The selected exam's terms, to change; ``termsChanged(exam_id)`` once stored."""

    termsChanged = Signal(str)  # noqa: N815

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self._exam: Exam | None = None
        self._terms = ExamTerms()
        self._classes: list[SchoolClass] = []
        self._message: Message | None = None
        self._problem = False
        self.state = QLabel()
        self.state.setWordWrap(True)
        self.close_button = QPushButton()
        self.close_button.clicked.connect(self.close_now)
        self.everyone = QRadioButton()
        self.chosen = QRadioButton()
        self.who = QButtonGroup(self)
        self.who.addButton(self.everyone)
        self.who.addButton(self.chosen)
        self.everyone.setChecked(True)
        self.chosen.toggled.connect(self._enable_choices)
        self.filter = QLineEdit()
        self.filter.textChanged.connect(self._filter)
        self.choices_label = QLabel()
        self.choices_label.setWordWrap(True)
        self.choices = QListWidget()
        self.choices.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.choices_label.setBuddy(self.choices)  # names the list for screen readers
        self.sittings_label = QLabel()
        self.sittings = QSpinBox()
        self.sittings.setRange(1, MOST_SITTINGS)
        self.sittings_label.setBuddy(self.sittings)
        self.save_button = QPushButton()
        self.save_button.clicked.connect(self.save)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self._layout()
        self._enable_choices()
        self.retranslate()

    def _layout(self) -> None:
        closing = QHBoxLayout()
        closing.addWidget(self.state, 1)
        closing.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        who = QHBoxLayout()
        who.addWidget(self.everyone)
        who.addWidget(self.chosen, 1)
        saving = QHBoxLayout()
        saving.addWidget(self.sittings_label)
        saving.addWidget(self.sittings)
        saving.addStretch(1)
        saving.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.addLayout(closing)
        layout.addLayout(who)
        layout.addWidget(self.choices_label)
        layout.addWidget(self.filter)
        layout.addWidget(self.choices, 1)
        layout.addLayout(saving)
        layout.addWidget(self.message)

    def retranslate(self) -> None:
        self.close_button.setText(_("Close it now"))
        self.close_button.setToolTip(_(
            "No trainee can start it after this; sittings already started run to their end."))
        self.everyone.setText(_("Every trainee"))
        self.chosen.setText(_("Only the classes and trainees ticked"))
        self.choices_label.setText(_("Classes and t&rainees (Space ticks the one selected)"))
        self.filter.setPlaceholderText(_("Filter by name"))
        self.filter.setAccessibleName(_("Filter by name"))
        self.sittings_label.setText(_("Sittin&gs allowed"))
        tip = _("How many times each trainee may sit it: more than 1 allows retakes, and the "
                "best result counts.")
        self.sittings_label.setToolTip(tip)
        self.sittings.setToolTip(tip)
        self.sittings.setLocale(QLocale())
        self.save_button.setText(_("Save who sits it"))
        self._name_choices()
        self._show_state()
        self._show_message()

    def show_exam(self, exam: Exam | None, terms: ExamTerms, classes: list[SchoolClass],
                  trainees: list[Person]) -> None:
        """Show ``exam``'s terms (unsaved changes are dropped), or nothing to change."""
        if exam is None or self._exam is None or exam.id != self._exam.id:
            self._message = None
        self._exam, self._terms, self._classes = exam, terms, classes
        self.choices.clear()
        for found in classes:
            self._add_choice(found.id, found.name, terms, kind="class")
        for person in trainees:
            self._add_choice(person.id, person.name, terms, kind="trainee")
        self._name_choices()
        self.sittings.setValue(terms.sittings_allowed)
        (self.chosen if terms.assignees else self.everyone).setChecked(True)
        self._filter(self.filter.text())
        for widget in (self.everyone, self.chosen, self.sittings, self.save_button):
            widget.setEnabled(exam is not None and terms.replaced_by is None)
        self._enable_choices()
        self._show_state()
        self._show_message()

    def _add_choice(self, choice_id: str, name: str, terms: ExamTerms, kind: str) -> None:
        item = QListWidgetItem(name)
        item.setData(ID, choice_id)
        item.setData(ID + 1, (kind, name))
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if choice_id in terms.assignees
                           else Qt.CheckState.Unchecked)
        self.choices.addItem(item)

    def _name_choices(self) -> None:
        members = {found.id: len(found.members) for found in self._classes}
        for row in range(self.choices.count()):
            item = self.choices.item(row)
            kind, name = item.data(ID + 1)
            if kind == "class":
                count = members.get(item.data(ID), 0)
                item.setText(ngettext("Class: {name} ({count} trainee)",
                                      "Class: {name} ({count} trainees)", count).format(
                    name=name, count=count))
            item.setToolTip(item.text())

    def _enable_choices(self) -> None:
        on = self.chosen.isChecked() and self.chosen.isEnabled()
        for widget in (self.filter, self.choices, self.choices_label):
            widget.setEnabled(on)

    def _filter(self, text: str) -> None:
        wanted = text.casefold().strip()
        for row in range(self.choices.count()):
            item = self.choices.item(row)
            item.setHidden(bool(wanted) and wanted not in item.text().casefold())

    def ticked(self) -> tuple[str, ...]:
        """The classes and trainees ticked (hidden by the filter or not), in list order."""
        return tuple(self.choices.item(row).data(ID) for row in range(self.choices.count())
                     if self.choices.item(row).checkState() == Qt.CheckState.Checked)

    def tick(self, ids: Collection[str]) -> None:
        for row in range(self.choices.count()):
            item = self.choices.item(row)
            item.setCheckState(Qt.CheckState.Checked if item.data(ID) in ids
                               else Qt.CheckState.Unchecked)

    def save(self) -> ExamTerms | None:
        """Store who sits the exam and the sittings allowed; said inline either way."""
        exam = self._exam
        if exam is None:
            return None
        assignees = self.ticked() if self.chosen.isChecked() else ()
        if self.chosen.isChecked() and not assignees:
            self._say(Message.of(N_("Tick the classes and trainees to set the exam for, or "
                                    "set it for every trainee.")), problem=True)
            return None
        try:
            terms = set_terms(self._store, self._actor, exam.id, assignees,
                              self.sittings.value())
        except StoreError as error:
            self._say(error.message, problem=True)
            return None
        self._say(Message.of(N_("Saved: who sits “{title}”, and how many times."),
                             title=exam.title))
        self.termsChanged.emit(exam.id)
        return terms

    def close_now(self) -> None:
        """Close the exam now, once the instructor confirms."""
        exam = self._exam
        if exam is None or not self._confirm_close(exam):
            return
        try:
            close_exam(self._store, self._actor, exam.id)
        except StoreError as error:
            self._say(error.message, problem=True)
            return
        self._say(Message.of(N_("“{title}” is closed: no trainee can start it any more."),
                             title=exam.title))
        self.termsChanged.emit(exam.id)

    def _confirm_close(self, exam: Exam) -> bool:
        return confirm(self, _("Close the exam"), _(
            "Close “{title}” now? No trainee can start it after this, whatever its closing "
            "time; sittings already started run to their end. It cannot be opened again."
        ).format(title=exam.title), _("Close it now"))

    def _show_state(self) -> None:
        exam = self._exam
        now = datetime.now(UTC)
        if exam is None:
            self.state.setText(_("Set an exam to choose who sits it."))
        else:
            self.state.setText(_("“{title}”: {state}.").format(
                title=exam.title, state=state_text(exam, self._terms, now)))
        self.state.setToolTip(state_tip(exam, self._terms) if exam else "")
        self.close_button.setEnabled(exam is not None and not is_closed(exam, self._terms, now))

    def _say(self, message: Message | None, problem: bool = False) -> None:
        self._message, self._problem = message, problem
        self._show_message()

    def _show_message(self) -> None:
        self.message.setObjectName("error" if self._problem else "hint")
        restyle(self.message)
        self.message.setText(str(self._message) if self._message else "")
