"""Setting an exam: a title, the skills, questions per skill, a level, time and pass mark;
after the skills, each game's table round, with how many rounds and the way they are played
(practice or table-ready: a round in an exam never gives hints); or editing one nobody has
sat yet (its new version takes its place, see
:func:`trainer.progress.exams.sittings.edit_exam`).

A random seed, drawn for each new exam and never shown (a trainee who saw it could make the
questions before the exam), makes the exam the same for every trainee on every desktop; a
new version of an exam keeps its seed. The checks are the progress store's own
(:func:`trainer.progress.exams.sittings.create_exam`); its refusal is shown inline.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from PySide6.QtCore import QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import questions
from i18n import N_, Message, _
from trainer.progress import Store, StoreError
from trainer.progress.exams.sittings import (
    MAX_TIME_LIMIT_S,
    Exam,
    ExamPart,
    create_exam,
    edit_exam,
)
from trainer.progress.people.accounts import Actor
from trainer.rounds.exam_items import ROUND_ITEM_MODES, is_round_item, round_item_game
from ui.desk.exams.exam_dates import OptionalMoment
from ui.desk.texts import difficulty_name, restyle, settings_grid, skill_title
from ui.rounds.kits import KITS
from ui.rounds.ways import mode_name
from ui.translated import Retranslating
from ui.widgets.choices import Choices

SEED_LIMIT = 2**31 - 1


def _with_parts(exam: Exam, said: Message) -> Message:
    """What the form says on filling it with ``exam``, and, when the exam asks a different
    number of questions or level for some skills, that the form sets one for all."""
    questions_set = {(part.questions, part.difficulty) for part in exam.parts
                     if not is_round_item(part.skill)}
    rounds_set = {(part.questions, part.difficulty) for part in exam.parts
                  if is_round_item(part.skill)}
    if len(questions_set) <= 1 and len(rounds_set) <= 1:
        return said
    return Message.of(N_("{said} Check the questions per skill and the level: the form sets "
                         "the same for every skill, and “{title}” has different ones."),
                      said=said, title=exam.title)


class ExamBuilder(Retranslating, QGroupBox):
    """The form for a new exam, or for editing one (:meth:`start_editing`); ``examCreated``
    carries the exam once it is stored (an edited exam's new version)."""

    examCreated = Signal(object)  # noqa: N815 - an Exam

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self._message: Message | None = None
        self._message_is_problem = False
        #: The exam being edited (``None``: the form makes a new exam).
        self.editing: Exam | None = None
        self.title_edit = QLineEdit()
        self.title_edit.setMaxLength(120)
        self.skills = QListWidget()
        for skill in questions.titled():  # the skills, then each game's table round
            if is_round_item(skill) and round_item_game(skill) not in KITS:
                continue  # a round with no table on screen yet cannot be played in an exam
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, skill)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.skills.addItem(item)
        self.skills.setCurrentRow(0)
        # A skill a line: a title too long for the form is shortened in its middle (its
        # game and "paid in chips" stay in view), and whole in its tooltip.
        self.skills.setWordWrap(False)
        self.skills.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.skills.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.per_skill = QSpinBox()
        self.per_skill.setRange(1, 50)
        self.per_skill.setValue(5)
        self.difficulty = Choices()
        #: How many of each ticked game's table rounds, and the way they are played.
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 10)
        self.rounds.setValue(1)
        self.round_way = Choices()
        #: The next exam's seed: drawn at random, never shown.
        self.seed = secrets.randbelow(SEED_LIMIT)
        self.time_limit = QSpinBox()
        self.time_limit.setRange(1, MAX_TIME_LIMIT_S // 60)
        self.time_limit.setValue(30)
        self.pass_mark = QSpinBox()
        self.pass_mark.setRange(0, 100)
        self.pass_mark.setValue(70)
        self.pass_mark.setSuffix(" %")
        self.pin_required = QCheckBox()
        self.same_questions = QCheckBox()
        self.opens = OptionalMoment()
        self.closes = OptionalMoment()
        self._dates_from(None, None)
        self.create_button = QPushButton()
        self.create_button.clicked.connect(self.create)
        self.cancel_button = QPushButton()
        self.cancel_button.clicked.connect(self.cancel_edit)
        # Editing or not, the form keeps its size: the back button keeps its room when hidden
        # and the create button is as wide as its longer text (see retranslate).
        kept = self.cancel_button.sizePolicy()
        kept.setRetainSizeWhenHidden(True)
        self.cancel_button.setSizePolicy(kept)
        self.cancel_button.hide()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.labels: dict[str, QLabel] = {}
        self._layout()
        self.retranslate()

    def _layout(self) -> None:
        rows: list[tuple[str, QWidget, QWidget]] = [
            ("title", self.title_edit, self.title_edit),
            ("per_skill", self.per_skill, self.per_skill),
            ("difficulty", self.difficulty, self.difficulty),
            ("rounds", self.rounds, self.rounds),
            ("round_way", self.round_way, self.round_way),
            ("time_limit", self.time_limit, self.time_limit),
            ("pass_mark", self.pass_mark, self.pass_mark),
        ]
        for key, _field, buddy in rows:
            self.labels[key] = QLabel()
            self.labels[key].setBuddy(buddy)
        skills_label = QLabel()
        skills_label.setWordWrap(True)
        skills_label.setBuddy(self.skills)
        self.labels["skills"] = skills_label
        layout = QVBoxLayout(self)
        layout.addLayout(settings_grid([(self.labels[key], field) for key, field, _b in rows],
                                       1, 1))
        layout.addWidget(skills_label)
        layout.addWidget(self.skills, 1)
        layout.addWidget(self.pin_required)
        layout.addWidget(self.same_questions)
        layout.addWidget(self.opens)
        layout.addWidget(self.closes)
        layout.addWidget(self.message)
        buttons = QHBoxLayout()
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        buttons.addWidget(self.create_button)
        layout.addLayout(buttons)

    def retranslate(self) -> None:
        self.setTitle(_("Editing an exam") if self.editing else _("New exam"))
        texts = {"title": _("&Title"),
                 "skills": _("S&kills, then the games' table rounds (Space ticks the one "
                             "selected)"),
                 "per_skill": _("&Questions per skill"), "difficulty": _("Le&vel"),
                 "rounds": _("Ta&ble rounds per game ticked"),
                 "round_way": _("Table rounds played as"),
                 "time_limit": _("Time li&mit (minutes)"), "pass_mark": _("&Pass mark")}
        for key, text in texts.items():
            self.labels[key].setText(text)
        for row in range(self.skills.count()):
            item = self.skills.item(row)
            item.setText(skill_title(item.data(Qt.ItemDataRole.UserRole)))
            item.setToolTip(item.text())
        level = self.difficulty.currentData() or 2
        self.difficulty.clear()
        for value in (1, 2, 3):
            self.difficulty.addItem(difficulty_name(value), value)
        self.difficulty.setCurrentIndex(self.difficulty.findData(level))
        way = self.round_way.currentData() or 2
        self.round_way.clear()
        for value, mode in ROUND_ITEM_MODES.items():
            self.round_way.addItem(mode_name(mode), value)
        self.round_way.setCurrentIndex(self.round_way.findData(way))
        self.round_way.setToolTip(_("An exam's table round gives no hints, and its verdicts "
                                    "come when the round ends. Practice: players make trouble "
                                    "now and then. Table-ready: incidents often, a par time."))
        self.pin_required.setText(_("Trainees t&ype their PIN to sit it"))
        self.pin_required.setToolTip(_(
            "Nobody can sit this exam under another trainee's name. Every trainee needs a "
            "PIN, set on the Trainees page."))
        self.same_questions.setText(_("The same q&uestions for everyone"))
        self.same_questions.setToolTip(_(
            "Unticked, each sitting has questions of its own, drawn when it starts (by the "
            "school server where there is one), so nobody can work them out beforehand or "
            "pass them on."))
        self.opens.retranslate(_("Open&s on"))
        self.closes.retranslate(_("Closes &at"))
        saves = [_("Save the &changes"), _("&Create the exam")]
        self.create_button.setMinimumWidth(0)
        widths = []
        for text in saves:
            self.create_button.setText(text)
            widths.append(self.create_button.sizeHint().width())
        self.create_button.setMinimumWidth(max(widths))
        self.create_button.setText(saves[0] if self.editing else saves[1])
        self.cancel_button.setText(_("Back to a new exam"))
        self.cancel_button.setToolTip(_("Leave the exam as it is; the form is for a new exam "
                                        "again."))
        for spin in (self.per_skill, self.rounds, self.time_limit, self.pass_mark):
            spin.setLocale(QLocale())
        self._show_message()

    def new_seed(self) -> None:
        self.seed = secrets.randbelow(SEED_LIMIT)

    def checked_skills(self) -> list[str]:
        return [self.skills.item(row).data(Qt.ItemDataRole.UserRole)
                for row in range(self.skills.count())
                if self.skills.item(row).checkState() == Qt.CheckState.Checked]

    def check_skills(self, skills: list[str]) -> None:
        for row in range(self.skills.count()):
            item = self.skills.item(row)
            wanted = item.data(Qt.ItemDataRole.UserRole) in skills
            item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)

    def start_from(self, exam: Exam) -> None:
        """Fill the form with ``exam``'s settings, for a new version of it (exams never
        change: a new version is a new exam)."""
        self._editing(None)
        self._fill(exam, _("{title} (new version)").format(title=exam.title))
        self._say(_with_parts(exam, Message.of(N_(
            "The form holds the settings of “{title}”: change what the new version needs, "
            "then create it."), title=exam.title)))

    def start_editing(self, exam: Exam) -> None:
        """Fill the form with ``exam``'s settings to edit it: saving makes its new version,
        which takes its place and its terms (refused once someone has sat it)."""
        self._editing(exam)
        self._fill(exam, exam.title)
        self._say(_with_parts(exam, Message.of(N_(
            "Nobody has sat “{title}” yet: change it, then save. The changed exam takes its "
            "place, set for the same trainees."), title=exam.title)))

    def cancel_edit(self) -> None:
        """Leave the exam being edited as it is: the form is for a new exam again."""
        self._clear()
        self._say(None)

    def _fill(self, exam: Exam, title: str) -> None:
        self.title_edit.setText(title)
        self.check_skills([part.skill for part in exam.parts])
        asked = [part for part in exam.parts if not is_round_item(part.skill)]
        played = [part for part in exam.parts if is_round_item(part.skill)]
        if asked:
            self.per_skill.setValue(asked[0].questions)
            self.difficulty.setCurrentIndex(self.difficulty.findData(asked[0].difficulty))
        if played:
            self.rounds.setValue(played[0].questions)
            self.round_way.setCurrentIndex(self.round_way.findData(played[0].difficulty))
        self.seed = exam.seed
        self.time_limit.setValue(max(1, exam.time_limit_s // 60))
        self.pass_mark.setValue(int(exam.pass_percent))
        self.pin_required.setChecked(exam.pin_required)
        self.same_questions.setChecked(exam.same_questions)
        self._dates_from(exam.opens_at, exam.closes_at)
        self.title_edit.setFocus()
        self.title_edit.selectAll()

    def _editing(self, exam: Exam | None) -> None:
        self.editing = exam
        self.cancel_button.setVisible(exam is not None)
        self.retranslate()

    def _clear(self) -> None:
        """An empty form for a new exam, with a new seed."""
        self._editing(None)
        self.title_edit.clear()
        self.check_skills([])
        self.same_questions.setChecked(False)
        self.new_seed()
        self._dates_from(None, None)

    # Shadows QWidget.create(), Qt's native window creation, which nothing here calls.
    def create(self) -> Exam | None:  # type: ignore[override]
        """Store the exam (or the edited exam's new version); said inline either way."""
        parts = [ExamPart(skill, self.rounds.value(), self.round_way.currentData())
                 if is_round_item(skill) else
                 ExamPart(skill, self.per_skill.value(), self.difficulty.currentData())
                 for skill in self.checked_skills()]
        edited = self.editing
        try:
            if edited is not None:
                exam = edit_exam(self._store, self._actor, edited.id, self.title_edit.text(),
                                 parts, self.seed, self.time_limit.value() * 60,
                                 Decimal(self.pass_mark.value()),
                                 pin_required=self.pin_required.isChecked(),
                                 opens=self.opens.moment(), closes=self.closes.moment(),
                                 same_questions=self.same_questions.isChecked())
            else:
                exam = create_exam(self._store, self._actor, self.title_edit.text(), parts,
                                   self.seed, self.time_limit.value() * 60,
                                   Decimal(self.pass_mark.value()),
                                   pin_required=self.pin_required.isChecked(),
                                   opens=self.opens.moment(), closes=self.closes.moment(),
                                   same_questions=self.same_questions.isChecked())
        except StoreError as error:
            self._say(error.message, problem=True)
            return None
        self._clear()
        if edited is not None:
            self._say(Message.counted(
                "The exam “{title}” is saved: {count} question. It takes the place of the "
                "exam as it was.",
                "The exam “{title}” is saved: {count} questions. It takes the place of the "
                "exam as it was.", exam.questions, title=exam.title))
        else:
            self._say(Message.of(N_("The exam “{title}” is ready: {count} questions."),
                                 title=exam.title, count=exam.questions))
        self.examCreated.emit(exam)
        return exam

    def _dates_from(self, opens_at: str | None, closes_at: str | None) -> None:
        """The dates of an exam, or none (offered: from the next hour, for a week)."""
        hour = datetime.now(UTC).replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
        self.opens.set_moment(opens_at, hour)
        self.closes.set_moment(closes_at, hour + timedelta(days=7))

    def _say(self, message: Message | None, problem: bool = False) -> None:
        self._message, self._message_is_problem = message, problem
        self._show_message()

    def _show_message(self) -> None:
        self.message.setObjectName("error" if self._message_is_problem else "hint")
        restyle(self.message)
        self.message.setText(str(self._message) if self._message else "")
