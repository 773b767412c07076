"""The three-card baccarat table of a round, drawn from the engine's view of it at the
current step (:func:`trainer.rounds.three_card.view.table_view`).

The Mahjong Baccarat table's drawing (:class:`ui.situation.baccarat_table.BaccaratTable`)
with six places round the felt, the banker at the bottom: each place's stake, its three
cards face down as they are dealt and face up once opened, the class said for the hand, who
won there and each bet paid, collected or returned; in the middle the deck or the shoe and
its second white card. Every place can be clicked (``optionPicked`` with its number), and a
place is drawn again only when what it shows has changed (:class:`ui.rounds.pictures`).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

import i18n
from i18n import N_, Message, _, format_money
from questions import AnswerForm, AnswerKind, Option, Question
from questions.situation import Situation
from trainer.rounds.three_card.table import PLACES
from trainer.rounds.three_card.view import TableView
from trainer.rules.table import BANKER_PLACE
from ui.drawing.cards import paint_card_row
from ui.palette import swatch
from ui.rounds.pictures import Pictures, repaint_changed
from ui.situation import mahjong_canvas as canvas
from ui.situation.baccarat_table import BaccaratTable

WON = swatch("won")
LOST = swatch("lost")
EVEN = swatch("even")
#: Six places counterclockwise from the banker at the bottom: the right side, the far
#: side, the left side.
SIX = {1: (2, 1), 2: (4, 1), 3: (4, 0), 4: (2, 0), 5: (0, 0), 6: (0, 1)}


def _places_to_pick() -> Question:
    return Question("three_card.round", 0, 1, Situation(), Message.of(N_("Choose a place")),
                    AnswerForm(AnswerKind.CHOICE, tuple(
                        Option(place, Message.of(N_("Place {place}"), place=place))
                        for place in range(1, PLACES + 1))))


class ThreeCardRoundTable(BaccaratTable):
    ring = SIX

    def __init__(self, view: TableView, parent: QWidget | None = None):
        self.view = view
        self.chosen: int | None = None
        self._pictures = Pictures()
        self._painting = 0  # the place being drawn
        self._repainted: QRectF | None = None  # the part of the widget being painted
        super().__init__(_places_to_pick(), parent)

    def places(self) -> int:
        return PLACES

    def banker(self) -> int:
        return BANKER_PLACE

    def place_centre(self, place: int) -> QPointF:
        return self.place_rect(self.table_rect(QRectF(self.rect())), place).center()

    def _shows(self, place: int) -> tuple[Any, ...]:
        view = self.view
        return (self.unit(), i18n.current_language(), view.bets.get(place),
                view.dealt.get(place), view.opened.get(place), view.classes.get(place),
                view.rulings.get(place), view.settled.get(place), view.asking == place,
                self.chosen == place, self.state_fill(self.place_value(place), canvas.SPOT).rgba())

    def _middle_shows(self) -> tuple[Any, ...]:
        view = self.view
        return (self.unit(), i18n.current_language(), view.decks, view.shuffled,
                view.white_card_out)

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        table = self.table_rect(area)

        def felt(on: QPainter) -> None:
            canvas.paint_felt(on, table, oval=False)
            self.paint_direction(on, self.middle_rect(table))

        self._pictures.draw(painter, "felt", area, self.unit(), felt)
        for place in range(1, PLACES + 1):
            self.paint_place(painter, table, place)
        self.paint_middle(painter, self.middle_rect(table))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        """The parts a step changed (:meth:`show_view`), each place outside them left."""
        self._repainted = QRectF(event.rect())
        try:
            super().paintEvent(event)
        finally:
            self._repainted = None

    def paint_place(self, painter: QPainter, table: QRectF, place: int) -> None:
        rect = self.place_rect(table, place)
        margin = self.unit() * 2
        area = rect.adjusted(-margin, -margin, margin, margin)
        if self._repainted is not None and not self._repainted.intersects(area):
            self.target(rect, self.place_value(place))  # still a place to click
            return
        if not self._pictures.draw(painter, place, area, self._shows(place),
                                   lambda on: super(ThreeCardRoundTable, self).paint_place(
                                       on, table, place)):
            self.target(rect, self.place_value(place))

    def paint_contents(self, painter: QPainter, body: QRectF, place: int) -> None:
        self._painting = place  # whose bet :meth:`paint_bet` draws
        super().paint_contents(painter, body, place)

    def paint_bet(self, painter: QPainter, row: QRectF, amount: Decimal) -> None:
        """A place's stake, its chips and amount, from their own picture: a place drawn
        again as its hand is dealt, classed, ruled and settled copies its stake, which
        stays."""
        margin = self.unit() * 0.5
        self._pictures.draw(painter, ("bet", self._painting),
                            row.adjusted(-margin, -margin, margin, margin),
                            (self.unit(), i18n.current_language(), amount),
                            lambda on: super(ThreeCardRoundTable, self).paint_bet(on, row,
                                                                                  amount))

    def show_view(self, view: TableView, chosen: int | None = None) -> None:
        """Show ``view``: only the places and the middle it changes are painted again."""
        before = self._parts()
        self.view, self.chosen = view, chosen
        table, margin = self.table_rect(QRectF(self.rect())), self.unit() * 2
        repaint_changed(self, before, self._parts(), lambda part: self.middle_rect(table)
                        if part == "middle" else self.place_rect(table, int(part)).adjusted(
                            -margin, -margin, margin, margin))

    def _parts(self) -> dict[int | str, tuple[Any, ...]]:
        return {**{place: self._shows(place) for place in range(1, PLACES + 1)},
                "middle": self._middle_shows()}

    def bets(self) -> dict[int, Decimal]:
        """Each place's stakes, all its bets together."""
        return {place: sum((bet.stake for bet in bets), Decimal(0))
                for place, bets in self.view.bets.items()}

    def asked_place(self) -> int | None:
        return self.chosen

    def shows_hand(self, place: int) -> bool:
        return bool(self.view.dealt.get(place))

    def paint_hand(self, painter: QPainter, box: QRectF, place: int) -> None:
        if not self.shows_hand(place) or box.height() <= 0:
            return
        opened = self.view.opened.get(place)
        cards: list[str | None] = [str(card) for card in opened] if opened else \
            [None] * self.view.dealt[place]
        paint_card_row(painter, box, cards, face_up=opened is not None)

    def place_tags(self, place: int) -> list[tuple[str, QColor]]:
        view = self.view
        tags = [(_("Needs a ruling"), canvas.NOTE)] if place == view.asking else []
        if place in view.classes:
            tags.append((_("Class {number}").format(number=view.classes[place]), EVEN))
        ruling = view.rulings.get(place)
        if ruling is not None:
            tags.append(({"player": _("Player wins"), "banker": _("Banker wins")}.get(
                ruling, _("Tie")), WON if ruling == "player" else LOST if ruling == "banker"
                else EVEN))
        for _kind, amount in view.settled.get(place, ()):
            tags.append((_("Paid {amount}").format(amount=format_money(amount)) if amount > 0
                         else _("Collected {amount}").format(amount=format_money(-amount))
                         if amount < 0 else _("Pushed"),
                         WON if amount > 0 else LOST if amount < 0 else EVEN))
        return tags

    def paint_middle(self, painter: QPainter, box: QRectF) -> None:
        """The deck or the shoe, and what became of it this coup: from its picture, drawn
        again when one of them has changed."""
        self._pictures.draw(painter, "middle", box, self._middle_shows(),
                            lambda on: self._paint_middle(on, box))

    def _paint_middle(self, painter: QPainter, box: QRectF) -> None:
        view = self.view
        notes = [_("A single deck") if view.decks == 1 else
                 _("A shoe of {decks} decks").format(decks=view.decks)]
        if view.shuffled is not None:
            notes.append(_("Shuffled") if view.shuffled else _("Dealt on"))
        if view.white_card_out:
            notes.append(_("The second white card is out: the shoe's last coup"))
        canvas.note_box(painter, box.adjusted(0, box.height() * 0.2, 0, -box.height() * 0.2),
                        notes, pixels=self.unit() * 1.4)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Every key is the round screen's, not the quiz's picking of a place."""
        event.ignore()

    def describe(self) -> str:
        return _("Three-card baccarat table: six places counterclockwise, the banker at "
                 "place {place}; click a place to name it in an action.").format(
                     place=BANKER_PLACE)
