"""A table round on screen: the trainee is the croupier of a round of any game the round
engine deals; what the screen needs of the game is its kit (:mod:`ui.rounds.kits`).

The table is drawn from the engine's view after the steps played so far; beside it, what
happens now (the scene, an incident as it happens), the hint (learn: always; guided: H), the
verdict on the last step with its article, and the buttons. Each action is put together
(:mod:`ui.rounds.draft`) and sent in the engine's text form to ``RoundPlay.give`` with the
time since the round started: the screen owns the clock, the engine has none. In
table-ready mode verdicts are kept until the round ends, then the whole round is reviewed.

Keyboard: the letter on each button; a place's number (1 then 0 is place 10; 0 alone for
the next bank is nobody); F2 or Ctrl+I calls, then the kind's number (0: 10th); once called, the
ruling's number; Enter or Space confirms (an action that wants an amount goes to the amount
box first); Escape starts the action again; H a hint (guided). An action that sets cards in
tiers (the 13-card banker's hand) shows them in place of the table (:mod:`ui.rounds.setting`).

Each step is recorded the moment it is given, as the trainee's answer to its skill
(:class:`trainer.progress.table_rounds.recording.RoundRecording`); a step the store refuses
is said on the message line and kept to be stored with the next one. Leaving a round before
its end therefore loses nothing (:meth:`RoundScreen.leaving_message` says so), and a round
resumed (:mod:`trainer.progress.table_rounds.resume`) opens at the step it was left at:
the table drawn from the steps given, their verdicts kept, the clock going on from the
last step's time.
"""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from i18n import N_, Message, _
from trainer.progress.reports.figures import game_name
from trainer.progress.table_rounds.recording import RoundRecording
from trainer.rounds.actions import UnreadableAction
from trainer.rounds.play import Round, RoundPlay, StepVerdict
from ui.modes.base import clock_text
from ui.rounds.controls import ActionControls
from ui.rounds.draft import NOBODY, Draft, NotReady
from ui.rounds.game_table import GameTable
from ui.rounds.kits import KITS
from ui.rounds.review import review_html, verdict_html
from ui.rounds.setting import BankerSetting
from ui.rounds.ways import mode_name
from ui.rulebook.links import followable
from ui.widgets.announce import announce, plain
from ui.widgets.page import Page

_CONFIRM = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
_DIGITS = {getattr(Qt.Key, f"Key_{n}"): n for n in range(10)}


