"""A played table round replayed step by step, for the instructor (and the trainee).

Before step k the table is drawn as the croupier saw it then: the game's view after the
reference actions of the steps before k (a slip never shows a wrong table). Beside it the
scene, the step's name, the action the trainee gave and when, and the verdict as the round
screen gives it (:func:`ui.rounds.review.verdict_html`: the reasons, the article as a link
into the rulebook). The round is read back by
:func:`trainer.progress.table_rounds.history.rounds_played`, each step graded again.

Keys: Left and Right the step before and after, Home the first, End the last, N the next
wrong step; the buttons do the same by mouse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from i18n import _, ngettext
from trainer.progress.reports.figures import game_name
from trainer.progress.table_rounds.history import PlayedRound, PlayedStep
from ui.desk.texts import local_time, seconds_text
from ui.modes.base import clock_text
from ui.rounds.game_table import GameTable
from ui.rounds.kits import KITS
from ui.rounds.review import verdict_html
from ui.rounds.ways import mode_name
from ui.rulebook.links import followable
from ui.translated import Retranslating


def table_before(played: PlayedRound, number: int) -> Any:
    """The game's view of the table just before step ``number`` (1 for the first), or
    ``None`` for a game with no drawing."""
    kit = KITS.get(played.round.game)
    if kit is None:
        return None
    steps = played.round.steps
    return kit.view(played.round.table, [step.expected for step in steps[:number - 1]],
                    steps[number - 1].expected)


def ending_text(played: PlayedRound) -> str:
    """Finished, or the step the trainee left the round at (and discarded it)."""
    if played.finished:
        return _("Finished")
    if played.abandoned:
        return _("Discarded at step {step} of {steps}").format(step=len(played.steps) + 1,
                                                               steps=len(played.round.steps))
    return _("Left at step {step} of {steps}").format(step=len(played.steps) + 1,
                                                      steps=len(played.round.steps))


def right_text(played: PlayedRound) -> str:
    return _("{right} of {steps} right").format(right=played.right, steps=len(played.steps))


def time_text(played: PlayedRound) -> str:
    return _("{time} (par {par})").format(time=clock_text(played.taken_ms),
                                          par=clock_text(played.round.par_seconds * 1000))


def _wrapped(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    return label


class RoundReplay(Retranslating, QWidget):
    """One played round, a step at a time; ``stepShown`` with the step's number."""

    stepShown = Signal(int)  # noqa: N815

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.played: PlayedRound | None = None
        self.trainee = ""
        self.number = 1
        self.table: GameTable | None = None
        self.title = _wrapped("skillTitle")
        self.details = _wrapped("hint")
        self.position = _wrapped("replayPosition")
        self.position.setStyleSheet("font-weight: 600")
        self.scene = _wrapped("scene")
        self.step_name = _wrapped("stepName")
        self.given = _wrapped("given")
        self.verdict = followable(_wrapped("verdict"))
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.buttons = {name: QPushButton() for name in ("first", "previous", "next", "last",
                                                           "wrong")}
        self.table_place = QHBoxLayout()
        self._wire()
        self._layout()
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.retranslate()

    def _wire(self) -> None:
        moves: dict[str, tuple[str, Callable[[], None]]] = {
            "first": ("Home", self.first), "previous": ("Left", self.previous),
            "next": ("Right", self.next), "last": ("End", self.last),
            "wrong": ("N", self.next_wrong)}
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for name, (key, move) in moves.items():
            button = self.buttons[name]
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay the replay's
            button.clicked.connect(move)
            QShortcut(QKeySequence(key), self, context=context).activated.connect(move)

    def _layout(self) -> None:
        moving = QHBoxLayout()
        moving.addWidget(self.position, 1)
        for button in self.buttons.values():
            moving.addWidget(button)
        panel = QWidget()
        column = QVBoxLayout(panel)
        column.setContentsMargins(0, 0, 8, 0)
        for widget in (self.step_name, self.scene, self.given, self.verdict):
            column.addWidget(widget)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(panel)
        columns = QHBoxLayout()
        columns.addLayout(self.table_place, 3)
        columns.addWidget(scroll, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.details)
        layout.addLayout(moving)
        layout.addLayout(columns, 1)

    # Which step --------------------------------------------------------------------------

    def show_round(self, played: PlayedRound, trainee: str = "", number: int = 1) -> None:
        """Replay ``played`` (``trainee``: whose it is) from step ``number``."""
        self.played, self.trainee = played, trainee
        if self.table is not None:
            cast(QWidget, self.table).deleteLater()
        kit = KITS.get(played.round.game)
        self.table = None if kit is None else kit.table(played.round)
        if self.table is not None:
            self.table_place.addWidget(cast(QWidget, self.table))
        self.go(number)

    @property
    def steps(self) -> tuple[PlayedStep, ...]:
        return self.played.steps if self.played is not None else ()

    def go(self, number: int) -> None:
        """Show step ``number``, kept within the steps given."""
        if not self.steps:
            return
        self.number = min(max(number, 1), len(self.steps))
        self.retranslate()
        self.stepShown.emit(self.number)

    def first(self) -> None:
        self.go(1)

    def previous(self) -> None:
        self.go(self.number - 1)

    def next(self) -> None:
        self.go(self.number + 1)

    def last(self) -> None:
        self.go(len(self.steps))

    def next_wrong(self) -> None:
        """The next wrong step after this one (none: it stays)."""
        number = self._next_wrong()
        if number is not None:
            self.go(number)

    def _next_wrong(self) -> int | None:
        return next((n for n, step in enumerate(self.steps, 1)
                     if n > self.number and not step.verdict.correct), None)

    # What it shows -----------------------------------------------------------------------

    def retranslate(self) -> None:
        self.buttons["first"].setText(_("First (Home)"))
        self.buttons["previous"].setText(_("◀ Previous (←)"))
        self.buttons["next"].setText(_("Next (→) ▶"))
        self.buttons["last"].setText(_("Last (End)"))
        self.buttons["wrong"].setText(_("Next wrong (N)"))
        played = self.played
        if played is None or not played.steps:
            return
        round_ = played.round
        self.title.setText(_("Table round: {game} · {mode}").format(
            game=game_name(round_.game), mode=mode_name(round_.mode)))
        facts = [_("Trainee: {name}").format(name=self.trainee)] if self.trainee else []
        facts += [_("Started on {moment}").format(moment=local_time(played.started_at)),
                  right_text(played), _("Time {time}").format(time=time_text(played)),
                  ending_text(played)]
        self.details.setText(" · ".join(facts))
        self._show_step(played, self.steps[self.number - 1])

    def _show_step(self, played: PlayedRound, shown: PlayedStep) -> None:
        round_, number = played.round, self.number
        step = round_.steps[number - 1]
        self.position.setText(ngettext(
            "Step {step} of {given} given", "Step {step} of {given} given",
            len(self.steps)).format(step=number, given=len(self.steps)))
        self.step_name.setText(_("Step {step}: {name}").format(step=number, name=step.name))
        self.scene.setText(str(step.scene) if step.scene else "")
        self.scene.setVisible(bool(step.scene))
        verdict = shown.verdict
        moment = (_("at {time} into the round").format(time=clock_text(verdict.at_ms))
                  if verdict.at_ms is not None else _("answered on {moment}").format(
                      moment=local_time(shown.answered_at)))
        self.given.setText(_("Action given: {action}, {moment}, {seconds} s after the step "
                             "before.").format(action=str(verdict.given), moment=moment,
                                               seconds=seconds_text(shown.response_ms)))
        then = ""
        if shown.correct_then != verdict.correct:
            then = "<p>" + (_("It was marked right when it was given.") if shown.correct_then
                            else _("It was marked wrong when it was given.")) + "</p>"
        self.verdict.setText(verdict_html(round_, verdict) + then)
        self.setAccessibleName(self.position.text())  # what the focused replay reads out
        self.setAccessibleDescription(f"{self.step_name.text()} {self.given.text()}")
        if self.table is not None:
            self.table.show_view(table_before(played, number))
        self.buttons["first"].setEnabled(number > 1)
        self.buttons["previous"].setEnabled(number > 1)
        self.buttons["next"].setEnabled(number < len(self.steps))
        self.buttons["last"].setEnabled(number < len(self.steps))
        self.buttons["wrong"].setEnabled(self._next_wrong() is not None)
