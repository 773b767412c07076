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
from questions.sap_i_chi.situations import BoardBet
from questions.situation import Situation
from trainer.rounds.sap_i_chi.table import PLACES
from trainer.rounds.sap_i_chi.view import AWAY, NONE, SHOWN, VOID, TableView
from trainer.rules.sap_i_chi.bets import LAYOUT, NUMBERS
from ui.drawing.chips import label_size, paint_stack_in
from ui.drawing.text import FLOOR, fit_text, line_height, paint_badge
from ui.rounds.pictures import Pictures
from ui.situation.felt import GOLD, INK, MINIMUM, Spot
from ui.situation.sap_i_chi import ProcedureView, SapIChiBoard

#: A number of the board is picked as this much more than itself, apart from the places.
NUMBER_OFFSET = 100
CHOSEN = QColor("#4aa3ff")
WON = QColor("#cfe8d6")
LOST = QColor("#f3d2cc")
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
        super().__init__(_places_and_numbers(), parent)

    def retranslate(self) -> None:
        self.setAccessibleName(self.describe())
        self.update()

    # What the quiz's board draws, from the view --------------------------------------

    def bets(self) -> list[BoardBet]:
        return [BoardBet(place, bet.stake, bet.numbers or None, bet.colour)
                for place, bet in sorted(self.view.bets.items())]

    def moved_to(self) -> BoardBet | None:
        return None

    def drawn(self) -> int | None:
        return self.view.drawn

    def _paint_markers(self, painter: QPainter, numbers: dict[int, QRectF],
                       colours: dict[str, QRectF]) -> None:
        """Each bet's chip on every number or colour it covers, marked with its place."""
        marks: dict[Any, list[BoardBet]] = {}
        for data in self.bets():
            for key in ([data.colour.value] if data.colour is not None else data.numbers or ()):
                marks.setdefault(key, []).append(data)
        for key, bets in marks.items():
            rect = colours[key] if isinstance(key, str) else numbers[key]
            radius = min(rect.height() * 0.12, rect.width() / (2.3 * max(3, len(bets))))
            step = radius * 2.2
            x = rect.center().x() - step * (len(bets) - 1) / 2
            y = rect.bottom() - radius * 1.3
            for offset, data in enumerate(bets):
                self._mini_chip(painter, QPointF(x + offset * step, y), radius, data.stake,
                                str(data.place))

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

    def _parts(self) -> dict[int | str, tuple[Any, ...]]:
        view, common = self.view, (self.unit(), i18n.current_language())
        return {"board": (*common, view.drawn, tuple(sorted(view.bets.items())),
                          self.chosen),
                "panel": (*common, view.bell, view.cloth, view.drawn, view.card),
                **{place: (*common, view.bets.get(place), view.settled.get(place),
                           view.asking == place, self.chosen == place)
                   for place in range(1, PLACES + 1)}}

    def show_view(self, view: TableView, chosen: int | None = None) -> None:
        """Show ``view``: only the parts it changes are painted again."""
        before = self._parts()
        self.view, self.chosen = view, chosen
        after = self._parts()
        board, panel, rail = self._regions()
        slots, margin = self._slots(rail), 4 * self.unit()
        boxes: dict[int | str, QRectF] = {"board": board, "panel": panel}
        for place, slot in slots.items():
            boxes[place] = slot
        for part, shows in after.items():
            if before.get(part) != shows:
                self.update(boxes[part].adjusted(-margin, -margin, margin, margin)
                            .toAlignedRect())

    # Painting ---------------------------------------------------------------------------

    def paint_felt(self, painter: QPainter) -> None:
        self._pictures.draw(painter, "felt", QRectF(self.rect()), self.unit(),
                            super().paint_felt)

    def paint_situation(self, painter: QPainter, area: QRectF) -> None:
        board, panel, rail = self._regions()
        parts, margin = self._parts(), 4 * self.unit()
        self._pictures.draw(painter, "board", board.adjusted(-margin, -margin, margin, margin),
                            parts["board"], lambda on: self._paint_whole_board(on, board))
        self._pictures.draw(painter, "panel", panel.adjusted(-margin, -margin, margin, margin),
                            parts["panel"], lambda on: self.paint_panel(on, panel))
        for place, slot in self._slots(rail).items():
            self._pictures.draw(painter, place, slot.adjusted(-margin, -margin, margin, margin),
                                parts[place], self._slot_painter(slot, place))

    def _slot_painter(self, slot: QRectF, place: int) -> Callable[[QPainter], None]:
        return lambda on: self._paint_slot(on, slot, place)

    def _paint_whole_board(self, painter: QPainter, board: QRectF) -> None:
        self._paint_board(painter, board)
        if self.chosen is not None and self.chosen in LAYOUT:  # a number being named
            rect = self._cells(board)[0][self.chosen]
            painter.save()
            painter.setPen(QPen(CHOSEN, 3 * self.unit()))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect, 8 * self.unit(), 8 * self.unit())
            painter.restore()

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
            painter.setPen(QPen(QColor("#5b4a3a"), 1.5 * unit))
            painter.setBrush(QColor("#7a4a23") if view.cloth != VOID else QColor("#9a8878"))
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
        painter.setBrush(QColor(0, 0, 0, 45))
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
                        ink=QColor("#1d1d1d"), max_width=84 * unit)
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
