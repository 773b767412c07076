"""The Mahjong Baccarat table of a round, drawn from the engine's view of it at the current
step (:func:`trainer.rounds.mahjong_baccarat.view.table_view`).

The quiz's table (:class:`ui.situation.baccarat_table.BaccaratTable`) draws the places, the
bets, the tiles, the dice and the capital; this one says what to draw from the round: the
stacks dealt so far face down, the tiles opened, who won at each place and the money paid
or collected there, and in the middle the dice once shaken, the capital, the commission and
the next bank. Every place can be clicked (``optionPicked`` with its number): the place an
action names; the place being chosen has a blue halo.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QKeyEvent, QPainter
from PySide6.QtWidgets import QWidget

from i18n import N_, Message, _, format_money
from questions import AnswerForm, AnswerKind, Option, Question
from questions.situation import Situation
from trainer.rounds.mahjong_baccarat.view import TableView
from trainer.rules.mahjong_baccarat import PLACES
from trainer.rules.table import BANKER_PLACE
from ui.drawing.tiles import paint_tile_row
from ui.situation import mahjong_canvas as canvas
from ui.situation.baccarat_table import BaccaratTable

WON = QColor("#cfe8d6")
LOST = QColor("#f3d2cc")


def _places_to_pick() -> Question:
    """What the quiz's table is drawn from, for a round: no situation of its own (the
    round's view gives it) and every place an option, so that each can be clicked."""
    return Question("mahjong_baccarat.round", 0, 1, Situation(),
                    Message.of(N_("Choose a place")),
                    AnswerForm(AnswerKind.CHOICE, tuple(
                        Option(place, Message.of(N_("Place {place}"), place=place))
                        for place in range(1, PLACES + 1))))


class RoundTable(BaccaratTable):
    def __init__(self, view: TableView, parent: QWidget | None = None):
        self.view = view
        self.chosen: int | None = None
        super().__init__(_places_to_pick(), parent)

    def places(self) -> int:
        return PLACES

    def banker(self) -> int:
        return BANKER_PLACE  # places are counted from the banker's, in a round as everywhere

    def place_centre(self, place: int) -> QPointF:
        """Where a click names ``place``."""
        return self.place_rect(self.table_rect(QRectF(self.rect())), place).center()

    def show_view(self, view: TableView, chosen: int | None = None) -> None:
        self.view, self.chosen = view, chosen
        self.update()

    def bets(self) -> dict[int, Decimal]:
        return dict(self.view.bets)

    def asked_place(self) -> int | None:
        return self.chosen

    def shows_hand(self, place: int) -> bool:
        return place in self.view.dealt

    def paint_hand(self, painter: QPainter, box: QRectF, place: int) -> None:
        if not self.shows_hand(place) or box.height() <= 0:
            return
        tiles = self.view.opened.get(place)
        paint_tile_row(painter, box, [tile.value for tile in tiles] if tiles else [None, None],
                       face_up=tiles is not None, baccarat=True, gap=0.1)

    def place_tags(self, place: int) -> list[tuple[str, QColor]]:
        tags = [(_("Needs a ruling"), canvas.NOTE)] if place == self.view.asking else []
        ruling = self.view.rulings.get(place)
        if ruling is not None:
            tags.append((_("Player wins") if ruling == "player" else _("Banker wins"),
                         WON if ruling == "player" else LOST))
        settled = self.view.settled.get(place)
        if settled is not None:
            tags.append((_("Paid {amount}").format(amount=format_money(settled)) if settled > 0
                         else _("Collected {amount}").format(amount=format_money(-settled)),
                         WON if settled > 0 else LOST))
        return tags

    def paint_middle(self, painter: QPainter, box: QRectF) -> None:
        """The dice on the left once shaken, the capital on the right; under them what the
        round has come to (the commission, the next bank)."""
        notes = self._notes()
        high = box.height() * (0.7 if notes else 1)
        half = box.width() / 2
        if self.view.dice is not None:
            self.paint_dice(painter, QRectF(box.left(), box.top(), half, high),
                            list(self.view.dice))
        self.paint_capital(painter, QRectF(box.left() + half, box.top(), half, high),
                           self.view.capital)
        if notes:
            canvas.note_box(painter, QRectF(box.left(), box.top() + high, box.width(),
                                            box.height() - high), notes,
                            pixels=self.unit() * 1.3)

    def _notes(self) -> list[str]:
        notes = []
        if self.view.commission is not None:
            notes.append(_("Commission taken: {amount}").format(
                amount=format_money(self.view.commission)))
        bank = self.view.next_bank
        if bank is not None:
            place, *capital = bank.values
            notes.append(_("Nobody banks next") if place == "none" else
                         _("Place {place} banks next").format(place=place) if not capital else
                         _("Place {place} banks next, with {capital}").format(
                             place=place, capital=format_money(Decimal(capital[0]))))
        return notes

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Every key is the round screen's (Enter confirms the action, digits name a
        place), not the quiz's picking of a place by arrows and Enter."""
        event.ignore()

    def describe(self) -> str:
        return _("Mahjong Baccarat table: ten places counterclockwise, the banker at place "
                 "{place}; click a place to name it in an action.").format(place=1)
