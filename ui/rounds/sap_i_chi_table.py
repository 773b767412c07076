"""The Sap I Chi table of a round, drawn from the engine's view of it at the current step
(:func:`trainer.rounds.sap_i_chi.view.table_view`).

The quiz's board (:class:`ui.situation.sap_i_chi.ProcedureView`) draws the twelve numbers
with their pieces, the bets' chips on them, the bell and the cloth; this one says what to
draw from the round: each bet as the players' requests left it (its chip on the board marked
with its place), the bell once rung, the cloth rolled in its case, fallen in a void round or
unrolled with its number, the card confirmed in the chute, and the eight places under the
board with what was paid or collected at each. A click on a place names it in an action
(``optionPicked`` with its number), a click on a number of the board names that number.

Each part — the board, the panel, each place — is drawn once into a picture kept by what it
shows, so a step paints only what changed (``bench_round_drawing.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import QWidget

import i18n
from i18n import N_, Message, _, format_money
from questions import AnswerForm, AnswerKind, Option, Question
from questions.situation import Situation
from trainer.rounds.sap_i_chi.table import PLACES
from trainer.rounds.sap_i_chi.view import AWAY, NONE, SHOWN, VOID, TableView
from trainer.rules.sap_i_chi.bets import NUMBERS, Colour
from ui.drawing.chips import label_size, paint_stack_in
from ui.drawing.text import FLOOR, fit_text, line_height, paint_badge
from ui.palette import swatch
from ui.rounds.pictures import Pictures, repaint_changed
from ui.situation.felt import FELT_LINE, GOLD, INK, MINIMUM, Spot
from ui.situation.sap_i_chi import (
    BLACK_INK,
    RED_INK,
    ProcedureView,
    SapIChiBoard,
    colour_name,
)

#: A number of the board is picked as this much more than itself, apart from the places.
NUMBER_OFFSET = 100
CHOSEN = swatch("chosen")
WON = swatch("won")
LOST = swatch("lost")
COLUMNS = 4


def _places_and_numbers() -> Question:
    """What the quiz's board is drawn from, for a round: no situation of its own (the
    round's view gives it); every place and every number an option, to be clicked."""
    return Question("sap_i_chi.round", 0, 1, Situation(), Message.of(N_("Choose a place")),
                    AnswerForm(AnswerKind.CHOICE, (
                        *(Option(place, Message.of(N_("Place {place}"), place=place))
                          for place in range(1, PLACES + 1)),
                        *(Option(NUMBER_OFFSET + number, Message.of(str(number)))
                          for number in NUMBERS))))


