"""Mah-Jong: who is liable for a false win or a discard, and who pays whom for a win.

Both are the table with its four seats (:class:`~ui.situation.mahjong_seats.SeatsTable`):
the declarer, the winner and the discarder are rimmed and tagged at their seats; the
discard lies in the middle, and arrows go from the payers to the winner.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter

from i18n import _
from ui.drawing.chips import paint_stack, stack_height
from ui.drawing.text import fit_text, paint_badge, text_height
from ui.drawing.tiles import TILE_RATIO, paint_tile, paint_tile_row
from ui.situation import mahjong_canvas as canvas
from ui.situation.mahjong_hands import wind_name
from ui.situation.mahjong_seats import SEATS, TAG, SeatsTable


class Liability(SeatsTable):
    """A false win laid down, or a win on a discard with what the discarder held."""

    def false_win(self) -> bool:
        return "declarer" in self.situation

    def asked_seat(self) -> str | None:
        s = self.situation
        asked = s.get("asked")
        if self.false_win():
            return s["declarer"] if asked == "total" else asked
        return s["discarder"] if asked == "amount" else None

    def seat_value(self, seat: str) -> Any:
        if not self.false_win() and seat == self.situation["discarder"]:
            return "discarder"
        return None

    def seat_mark(self, seat: str) -> QColor | None:
        s = self.situation
        if seat in (s.get("declarer"), s.get("winner")):
            return canvas.BANKER
        return canvas.FOCUS if seat == s.get("discarder") else None

    def seat_tags(self, seat: str) -> list[tuple[str, QColor]]:
        s = self.situation
        if self.false_win():
            return [(_("Declares a win"), canvas.BANKER)] if seat == s["declarer"] else []
        if seat == s["winner"]:
            text = _("Pungs it (fourth set on view)") if s["fourth_set"] else _("Wins on it")
            return [(text, canvas.BANKER)]
        if seat != s["discarder"]:
            return []
        if not s["waiting"]:
            state = _("Was not waiting")
        elif s["broke"]:
            state = _("Broke his ready hand")
        else:
            state = _("Waiting, still ready")
        return [(_("Discards"), canvas.FOCUS), (state, TAG)]

    def paint_body(self, painter: QPainter, body: QRectF, seat: str) -> None:
        s = self.situation
        if not self.false_win() and seat == s["discarder"]:
            kept = s["kept"].split()
            hidden = max(0, self.hidden_count(seat) - 1 - len(kept))
            height = min(body.height(), self.unit() * 7)
            row = QRectF(body.left(), body.center().y() - height / 2, body.width(), height)
            paint_tile_row(painter, row, kept + [None] * hidden, gap=0.02)
            return
        super().paint_body(painter, body, seat)

    def paint_centre(self, painter: QPainter, box: QRectF, table: QRectF) -> None:
        s = self.situation
        unit = self.unit()
        if self.false_win():
            return
        shown = self.paint_discard(painter, box, table, s["discarder"], s["discard"],
                                   _("{seat} discards").format(seat=wind_name(s["discarder"])))
        y = shown.bottom() + unit * 0.6
        if s["fourth_set"]:
            small = unit * 4
            paint_tile(painter, QRectF(box.center().x() - small * TILE_RATIO / 2, y,
                                       small * TILE_RATIO, small), s["winning_tile"])
            y += small + unit * 0.2
            y = self.caption(painter, box, y, _("Then draws this tile and wins")) + unit * 0.4
        on_view = s["on_view"].split()
        y = self.caption(painter, box, y, _("Other tiles on view") if on_view else
                         _("No other tiles on view"))
        if on_view:
            paint_tile_row(painter, QRectF(box.left(), y, box.width(),
                                           min(unit * 4, box.bottom() - y)), on_view, gap=0.05)

    def caption(self, painter: QPainter, box: QRectF, top: float, text: str) -> float:
        """A line of words across ``box`` from ``top``; returns where it ends."""
        pixels = self.unit() * 1.2
        words = QRectF(box.left(), top, box.width(), max(
            self.unit() * 2, text_height(text, box.width(), pixels=pixels)))
        fit_text(painter, words, text, pixels=pixels, colour=QColor("white"))
        return words.bottom()


class Payments(SeatsTable):
    """Who pays whom for a win: the winner, the banker, the grade and the capital."""

    def asked_seat(self) -> str | None:
        asked = self.situation["asked"]
        return self.situation["winner"] if asked == "winner" else asked

    def seat_value(self, seat: str) -> Any:
        return None

    def seat_mark(self, seat: str) -> QColor | None:
        return canvas.BANKER if seat == self.situation["winner"] else None

    def seat_tags(self, seat: str) -> list[tuple[str, QColor]]:
        return [(_("Wins"), canvas.BANKER)] if seat == self.situation["winner"] else []

    def grade(self) -> str:
        return {0: _("Kai vu (the minimum hand)"), 1: _("1 fán"),
                2: _("Double fán")}[int(self.situation["fan"])]

    def paint_body(self, painter: QPainter, body: QRectF, seat: str) -> None:
        s = self.situation
        if seat == s["winner"] and "capital" in s:
            tiles = QRectF(body.left(), body.top(), body.width() * 0.62, body.height())
            super().paint_body(painter, tiles, seat)
            amount = Decimal(s["capital"])
            text = _("Capital in play")
            width = body.width() - tiles.width()
            caption_h = max(self.unit() * 1.8, text_height(text, width, pixels=self.unit() * 1.2,
                                                           bold=True))
            spot = QRectF(tiles.right(), body.top(), width, body.height() - caption_h)
            radius = max(2.0, min(spot.height() * 0.2, self.unit() * 2))
            top = spot.center().y() - stack_height(radius, amount) / 2
            bounds = paint_stack(painter, QPointF(spot.center().x(), top + stack_height(
                radius, amount) - radius * 1.3), radius, amount)
            fit_text(painter, QRectF(spot.left(), min(bounds.bottom(), spot.bottom()),
                                     spot.width(), caption_h), text,
                     pixels=self.unit() * 1.2, colour=QColor("white"), bold=True)
            return
        super().paint_body(painter, body, seat)

    def paint_under(self, painter: QPainter, table: QRectF) -> None:
        """Arrows from the payers towards the winner, under the seats and their words."""
        s = self.situation
        unit = self.unit()
        winner = self.seat_rect(table, s["winner"])
        for seat in SEATS:
            if seat == s["winner"]:
                continue
            start = self.seat_rect(table, seat).center()
            way = winner.center() - start
            length = max(1e-6, (way.x() ** 2 + way.y() ** 2) ** 0.5)
            entry = next((share for share in (i / 100 for i in range(101))
                          if winner.contains(start + way * share)), 1.0)
            end = min(0.62, entry - unit * 0.5 / length)  # its head short of the winner
            canvas.arrow(painter, start + way * min(0.3, end - unit * 3 / length),
                         start + way * end, QColor(255, 255, 255, 150), unit * 0.35)

    def paint_centre(self, painter: QPainter, box: QRectF, table: QRectF) -> None:
        s = self.situation
        unit = self.unit()
        paint_badge(painter, box.center(), _("{seat} wins: {grade}").format(
            seat=wind_name(s["winner"]), grade=self.grade()), pixels=unit * 1.5,
            fill=canvas.NOTE, max_width=box.width())


VIEWS = {
    "mahjong.liability": Liability,
    "mahjong.payments": Payments,
}
