"""The Mahjong Baccarat table of a round, drawn from the engine's view of it at the current
step (:func:`trainer.rounds.mahjong_baccarat.view.table_view`).

The quiz's table (:class:`ui.situation.baccarat_table.BaccaratTable`) draws the places, the
bets, the tiles, the dice and the capital; this one says what to draw from the round: the
stacks dealt so far face down, the tiles opened, who won at each place and the money paid
or collected there, and in the middle the dice once shaken, the capital, the commission and
the next bank. Every place can be clicked (``optionPicked`` with its number): the place an
action names; the place being chosen has a blue halo.

A step changes one place or two: each place is drawn once into a picture kept by what it
shows (its part of the view, the halo, the hover, the size, the language), and the others
are copied from theirs, so a step is drawn within a frame (``bench_round_drawing.py``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QKeyEvent, QPainter
from PySide6.QtWidgets import QWidget

import i18n
from i18n import N_, Message, _, format_money
from questions import AnswerForm, AnswerKind, Option, Question
from questions.situation import Situation
from trainer.rounds.mahjong_baccarat.view import TableView
from trainer.rules.mahjong_baccarat import PLACES
from trainer.rules.table import BANKER_PLACE
from ui.drawing.tiles import paint_tile_row
from ui.palette import swatch
from ui.rounds.pictures import Pictures, repaint_changed
from ui.situation import mahjong_canvas as canvas
from ui.situation.baccarat_table import BaccaratTable

WON = swatch("won")
LOST = swatch("lost")


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
        #: Each place's picture, the middle's and the felt's (with the way of deal), by what
        #: each shows: a paint copies them (a picture of the whole table on top of them would
        #: cost a step more than it saves a paint that changes nothing).
        self._pictures = Pictures()
        super().__init__(_places_to_pick(), parent)

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        """The quiz table's drawing, the felt and the way of deal copied from their picture."""
        table = self.table_rect(area)

        def felt(on: QPainter) -> None:
            canvas.paint_felt(on, table, oval=False)
            self.paint_direction(on, self.middle_rect(table))

        self._pictures.draw(painter, "felt", area, self.unit(), felt)
        for place in range(1, self.places() + 1):
            self.paint_place(painter, table, place)
        self.paint_middle(painter, self.middle_rect(table))

    def _shows(self, place: int) -> tuple[Any, ...]:
        """Everything a place's picture depends on but where it is."""
        view = self.view
        return (self.unit(), i18n.current_language(),
                view.bets.get(place), place in view.dealt, view.opened.get(place),
                view.exposed.get(place),
                view.rulings.get(place), view.settled.get(place), view.asking == place,
                self.chosen == place,
                self.state_fill(self.place_value(place), canvas.SPOT).rgba())

    def paint_place(self, painter: QPainter, table: QRectF, place: int) -> None:
        """The place from its picture, drawn again only when what it shows has changed
        (its target is registered either way: every place can be clicked)."""
        rect = self.place_rect(table, place)
        margin = self.unit() * 2  # the halo and the banker's badge reach past the place
        area = rect.adjusted(-margin, -margin, margin, margin)
        if not self._pictures.draw(painter, place, area, self._shows(place),
                                   lambda on: super(RoundTable, self).paint_place(on, table,
                                                                                  place)):
            self.target(rect, self.place_value(place))

    def places(self) -> int:
        return PLACES

    def banker(self) -> int:
        return BANKER_PLACE  # places are counted from the banker's, in a round as everywhere

    def place_centre(self, place: int) -> QPointF:
        """Where a click names ``place``."""
        return self.place_rect(self.table_rect(QRectF(self.rect())), place).center()

    def show_view(self, view: TableView, chosen: int | None = None) -> None:
        """Show ``view``: only the places and the middle it changes are painted again."""
        before = self._parts()
        self.view, self.chosen = view, chosen
        table, margin = self.table_rect(QRectF(self.rect())), self.unit() * 2
        repaint_changed(self, before, self._parts(), lambda part: self.middle_rect(table)
                        if part == "middle" else self.place_rect(table, int(part)).adjusted(
                            -margin, -margin, margin, margin))

    def _parts(self) -> dict[int | str, tuple[Any, ...]]:
        """What each place and the middle show (their pictures are kept by it)."""
        return {**{place: self._shows(place) for place in range(1, PLACES + 1)},
                "middle": self._middle_shows()}

    def _middle_shows(self) -> tuple[Any, ...]:
        view = self.view
        return (self.unit(), i18n.current_language(), view.dice, view.capital,
                view.commission, view.next_bank, tuple(view.joined.items()),
                tuple(view.shares.items()))

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
        turned = self.view.exposed.get(place)
        shown = [tile.value for tile in tiles] if tiles else \
            [turned.value if turned else None, None]  # a tile turned up in the deal
        paint_tile_row(painter, box, shown, face_up=True, baccarat=True, gap=0.1)

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
        round has come to (the commission, the next bank): from its picture, drawn again
        when one of them has changed."""
        self._pictures.draw(painter, "middle", box, self._middle_shows(),
                            lambda on: self._paint_middle(on, box))

    def _paint_middle(self, painter: QPainter, box: QRectF) -> None:
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
        """What the round has come to, under the dice and the capital: who joined the bank
        and each co-banker's share said so far, the commission, the next bank."""
        notes = [_("Joined the bank: {who}").format(who=" · ".join(
            _co_banker(place, amount) for place, amount in self.view.joined.items()))
        ] if self.view.joined else []
        if self.view.shares:
            notes.append(_("Shares said: {shares}").format(shares=" · ".join(
                _co_banker(place, amount, signed=True)
                for place, amount in self.view.shares.items())))
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


def _co_banker(place: int, amount: Decimal, *, signed: bool = False) -> str:
    """A co-banker and an amount: place 0 is the casino's (``signed``: a loss with its
    minus, a gain with its plus)."""
    money = ("+" if signed and amount > 0 else "") + format_money(amount)
    return _("the casino {amount}").format(amount=money) if place == 0 else \
        _("place {place} {amount}").format(place=place, amount=money)