class SapIChiRoundTable(ProcedureView):
    #: As small as the 13-card round's table: the column of actions beside it keeps the
    #: room its buttons need at 200 % on a 1280×800 screen.
    minimum = MINIMUM

    def __init__(self, view: TableView, parent: QWidget | None = None):
        self.view = view
        self.chosen: int | None = None
        self._pictures = Pictures()
        self._pieces = Pictures()  # each number's piece, drawn or not, under its chips
        super().__init__(_places_and_numbers(), parent)

    def retranslate(self) -> None:
        self.setAccessibleName(self.describe())
        self.update()

    # What the quiz's board draws, from the view --------------------------------------

    def drawn(self) -> int | None:
        return self.view.drawn

    # Geometry -------------------------------------------------------------------------

    def _slots(self, rail: QRectF) -> dict[int, QRectF]:
        """Each place's slot under the board: two rows of four."""
        unit, rows = self.unit(), -(-PLACES // COLUMNS)
        width, height = rail.width() / COLUMNS, rail.height() / rows
        return {place: QRectF(rail.left() + ((place - 1) % COLUMNS) * width + 3 * unit,
                              rail.top() + ((place - 1) // COLUMNS) * height + 2 * unit,
                              width - 6 * unit, height - 4 * unit)
                for place in range(1, PLACES + 1)}

    def spots(self) -> list[Spot]:
        board, _panel, rail = self._regions()
        numbers, _colours = self._cells(board)
        return [*(Spot(rect, NUMBER_OFFSET + number, _("Number {number}").format(
                    number=number)) for number, rect in numbers.items()),
                *(Spot(rect, place, _("Place {place}").format(place=place))
                  for place, rect in self._slots(rail).items())]

    def place_centre(self, place: int) -> QPointF:
        """Where a click names ``place``."""
        return self._slots(self._regions()[2])[place].center()

    def number_centre(self, number: int) -> QPointF:
        """Where a click names ``number`` of the board."""
        return self._cells(self._regions()[0])[0][number].center()

    def pick(self, value: Any) -> None:
        """A place is named by its number, a number of the board by itself."""
        if value in self._option_values:
            self.optionPicked.emit(value - NUMBER_OFFSET if value > NUMBER_OFFSET else value)

    # What each part shows ---------------------------------------------------------------

    def _marks(self) -> dict[int | str, tuple[tuple[int, Decimal], ...]]:
        """The chips on each number and colour: each bet's place and stake."""
        marks: dict[int | str, list[tuple[int, Decimal]]] = {}
        for place, bet in sorted(self.view.bets.items()):
            keys: tuple[int | str, ...] = (bet.colour.value,) if bet.colour is not None \
                else bet.numbers
            for key in keys:
                marks.setdefault(key, []).append((place, bet.stake))
        return {key: tuple(bets) for key, bets in marks.items()}

    def _parts(self) -> dict[Any, tuple[QRectF, tuple[Any, ...], Callable[[QPainter], None]]]:
        """Each part of the table — every number and colour of the board, the panel, each
        place —, where it is, what it shows (its picture is kept by it) and its painter."""
        view, common = self.view, (self.unit(), i18n.current_language())
        board, panel, rail = self._regions()
        numbers, colours = self._cells(board)
        marks, margin = self._marks(), 4 * self.unit()
        parts: dict[Any, tuple[QRectF, tuple[Any, ...], Callable[[QPainter], None]]] = {}
        for colour, rect in colours.items():
            parts[colour] = (rect.adjusted(-margin, -margin, margin, margin),
                             (*common, marks.get(colour, ())),
                             self._cell_painter(rect, colour, marks.get(colour, ())))
        for number, rect in numbers.items():
            parts[number + NUMBER_OFFSET] = (
                rect.adjusted(-margin, -margin, margin, margin),
                (*common, view.drawn == number, self.chosen == number, marks.get(number, ())),
                self._cell_painter(rect, number, marks.get(number, ())))
        parts["panel"] = (panel.adjusted(-margin, -margin, margin, margin),
                          (*common, view.bell, view.cloth, view.drawn, view.card),
                          lambda on: self.paint_panel(on, panel))
        for place, slot in self._slots(rail).items():
            parts[place] = (slot.adjusted(-margin, -margin, margin, margin),
                            (*common, view.bets.get(place), view.settled.get(place),
                             view.asking == place, self.chosen == place),
                            self._slot_painter(slot, place))
        return parts

    def show_view(self, view: TableView, chosen: int | None = None) -> None:
        """Show ``view``: only the parts it changes are painted again."""
        before = {key: shows for key, (_box, shows, _paint) in self._parts().items()}
        self.view, self.chosen = view, chosen
        after = self._parts()
        repaint_changed(self, before, {key: shows for key, (_box, shows, _paint) in after.items()},
                        lambda key: after[key][0])

    # Painting ---------------------------------------------------------------------------

    def paint_felt(self, painter: QPainter) -> None:
        self._pictures.draw(painter, "felt", QRectF(self.rect()), self.unit(),
                            super().paint_felt)

    def paint_situation(self, painter: QPainter, area: QRectF) -> None:
        for key, (box, shows, paint) in self._parts().items():
            self._pictures.draw(painter, key, box, shows, paint)

    def _slot_painter(self, slot: QRectF, place: int) -> Callable[[QPainter], None]:
        return lambda on: self._paint_slot(on, slot, place)

    def _cell_painter(self, rect: QRectF, cell: int | str,
                      bets: tuple[tuple[int, Decimal], ...]) -> Callable[[QPainter], None]:
        return lambda on: self._paint_cell(on, rect, cell, bets)

    def _paint_cell(self, painter: QPainter, rect: QRectF, cell: int | str,
                    bets: tuple[tuple[int, Decimal], ...]) -> None:
        """A number with its piece (outlined when drawn or being named), or a colour; the
        chips of the bets on it, each marked with its place."""
        unit = self.unit()
        margin = 4 * unit
        if isinstance(cell, str):
            painter.save()
            painter.setPen(QPen(FELT_LINE, 1.5 * unit))
            painter.setBrush(RED_INK if cell == Colour.RED.value else BLACK_INK)
            painter.drawRoundedRect(rect, 8 * unit, 8 * unit)
            painter.restore()
            fit_text(painter, rect.adjusted(4 * unit, 4 * unit, -4 * unit, -rect.height() * 0.3),
                     colour_name(cell), pixels=18 * unit, bold=True, colour=INK)
        else:
            drawn = self.view.drawn == cell  # the piece alone, kept: its character is dear
            self._pieces.draw(painter, cell, rect.adjusted(-margin, -margin, margin, margin),
                              drawn, lambda on: self._paint_piece(on, rect, cell, drawn))
            if self.chosen == cell:
                painter.save()
                painter.setPen(QPen(CHOSEN, 3 * unit))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect, 8 * unit, 8 * unit)
                painter.restore()
        radius = min(rect.height() * 0.12, rect.width() / (2.3 * max(3, len(bets))))
        step = radius * 2.2
        x = rect.center().x() - step * (len(bets) - 1) / 2
        for offset, (place, stake) in enumerate(bets):
            self._mini_chip(painter, QPointF(x + offset * step, rect.bottom() - radius * 1.3),
                            radius, stake, str(place))

    def paint_panel(self, painter: QPainter, panel: QRectF) -> None:
        """The bell and where the markings stand above; the cloth below: in its case, fallen
        in a void round, or unrolled with its number, and the card in the chute."""
        unit, view = self.unit(), self.view
        bell = QRectF(panel.left(), panel.top(), panel.width(), panel.height() * 0.3)
        self._paint_bell(painter, bell, rung=view.bell)
        stage = (_("The round was declared void.") if view.cloth == VOID else
                 _("The bell has rung: no more bets.") if view.bell else
                 _("Bets are open: the bell has not rung."))
        said = QRectF(panel.left(), bell.bottom(), panel.width(), panel.height() * 0.17)
        fit_text(painter, said, stage, pixels=12 * unit, bold=True, colour=INK)
        cloth = QRectF(panel.left(), said.bottom(), panel.width(),
                       panel.bottom() - said.bottom())
        if view.cloth in (SHOWN, AWAY) and view.drawn is not None:
            card = QRectF(cloth.left(), cloth.bottom() - 18 * unit, cloth.width(), 18 * unit)
            SapIChiBoard.paint_panel(self, painter, cloth.adjusted(0, 0, 0, -card.height()))
            if view.card is not None:
                fit_text(painter, card, _("Card in the chute: {number}").format(
                    number=view.card), pixels=12 * unit, colour=GOLD)
            return
        text = {NONE: _("No cloth in the little case yet"),
                VOID: _("The cloth fell: the round is void"),
                }.get(view.cloth, _("The cloth is rolled in the little case"))
        rolled = QRectF(cloth.center().x() - cloth.width() * 0.3, cloth.top() + 8 * unit,
                        cloth.width() * 0.6, 14 * unit)
        if view.cloth != NONE:
            painter.save()
            painter.setPen(QPen(swatch("wood_edge"), 1.5 * unit))
            painter.setBrush(swatch("wood") if view.cloth != VOID else swatch("felt_void"))
            painter.drawRoundedRect(rolled, 6 * unit, 6 * unit)
            painter.restore()
        fit_text(painter, cloth.adjusted(4 * unit, rolled.height() + 12 * unit, -4 * unit, 0),
                 text, pixels=12 * unit, colour=INK)

    def _paint_slot(self, painter: QPainter, slot: QRectF, place: int) -> None:
        """A place: its name, its bet's chips and chances, and what was paid or collected."""
        unit, view = self.unit(), self.view
        painter.save()
        asking, chosen = view.asking == place, self.chosen == place
        painter.setPen(QPen(CHOSEN if chosen else GOLD, 3 * unit,
                            Qt.PenStyle.SolidLine if chosen else Qt.PenStyle.DashLine)
                       if chosen or asking else Qt.PenStyle.NoPen)
        painter.setBrush(swatch("felt_shade"))
        painter.drawRoundedRect(slot, 8 * unit, 8 * unit)
        painter.restore()
        head = QRectF(slot.left() + 6 * unit, slot.top() + 3 * unit, slot.width() - 12 * unit,
                      max(20 * unit, line_height(max(14 * unit, FLOOR), bold=True)))
        fit_text(painter, head, _("Place {place}").format(place=place), pixels=14 * unit,
                 bold=True, colour=INK,
                 align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if asking:
            paint_badge(painter, QPointF(slot.right() - 44 * unit, head.center().y()),
                        _("Needs a ruling"), pixels=10 * unit, fill=GOLD,
                        ink=swatch("ink"), max_width=84 * unit)
        bet = view.bets.get(place)
        body = QRectF(slot.left() + 4 * unit, head.bottom() + 2 * unit, slot.width() - 8 * unit,
                      slot.bottom() - head.bottom() - 6 * unit)
        settled = view.settled.get(place)
        if bet is None:
            fit_text(painter, body, _("No bet"), pixels=12 * unit, colour=QColor(INK.red(),
                     INK.green(), INK.blue(), 150))
            return
        paid = 0.0 if settled is None else min(
            max(24 * unit, line_height(max(12 * unit, FLOOR), bold=True)), body.height() * 0.4)
        label = label_size(bet.stake, max(11 * unit, FLOOR)).width() + 4 * unit
        chips = QRectF(body.left(), body.top(), min(max(body.width() * 0.4, label),
                                                    body.width() * 0.6), body.height() - paid)
        paint_stack_in(painter, chips, bet.stake, max_radius=26 * unit)
        words = QRectF(chips.right() + 4 * unit, body.top(),
                       body.right() - chips.right() - 4 * unit, chips.height())
        fit_text(painter, words, str(bet.describe()), pixels=12 * unit, colour=INK)
        if settled is not None:
            fit_text(painter, QRectF(body.left(), chips.bottom(), body.width(), paid),
                     _paid(settled), pixels=12 * unit, bold=True, wrap=False,
                     colour=WON if settled > 0 else LOST)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Every key is the round screen's (Enter confirms the action, digits name a
        place or a number), not the quiz's picking by arrows and Enter."""
        event.ignore()

    def describe(self) -> str:
        return _("Sap I Chi table: the board of twelve numbers, the bell and the cloth, and "
                 "eight places under the board; click a place or a number to name it in an "
                 "action.")


def _paid(settled: Decimal) -> str:
    return (_("Paid {amount}").format(amount=format_money(settled)) if settled > 0
            else _("Collected {amount}").format(amount=format_money(-settled)))
