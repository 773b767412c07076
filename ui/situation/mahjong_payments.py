"""Mah-Jong: who is liable for a false win or a discard, and who pays whom for a win.

Both are the table with its four seats (:class:`~ui.situation.mahjong_seats.SeatsTable`):
the declarer, the winner and the discarder are rimmed and tagged at their seats; the
discard lies in the middle, and arrows go from the payers to the winner across the free
felt, broken where the grade of the win is written.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter

from i18n import _
from questions.mahjong.situation import TileHand, WinContested, WinPaid
from questions.situation import present
from trainer.rules.mahjong import Variant
from ui.drawing.chips import label_pixels, label_size, paint_stack_in
from ui.drawing.text import fit_text, paint_badge, text_height, text_width
from ui.drawing.tiles import TILE_RATIO, paint_tile, paint_tile_row
from ui.palette import swatch
from ui.situation import mahjong_canvas as canvas
from ui.situation.base import situation_of
from ui.situation.mahjong_hands import wind_name
from ui.situation.mahjong_seats import SEATS, TAG, Block, SeatsTable


class Liability(SeatsTable):
    """A false win laid down, or a win on a discard with what the discarder held."""

    def dealt(self) -> WinContested:
        return situation_of(self.question, WinContested)

    def variant(self) -> Variant:
        return self.dealt().variant

    def banker(self) -> str:
        return self.dealt().banker

    def players(self) -> tuple[str, ...] | None:
        return self.dealt().players

    def round_wind(self) -> str | None:
        return self.dealt().round_wind

    def hand(self, seat: str) -> TileHand | None:
        return self.dealt().hands.get(seat)

    def false_win(self) -> bool:
        return self.dealt().declarer is not None

    def asked_seat(self) -> str | None:
        s = self.dealt()
        if s.declarer is not None:
            return s.declarer if s.asked == "total" else s.asked
        return s.discarder if s.asked == "amount" else None

    def seat_value(self, seat: str) -> Any:
        if not self.false_win() and seat == self.dealt().discarder:
            return "discarder"
        return None

    def seat_mark(self, seat: str) -> QColor | None:
        s = self.dealt()
        if seat in (s.declarer, s.winner):
            return canvas.BANKER
        return canvas.FOCUS if seat == s.discarder else None

    def seat_tags(self, seat: str) -> list[tuple[str, QColor]]:
        s = self.dealt()
        if not self.present(seat):
            return [(_("Not at the table"), TAG)]
        if s.declarer is not None:
            return [(_("Declares a win"), canvas.BANKER)] if seat == s.declarer else []
        if seat == s.winner:
            text = _("Pungs it (fourth set on view)") if s.fourth_set else _("Wins on it")
            return [(text, canvas.BANKER)]
        if seat != s.discarder:
            return []
        if not s.waiting:
            state = _("Was not waiting")
        elif s.broke:
            state = _("Broke his ready hand")
        else:
            state = _("Waiting, still ready")
        return [(_("Discards"), canvas.FOCUS), (state, TAG)]

    def paint_body(self, painter: QPainter, body: QRectF, seat: str) -> None:
        s = self.dealt()
        if not self.false_win() and seat == s.discarder:
            kept: list[str | None] = [*present(s.kept).split()]
            hidden = max(0, self.hidden_count(seat) - 1 - len(kept))
            height = min(body.height(), self.unit() * 7)
            row = QRectF(body.left(), body.center().y() - height / 2, body.width(), height)
            paint_tile_row(painter, row, kept + [None] * hidden, gap=0.02)
            return
        super().paint_body(painter, body, seat)

    def discard(self) -> tuple[str, str] | None:
        s = self.dealt()
        if s.declarer is not None:
            return None
        return present(s.discarder), present(s.discard)

    def under_discard(self, width: float) -> list[Block]:
        s = self.dealt()
        unit = self.unit()
        blocks: list[Block] = []
        if s.fourth_set:
            drawn = present(s.winning_tile)

            def winning(painter: QPainter, room: QRectF) -> None:
                paint_tile(painter, QRectF(room.center().x() - room.height() * TILE_RATIO / 2,
                                           room.top(), room.height() * TILE_RATIO,
                                           room.height()), drawn)

            blocks += [(unit * 4, winning), self.caption(width, _("Then draws this tile and wins"))]
        on_view = present(s.on_view).split()
        blocks.append(self.caption(width, _("Other tiles on view") if on_view else
                                   _("No other tiles on view")))
        if on_view:
            def tiles_on_view(painter: QPainter, room: QRectF) -> None:
                paint_tile_row(painter, room, on_view, gap=0.05)

            blocks.append((unit * 4, tiles_on_view))
        return blocks

    def caption(self, width: float, text: str) -> Block:
        """A line of words across the middle."""
        pixels = self.unit() * 1.2
        height = max(self.unit() * 2, text_height(text, width, pixels=pixels))

        def words(painter: QPainter, room: QRectF) -> None:
            fit_text(painter, room, text, pixels=pixels, colour=swatch("felt_ink"))

        return height, words


class Payments(SeatsTable):
    """Who pays whom for a win: the winner, the banker, the grade and the capital."""

    def dealt(self) -> WinPaid:
        return situation_of(self.question, WinPaid)

    def variant(self) -> Variant:
        return self.dealt().variant

    def banker(self) -> str:
        return self.dealt().banker

    def players(self) -> tuple[str, ...] | None:
        return self.dealt().players

    def asked_seat(self) -> str | None:
        s = self.dealt()
        return s.winner if s.asked == "winner" else s.asked

    def seat_value(self, seat: str) -> Any:
        return None

    def seat_mark(self, seat: str) -> QColor | None:
        return canvas.BANKER if seat == self.dealt().winner else None

    def seat_tags(self, seat: str) -> list[tuple[str, QColor]]:
        if not self.present(seat):
            return [(_("Not at the table"), TAG)]
        return [(_("Wins"), canvas.BANKER)] if seat == self.dealt().winner else []

    def grade(self) -> str:
        return {0: _("Kai vu (the minimum hand)"), 1: _("1 fán"),
                2: _("Double fán")}[self.dealt().fan]

    def paint_body(self, painter: QPainter, body: QRectF, seat: str) -> None:
        s = self.dealt()
        if seat != s.winner or s.capital is None:
            super().paint_body(painter, body, seat)
            return
        unit = self.unit()
        amount = s.capital
        text = _("Capital in play")
        width = max(body.width() * 0.38, label_size(amount, label_pixels(unit * 2)).width()
                    + unit, min(text_width(text, unit * 1.2, bold=True) + unit, body.width() / 2))
        super().paint_body(painter, body.adjusted(0, 0, -width - unit * 0.5, 0), seat)
        spot = QRectF(body.right() - width, body.top(), width, body.height())
        caption_h = max(unit * 1.8, text_height(text, width, pixels=unit * 1.2, bold=True))
        chips = paint_stack_in(painter, spot.adjusted(0, 0, 0, -caption_h), amount,
                               max_radius=unit * 2)
        fit_text(painter, QRectF(spot.left(), chips.bottom(), width, caption_h), text,
                 pixels=unit * 1.2, colour=swatch("felt_ink"), bold=True)

    def paint_centre(self, painter: QPainter, box: QRectF, table: QRectF) -> None:
        """The grade of the win in the middle, and arrows from the payers to the winner
        across the free felt, broken where they would cross the grade's words."""
        winner = self.dealt().winner
        unit = self.unit()
        badge = paint_badge(painter, box.center(), _("{seat} wins: {grade}").format(
            seat=wind_name(winner), grade=self.grade()), pixels=unit * 1.5,
            fill=canvas.NOTE, max_width=box.width())
        for seat in SEATS:
            if seat == winner or not self.present(seat):
                continue
            start, end = self.edge_point(table, box, seat, winner), \
                self.edge_point(table, box, winner, seat)
            start, end = canvas.toward(start, end, unit * 0.4), canvas.toward(end, start,
                                                                             unit * 0.4)
            pieces = canvas.stretches(start, end, [badge], unit * 0.6)
            for first, second in pieces:
                canvas.connector(painter, [first, second], swatch("felt_connector"),
                                 unit * 0.35, head=second == end)

    def edge_point(self, table: QRectF, centre: QRectF, seat: str, other: str) -> QPointF:
        """Where an arrow between ``seat`` and ``other`` meets ``seat``: on its edge toward
        the middle, straight across to the seat opposite, else near the other's side."""
        rect = self.seat_rect(table, seat)
        along = {"N": 0.15, "S": 0.85, "W": 0.15, "E": 0.85}[other]
        if seat in ("E", "W"):
            x = centre.center().x() if other in ("E", "W") else \
                centre.left() + centre.width() * along
            return QPointF(x, rect.top() if seat == "E" else rect.bottom())
        y = centre.center().y() if other in ("N", "S") else \
            centre.top() + centre.height() * along
        return QPointF(rect.left() if seat == "S" else rect.right(), y)


VIEWS = {
    "mahjong.liability": Liability,
    "mahjong.payments": Payments,
}
