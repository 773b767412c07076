"""A table settled place by place in chips, as the croupier walks it (:mod:`questions.walks`).

The places with a bet stand in a row, each with its stake. The trainee picks the place to
settle next (a click on it, on the table drawing, or its number: 2–9, and 0 for place 10),
the way — pay (P), collect (R) or nothing changes hands (O) — and, to pay or collect, puts
its chips down on the chip tray under them (:class:`ui.answers.chips.ChipTray`: a letter per
chip, Backspace, the change typed beside; a win the house pays gross also takes the
commission back, T). Enter settles the place; its line joins the settlement below, in the
order given, and U takes the last place settled back into the tray. Once every place is
settled, Enter (or Check) checks the whole settlement. After the verdict each line is
marked right or wrong, the rules core's step under a wrong one.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from i18n import _
from questions import Question, UnreadableAnswer, Verdict
from questions.chip_situation import PAY, PAY_GROSS, InChipsSituation, Way
from questions.chips import TAKEN
from questions.mahjong_baccarat.situations import hand_text, hands_of
from questions.model import AnswerForm, AnswerKind
from questions.walks import (
    COLLECT,
    NOTHING,
    read_steps,
    step_scores,
    step_words,
    steps_of,
    walk_words,
)
from trainer.rules.house import CommissionInChips
from trainer.rules.table import BANKER_PLACE
from ui.answers.chips import WAY_KEYS as BET_KEYS
from ui.answers.chips import ChipTray
from ui.answers.common import (
    ENTER_KEYS,
    STYLE,
    AnswerControl,
    key_char,
    mark,
    verdict_prefix,
)
from ui.answers.option_button import OptionButton
from ui.palette import styled
from ui.widgets.flow import FlowLayout

#: The key of each way, the same in every language (not a chip's letter, T, N or a digit):
#: a bet's P and R, and O for nothing.
WAY_KEYS = {**BET_KEYS, NOTHING: "O"}
#: The key that takes the last place settled back.
UNDO_KEY = "U"

_STYLE = STYLE + """
QPushButton#option:checked { background: $checked_back; border: 2px solid $accent; }
QPushButton#option:checked QLabel { font-weight: 600; }
"""


def place_key(place: int) -> str:
    """A place's key: its number, 0 for place 10."""
    return str(place % 10)


class PlaceTray(ChipTray):
    """The chip tray of the place being settled: its Enter settles the place (the walk
    decides), and the part taken back shows only while a win is paid."""

    def __init__(self, question: Question, walk: SettlementWalk):
        self.walk = walk
        super().__init__(question, walk)
        self.says_nothing_taken = False
        self.check_button.hide()
        self.hint.hide()

    def submit(self) -> None:
        self.walk.settle()

    def _ready(self) -> bool:
        return True  # no chips: the walk says to put them down, or that nothing moves

    def handles_key(self, event: QKeyEvent) -> bool:
        return super().handles_key(event) or self.walk.handles_key(event)

    def key_pressed(self, widget: QWidget, event: QKeyEvent) -> bool:
        if self.walk.walk_key(event):
            return True
        return super().key_pressed(widget, event)


class WalkSide(QWidget):
    """The walk's ways, tray and buttons, wherever they stand: the keys pressed there are
    the walk's (no window shortcut takes them) even beside the table, outside the walk."""

    def __init__(self, walk: SettlementWalk):
        super().__init__(walk)
        self.walk = walk
        styled(self, _STYLE)  # the walk's look, outside the walk as well

    def event(self, event: QEvent) -> bool:
        return self.walk.claims_shortcut(event) or super().event(event)