def _wrapped(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    return label


class RoundScreen(Page):
    """``backRequested`` when the trainee goes home; ``roundFinished`` once the last step
    is given. ``verdicts_at_end``: keep the verdicts until the round ends whatever the way
    it is played (an exam's round); by default, as the way says."""

    backRequested = Signal()  # noqa: N815
    roundFinished = Signal()  # noqa: N815

    def __init__(self, round_: Round[Any], recording: RoundRecording | None = None,
                 parent: QWidget | None = None, *, verdicts_at_end: bool | None = None,
                 played: RoundPlay[Any] | None = None, since_ms: int = 0):
        super().__init__(parent)
        self.verdicts_at_end = (round_.mode.verdicts_at_end if verdicts_at_end is None
                                else verdicts_at_end)
        self.kit = KITS[round_.game]
        self.played = played if played is not None else RoundPlay(round_)
        self.recording = recording
        self.draft = Draft(self.kit)
        self.asked_hint = False
        self.last: StepVerdict | None = self.played.verdicts[-1] if self.played.verdicts \
            else None
        self._kept_width = -1  # the column's width the words' heights were kept at
        self.problem: Message | str | None = None
        self.clock = QElapsedTimer()
        self.since_ms = since_ms  # the time taken before the round was resumed
        self.taken_ms = 0
        self.saved = False  # left before its end with every step given stored
        self.left_problem: Message | None = None  # the store refused a step as it was left
        self.ticker = QTimer(self)  # the time taken, shown twice a second
        self.ticker.timeout.connect(self._show_time)
        self.back_button = QPushButton()
        self.back_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.back_button.clicked.connect(self.backRequested)
        self.backRequested.connect(self.leave)
        self.time = QLabel()
        self.time.setObjectName("roundTime")
        self.table: GameTable = self.kit.table(round_)
        self.table.optionPicked.connect(lambda place: self._change(self.draft.with_place(place)))
        self.setting: BankerSetting | None = None
        self.left = QStackedWidget()
        self.left.addWidget(cast(QWidget, self.table))
        if self.kit.setting_cards is not None:
            self.setting = BankerSetting(self.kit.setting_cards(round_))
            self.setting.setDone.connect(self.confirm)
            self.left.addWidget(self.setting)
        self.scene, self.hint_text = _wrapped("scene"), _wrapped("roundHint")
        self.scene.setStyleSheet("font-weight: 600")  # what happens now: read it first
        self.verdict = followable(_wrapped("verdict"))
        self.action = _wrapped("draft")
        self.controls = ActionControls(self.kit, round_.rules)
        self.hint_button = QPushButton()
        self.hint_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hint_button.clicked.connect(self.ask_hint)
        self.hint_button.setVisible(round_.mode.hints and not round_.mode.names_steps)
        self._wire()
        self.frame.insertWidget(0, self.back_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.top.addWidget(self.time)
        self.body.addLayout(self._columns(), 1)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.ticker.start(500)
        self.clock.start()
        self.retranslate()

    def _columns(self) -> QHBoxLayout:
        panel = QWidget()
        column = QVBoxLayout(panel)
        column.setContentsMargins(0, 0, 8, 0)
        for widget in (self.scene, self.hint_text, self.hint_button, self.verdict, self.action,
                       self.controls):
            column.addWidget(widget)
        column.addStretch(1)
        scroll = _Column()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(panel)
        self.panel = scroll
        columns = QHBoxLayout()
        columns.addWidget(self.left, 3)
        columns.addWidget(scroll, 2)
        return columns

    def _wire(self) -> None:
        c = self.controls
        for verb, button in c.verbs.items():
            button.clicked.connect(lambda _c=False, v=verb: self._change(
                self.draft.with_button(v)))
        c.call.clicked.connect(self.start_call)
        for kind, button in c.kinds.items():
            button.clicked.connect(lambda _c=False, k=kind: self._change(
                self.draft.with_verb("call", k)))
        for decision, button in c.decisions.items():
            button.clicked.connect(lambda _c=False, d=decision: self._change(
                self.draft.with_verb("decide", d)))
        c.nobody.clicked.connect(self.name_nobody)
        c.confirm.clicked.connect(self.confirm)
        c.amount.installEventFilter(self)
        c.amount.textChanged.connect(lambda _text: self._show_draft())

    # What the trainee does ---------------------------------------------------------------

    def elapsed_ms(self) -> int:
        """The time since the round started (before a resumed round was left, too)."""
        return self.since_ms + int(self.clock.elapsed())

    def start_call(self) -> None:
        self._change(Draft(self.kit, verb="call"))

    def name_nobody(self) -> None:
        """Nobody named, as 0 typed alone names nobody: the action that may name nobody
        (the next bank), begun if another was being put together."""
        verb = self.kit.nobody_verb
        draft = self.draft if self.draft.verb == verb or verb is None else \
            Draft(self.kit).with_verb(verb)
        self._change(draft.with_place(NOBODY))

    def ask_hint(self) -> None:
        self.asked_hint = True
        self._show_step()

    def confirm(self) -> None:
        """Send the action put together; what is missing or unreadable is said, nothing
        is lost (the draft and the amount stay)."""
        if self.played.finished:
            return
        if self.setting is not None and self.draft.verb == self.kit.set_verb:
            self.draft = self.draft.with_cards(self.setting.tiers())
        try:
            line = self.draft.line(self.controls.read_amount())
            self.last = self.played.give(line, self.elapsed_ms())
        except NotReady as missing:
            return self._refuse(missing.message)
        except (UnreadableAction, ValueError) as error:  # MoneyError is a ValueError
            return self._refuse(str(error))
        self.draft, self.asked_hint, self.problem = Draft(self.kit), False, None
        self.controls.amount.clear()
        self._record(self.last)
        if self.played.finished:
            self.taken_ms = self.elapsed_ms()
            self.leave()
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        self._show_step()
        self._announce_step()
        if self.played.finished:
            self.roundFinished.emit()

    def _announce_step(self) -> None:
        """The screen reader says the step's verdict (or that it was noted) and, when the
        next step is an incident, what happens at the table; the focus stays on the table."""
        words = [self.verdict.text()]
        step = None if self.played.finished else self.played.step
        if step is not None and step.incident and step.scene:
            words.append(self.scene.text())
        announce(self.verdict, "\n".join(plain(text) for text in words))

    def _record(self, verdict: StepVerdict) -> None:
        if self.recording is not None:
            problem = self.recording.step(verdict)
            self.say(None if problem is None else problem.message, problem=problem is not None)

    def leave(self) -> None:
        """The round is over or left: the clock stops and what is kept is stored."""
        self.ticker.stop()
        if self.recording is not None:
            problem = self.recording.close()
            if problem is not None:
                self.say(problem.message, problem=True)
            self.left_problem = None if problem is None else problem.message
            self.saved = (problem is None and bool(self.played.verdicts)
                          and not self.played.finished)

    def leaving_message(self) -> Message | None:
        """What to say once the trainee has left: where to resume a round left unfinished
        (each step given is stored already); nothing for a round finished, not begun, or
        not recorded (an exam's)."""
        return Message.of(N_("Saved: you can resume this round from Table round.")) \
            if self.saved else None

    def _refuse(self, problem: Message | str) -> None:
        self.problem = problem
        self._show_draft()

    def _change(self, draft: Draft) -> None:
        setting = self.kit.set_verb is not None and draft.verb == self.kit.set_verb
        was_setting = self.left.currentIndex() == 1
        self.draft, self.problem = draft, None
        self._show_draft()
        if self.setting is not None and setting and not was_setting:
            self.setting.focus_first()
        elif was_setting and not setting:
            self.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not self.press(event):
            super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """In the amount box, letters and Space are the screen's keys (an amount has none);
        Enter confirms."""
        if watched is self.controls.amount and isinstance(event, QKeyEvent) and \
                event.type() == QEvent.Type.KeyPress and event.key() not in _DIGITS:
            return self.press(event)
        return super().eventFilter(watched, event)

    def press(self, event: QKeyEvent) -> bool:
        """Act on a key of the screen; whether it was one."""
        key, text = event.key(), event.text().upper()
        control = event.modifiers() & Qt.KeyboardModifier.ControlModifier
        if key == Qt.Key.Key_F2 or (control and key == Qt.Key.Key_I):
            self.start_call()
        elif key in _CONFIRM:
            self._confirm_or_amount()
        elif key == Qt.Key.Key_Escape:
            self._change(Draft(self.kit))
        elif key in _DIGITS and not control:
            self._digit(_DIGITS[key])
        elif text == "H" and self.hint_button.isVisible():
            self.ask_hint()
        elif len(text) == 1 and not control and (button := self.kit.key_verb(text)):
            self._change(self.draft.with_button(button))
        else:
            return False
        return True

    def _digit(self, digit: int) -> None:
        if self._ruling() and self.draft.verb is None and 1 <= digit <= len(
                self.controls.decisions):
            self._change(Draft(self.kit).with_verb("decide",
                                                   list(self.controls.decisions)[digit - 1]))
        else:
            self._change(self.draft.with_digit(digit))

    def _confirm_or_amount(self) -> None:
        """Enter: to the amount box when the action wants an amount not yet typed, else
        confirm."""
        amount = self.controls.amount
        if self.draft.needs_amount() and not amount.text().strip() and not amount.hasFocus():
            amount.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.confirm()

    # What the screen shows ---------------------------------------------------------------

    def _ruling(self) -> bool:
        """The step after a call: the ruling (the call is applied even when missed)."""
        done = self.played.done()
        return bool(done) and done[-1].verb == "call" and not self.played.finished

    def _show_draft(self) -> None:
        self.table.show_view(self.table.view, self.draft.place
                             if isinstance(self.draft.place, int) else None)
        self.left.setCurrentIndex(int(self.setting is not None
                                      and self.draft.verb == self.kit.set_verb))
        self.controls.show_choices(self.draft.verb == "call" and self.draft.word is None,
                                   self._ruling())
        self.controls.show_classes(self.draft.verb)
        problem = self.problem or self.controls.amount_problem()
        amount = None if problem is not None else self.controls.read_amount()
        said = _("Action: {action}").format(action=self.draft.shown(amount))
        self.action.setText(said if problem is None else f"{said}\n{problem}")
        self.action.setProperty("problem", problem is not None)
        self._keep_heights()

    def _keep_heights(self) -> None:
        """The words above the buttons (what happens, the hint, the verdict, the action)
        keep the height they have needed so far at the column's width, what happens and the
        verdict at least three lines (most say no more): a step that says less moves none
        of the buttons under them, which Qt would paint again (at 200 % some 2–6 ms a
        step). A new width or language measures them afresh."""
        width = self.verdict.width()
        if width != self._kept_width:
            self._kept_width = width
            for label in self._above_buttons():  # what happens and the verdict: 3 lines
                lines = 3 if label in (self.scene, self.verdict) else 0
                label.setMinimumHeight(lines * label.fontMetrics().lineSpacing())
        for label in self._above_buttons():
            if not label.isHidden() and width > 0:
                needed = label.heightForWidth(width) if label.text() else 0
                if needed > label.minimumHeight():
                    label.setMinimumHeight(needed)

    def _above_buttons(self) -> tuple[QLabel, ...]:
        return (self.scene, self.hint_text, self.verdict, self.action)

    def _show_step(self) -> None:
        played, round_ = self.played, self.played.round
        step = None if played.finished else played.step
        self.table.show_view(self.kit.view(round_.table, played.done(),
                                           None if step is None else step.expected))
        self.scene.setText(str(step.scene) if step is not None and step.scene else "")
        hint = played.hint() if round_.mode.names_steps or self.asked_hint else None
        self.hint_text.setText("" if hint is None else _("Next: {hint}").format(hint=hint))
        self.hint_text.setVisible(hint is not None)
        self.controls.setVisible(not played.finished)
        self.hint_button.setVisible(round_.mode.hints and not round_.mode.names_steps
                                    and not played.finished)
        self.verdict.setText(self._verdict_text())
        self._show_draft()
        self._show_time()

    def _verdict_text(self) -> str:
        round_ = self.played.round
        if self.played.finished:
            return review_html(round_, self.played.verdicts, self.taken_ms)
        if self.last is None:
            return ""
        if self.verdicts_at_end:
            return _("Step {step} noted: verdicts come when the round ends.").format(
                step=self.last.step)
        return verdict_html(round_, self.last)

    def _show_time(self) -> None:
        taken = self.taken_ms if self.played.finished else self.elapsed_ms()
        self.time.setText(_("Par {par} · Time {time}").format(
            par=clock_text(self.played.round.par_seconds * 1000), time=clock_text(taken)))

    def retranslate(self) -> None:
        round_ = self.played.round
        self._kept_width = -1  # the words in another language: measured afresh
        self.back_button.setText(_("◀ Home"))
        self.heading.setWordWrap(True)  # a long game's name ("um jogo inteiro") on two lines
        self.heading.setText(_("Table round: {game} · {mode}").format(
            game=game_name(round_.game), mode=mode_name(round_.mode)))
        self.hint.setText(_("You are the croupier. Press an action's key or click it, name "
                            "the place (click it, or type its number), then Enter."))
        self.hint_button.setText(_("Hint (H)"))
        self.controls.retranslate()
        if self.setting is not None:
            self.setting.retranslate()
        self._show_step()
        super().retranslate()


class _Column(QScrollArea):
    """The column beside the table: it scrolls up and down, never sideways, so it is never
    narrower than what it holds (the window scrolls sideways instead, on the smallest)."""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        held = self.widget()
        least = super().minimumSizeHint()
        if held is None:
            return least
        return QSize(held.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
                     + 2 * self.frameWidth(), least.height())