class SettlementWalk(AnswerControl):
    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        if not isinstance(question.situation, InChipsSituation):
            raise TypeError(f"{question.skill}: a walk settles a chip form's table")
        #: The table settled in chips (Mahjong Baccarat's situation, and the way).
        self.table: InChipsSituation[Any] = question.situation
        styled(self, _STYLE)
        self.places = [int(option.value) for option in question.form.options]  # places
        self.labels = {option.value: option.label for option in question.form.options}
        #: Each place's tiles, beside its stake on its button (the table need not be looked
        #: up at to settle it), and the banker's, in the title above them.
        self.hands = {place: hand_text(hand)
                      for place, hand in hands_of(self.table.typed).items()}
        self.steps: list[dict[str, Any]] = []
        self.place: int | None = None
        self.way: str | None = None
        self.gross = question.rules.chips.commission is CommissionInChips.GROSS
        self._verdict: Verdict | None = None

        self.places_title, self.way_title, self.steps_title = QLabel(), QLabel(), QLabel()
        for title in (self.places_title, self.way_title, self.steps_title):
            title.setObjectName("tierTitle")
        self.place_buttons = {place: OptionButton(place_key(place)) for place in self.places}
        self.way_buttons = {way: OptionButton(key) for way, key in WAY_KEYS.items()}
        for place, button in self.place_buttons.items():
            button.setCheckable(True)
            button.clicked.connect(lambda _checked=False, p=place: self.pick_place(p))
        for way, button in self.way_buttons.items():
            button.setCheckable(True)
            button.clicked.connect(lambda _checked=False, w=way: self.pick_way(w))
        self.take_keys_of(*self.place_buttons.values(), *self.way_buttons.values())
        self.tray = self._new_tray()
        self.step_lines: list[QLabel] = []
        self.steps_box = QVBoxLayout()
        self.steps_box.setSpacing(2)
        self.none_yet = QLabel()
        self.none_yet.setObjectName("answerHint")
        self.steps_box.addWidget(self.none_yet)
        self.settle_button = OptionButton("↵")
        self.settle_button.clicked.connect(self.settle)
        self.undo_button = OptionButton(UNDO_KEY)
        self.undo_button.clicked.connect(self.undo)
        self.take_keys_of(self.settle_button, self.undo_button, self.check_button)
        self.hint = QLabel()
        self.hint.setObjectName("howTo")
        self.hint.setWordWrap(True)
        self.notes = QLabel()
        self.notes.setObjectName("answerHint")
        self.notes.setWordWrap(True)
        self.notes.hide()
        self._lay_out()
        self.retranslate()

    def _new_tray(self) -> PlaceTray:
        way: Way = PAY_GROSS if self.gross else PAY
        asked = dataclasses.replace(self.question,
                                    situation=dataclasses.replace(self.table, in_chips=way),
                                    form=AnswerForm(AnswerKind.CHIPS))
        tray = PlaceTray(asked, self)
        tray.allow_taking_back(self.way != COLLECT)
        tray.setEnabled(self.way != NOTHING)
        return tray

    def _lay_out(self) -> None:
        """The places, then the steps given; between them the side — the ways, the tray and
        the buttons that settle — unless the holder takes it beside the table
        (:meth:`take_side`)."""
        self.place_row = QWidget()
        place_flow = FlowLayout(self.place_row, spacing=6)
        place_flow.setContentsMargins(0, 0, 0, 0)
        for button in self.place_buttons.values():
            place_flow.addWidget(button)
        # the rows wrap in a narrow column rather than cut their buttons
        self.way_row = QWidget()
        ways = FlowLayout(self.way_row, spacing=6)
        ways.setContentsMargins(0, 0, 0, 0)
        for button in self.way_buttons.values():
            ways.addWidget(button)
        self.button_row = QWidget()
        buttons = FlowLayout(self.button_row, spacing=6)
        buttons.setContentsMargins(0, 0, 0, 0)
        for control in (self.settle_button, self.undo_button, self.check_button):
            buttons.addWidget(control)
        self.side = WalkSide(self)
        self.side_layout = QVBoxLayout(self.side)
        self.side_layout.setContentsMargins(0, 0, 0, 0)
        self.side_layout.setSpacing(4)
        for widget in (self.way_title, self.way_row, self.tray, self.button_row, self.problem):
            self.side_layout.addWidget(widget)  # a problem is said where Enter was pressed
        self.side_layout.addStretch(1)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(4)
        for widget in (self.places_title, self.place_row, self.side, self.steps_title):
            self.layout_.addWidget(widget)
        self.layout_.addLayout(self.steps_box)
        for widget in (self.notes, self.hint):
            self.layout_.addWidget(widget)

    def take_side(self) -> QWidget | None:
        """The ways, the tray and the buttons that settle, for the holder to put beside the
        table: the place being settled, its tiles and its chips are then seen together."""
        self.layout_.removeWidget(self.side)
        self.side.setParent(None)
        return self.side

    def retranslate(self) -> None:
        super().retranslate()
        self.places_title.setText(_("Places with a bet (the banker holds {tiles})").format(
            tiles=self.hands.get(BANKER_PLACE, "")))
        self.way_title.setText(_("Settle the place"))
        # the rows' names group their buttons for a screen reader, as the titles do on screen
        self.place_row.setAccessibleName(_("Places with a bet"))
        self.way_row.setAccessibleName(self.way_title.text())
        self.steps_title.setText(_("Your settlement, in order"))
        self.none_yet.setText(_("No place settled yet"))
        self.way_buttons[PAY].set_label(_("Pay it"))
        self.way_buttons[COLLECT].set_label(_("Collect from it"))
        self.way_buttons[NOTHING].set_label(_("Nothing changes hands"))
        self.undo_button.set_label(_("Take back the last place"))
        self.hint.setText(_("Pick the place to settle next (click it, or press its number: 0 "
                            "is place 10), pay it, collect from it or say that nothing "
                            "changes hands, put its chips down, then press Enter. U takes "
                            "the last place back. Once every place is settled, Enter "
                            "checks."))
        self.tray.retranslate()
        self._refresh()

    # Building the settlement -------------------------------------------------------------

    def settled(self) -> set[int]:
        return {step["place"] for step in self.steps}

    def pick_place(self, place: int) -> None:
        if self.answered or place not in self.places or place in self.settled():
            self._refresh()
            return
        self.place = place
        self.set_problem("")
        self._refresh()

    def pick_way(self, way: str) -> None:
        if self.answered:
            return
        self.way = way
        self.tray.allow_taking_back(way != COLLECT)
        self.tray.setEnabled(way != NOTHING)
        self.set_problem("")
        self._refresh()
        if way != NOTHING:
            self.tray.focus_first()

    def take_option(self, value: Any) -> bool:
        if value in self.places:
            self.pick_place(value)
            return True
        return False

    def settle(self) -> None:
        """Settle the picked place the picked way with the chips in the tray; once every
        place is settled, check."""
        if self.answered:
            return
        if len(self.steps) == len(self.places):
            self.submit()
            return
        if self.place is None:
            self.set_problem(_("Pick the place you settle next: click it or press its "
                               "number."))
            return
        if self.way is None:
            self.set_problem(_("Pay the place, collect from it, or say that nothing changes "
                               "hands (P, R or O)."))
            return
        if self.way == NOTHING:
            step: dict[str, Any] = {"place": self.place, "way": NOTHING}
        else:
            paid = self.tray.answer()
            if paid is None:  # the change is wrong: the tray says why
                return
            if not any(paid["chips"].values()) and not paid["change"] and TAKEN not in paid:
                self.set_problem(_("Put the chips down, or say that nothing changes hands."))
                return
            step = {"place": self.place, "way": self.way, **paid}
        self.steps.append(step)
        self.place = self.way = None
        self._replace_tray()
        self._refresh()
        if len(self.steps) == len(self.places):
            self.check_button.setFocus(Qt.FocusReason.OtherFocusReason)  # Enter checks
        else:
            self.focus_first()

    def undo(self) -> None:
        """Take the last place settled back: its place, way and chips come back."""
        if self.answered or not self.steps:
            return
        step = self.steps.pop()
        self.place, self.way = step["place"], step["way"]
        self._replace_tray()
        if self.way != NOTHING:
            self.tray.show_given({k: v for k, v in step.items() if k not in ("place", "way")})
        self._refresh()

    def _replace_tray(self) -> None:
        old = self.tray
        self.tray = self._new_tray()
        self.side_layout.replaceWidget(old, self.tray)
        old.hide()
        old.deleteLater()
        self.tray.retranslate()

    def answer(self) -> dict[str, Any] | None:
        if len(self.steps) != len(self.places):
            self.set_problem(_("Settle every place that has a bet, once each: pay it, collect "
                               "from it, or say that nothing changes hands."))
            return None
        return {"steps": [dict(step) for step in self.steps]}

    def _refresh(self) -> None:
        settled = self.settled()
        for place, button in self.place_buttons.items():
            label = _("{place} · tiles {tiles}").format(place=self.labels[place],
                                                        tiles=self.hands.get(place, ""))
            button.set_label(_("{place} — settled").format(place=label)
                             if place in settled else label)
            button.setChecked(place == self.place)
            button.setEnabled(not self.answered and place not in settled)
        for way, button in self.way_buttons.items():
            button.setChecked(way == self.way)
            button.setEnabled(not self.answered)
        done = len(self.steps) == len(self.places)
        if self.place is None:
            self.settle_button.set_label(_("Settle the place"))
        else:
            self.settle_button.set_label(_("Settle place {place}").format(place=self.place))
        self.settle_button.setEnabled(not self.answered and not done)
        self.undo_button.setEnabled(not self.answered and bool(self.steps))
        self.check_button.setEnabled(not self.answered and done)
        self.tray.setVisible(not self.answered and not done)
        for widget in (self.way_title, self.way_row, self.button_row):
            widget.setVisible(not self.answered)
        self._show_steps()

    def _show_steps(self, marks: list[str] | None = None,
                    expected: list[str] | None = None) -> None:
        """The places settled, in order; after the verdict each marked, the rules core's
        step under a wrong one."""
        for line in self.step_lines:
            self.steps_box.removeWidget(line)
            line.hide()
            line.deleteLater()
        self.step_lines = []
        for index, step in enumerate(self.steps):
            said = walk_words(self.question, {"steps": [step]})
            text = f"{index + 1}. {said if said is not None else step}"
            verdict = marks[index] if marks and index < len(marks) else None
            if verdict == "wrong" and expected and index < len(expected):
                text += "\n" + _("The right step here: {step}").format(step=expected[index])
            line = QLabel(verdict_prefix(verdict) + text)
            line.setObjectName("walkStep")
            line.setWordWrap(True)
            mark(line, verdict)
            self.steps_box.addWidget(line)
            self.step_lines.append(line)
        self.none_yet.setVisible(not self.steps)
        self.updateGeometry()  # the panel's scroll area asks again how tall the walk is

    # Keys ----------------------------------------------------------------------------------

    def handles_key(self, event: QKeyEvent) -> bool:
        letter = key_char(event)
        return (event.key() in ENTER_KEYS or letter in WAY_KEYS.values() or letter == UNDO_KEY
                or (letter is not None and letter.isdigit()
                    and self._place_of(letter) is not None))

    def walk_key(self, event: QKeyEvent) -> bool:
        """The walk's own keys (a place's number, a way, U), wherever they are pressed."""
        letter = key_char(event)
        if letter is None or event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            return False
        if letter.isdigit() and (place := self._place_of(letter)) is not None:
            self.pick_place(place)
            return True
        for way, key in WAY_KEYS.items():
            if letter == key:
                self.pick_way(way)
                return True
        if letter == UNDO_KEY:
            self.undo()
            return True
        return False

    def _place_of(self, digit: str) -> int | None:
        return next((place for place in self.places if place_key(place) == digit), None)

    def key_pressed(self, widget: QWidget, event: QKeyEvent) -> bool:
        if self.walk_key(event):
            return True
        if event.key() in ENTER_KEYS:
            self.settle()
            return True
        return False

    def focus_first(self) -> None:
        button = next((b for b in self.place_buttons.values() if b.isEnabled()), None)
        (button or self).setFocus(Qt.FocusReason.OtherFocusReason)

    # Verdict -------------------------------------------------------------------------------

    def show_given(self, given: Any) -> None:
        self.steps = _recorded(given) or []
        self.place = self.way = None
        self._refresh()

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """Each step marked against the rules core's step at that point of the order."""
        self._verdict = verdict
        recorded = _recorded(given)
        if recorded is not None:  # the steps as recorded (a review shows them anew)
            self.steps = recorded
        self.stop_taking_answers([])
        self._refresh()
        expected = steps_of(verdict.expected)
        currency = self.question.rules.chips.currency.value
        try:
            scores = step_scores(read_steps(self.question, given), expected,
                                 self.question.rules.chips.fewest)
            marks = ["right" if score > 0 else "wrong" for score in scores]
        except UnreadableAnswer:
            marks = ["right" if verdict.correct else "wrong"] * len(self.steps)
        self._show_steps(marks, [str(step_words(step, currency)) for step in expected])
        self.notes.setText("\n".join(str(note) for note in verdict.notes))
        self.notes.setVisible(bool(verdict.notes))


def _recorded(given: Any) -> list[dict[str, Any]] | None:
    """The steps of a recorded walk (None when it holds no list of steps)."""
    steps = given.get("steps") if isinstance(given, dict) else None
    if not isinstance(steps, list):
        return None
    return [dict(step) for step in steps if isinstance(step, dict)]
