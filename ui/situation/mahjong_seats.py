"""The Mah-Jong table with its four seats: claims, false wins and liability, payments.

East (the banker) sits at the bottom, South at his right, West opposite and North at his
left: turns go counterclockwise E → S → W → N. Each seat shows its wind, its tiles (the
concealed ones, then the sets on view) and what the question tells of it; the discard
lies in the middle with an arrow from the discarder. Seats and claims that are options
of the question are clicked to answer.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from i18n import _
from ui.drawing.chips import paint_stack, stack_height
from ui.drawing.tiles import TILE_RATIO, paint_tile, paint_tile_row
from ui.situation import mahjong_canvas as canvas
from ui.situation.mahjong_canvas import TableCanvas, badge, draw_text
from ui.situation.mahjong_hands import hand_groups, paint_hand, variant_name, wind_name

SEATS = ("E", "S", "W", "N")
PANEL = QColor(0, 0, 0, 55)
ASKED = QColor("#2f6fd6")
TAG = QColor("#fbe7a8")


class SeatsTable(TableCanvas):
    """Four seats round a square table; subclasses say what each seat shows."""

    def banker(self) -> str:
        return self.situation.get("banker", "E")

    def hand(self, seat: str) -> dict[str, Any] | None:
        return self.situation.get("hands", {}).get(seat)

    def hidden_count(self, seat: str) -> int:
        """How many face-down tiles a seat without a shown hand holds."""
        simplified = self.situation.get("variant") == "simplified"
        count = 4 if simplified else 13
        return count + (1 if seat == self.banker() and not simplified else 0)

    def seat_value(self, seat: str) -> Any:
        return seat

    def seat_tags(self, seat: str) -> list[tuple[str, QColor]]:
        return []

    def seat_mark(self, seat: str) -> QColor | None:
        """A coloured rim round a seat (the discarder, the winner …)."""
        return None

    def asked_seat(self) -> str | None:
        return None

    def corner_lines(self) -> list[str]:
        """Texts in the table's top left corner: the form of the game, the round wind."""
        lines = [variant_name(self.situation.get("variant", ""))]
        if "round_wind" in self.situation:
            lines.append(_("Round wind: {wind}").format(
                wind=wind_name(self.situation["round_wind"])))
        return lines

    def describe(self) -> str:
        return _("Mah-Jong table: East (banker) at the bottom, South at his right, West "
                 "opposite, North at his left.")

    # Geometry --------------------------------------------------------------------------

    def table_rect(self, area: QRectF) -> QRectF:
        margin = self.unit()
        return area.adjusted(margin, margin, -margin, -margin)

    def seat_rect(self, table: QRectF, seat: str) -> QRectF:
        pad = self.unit() * 1.2
        band = table.height() * 0.3
        inner = table.adjusted(pad, pad, -pad, -pad)
        side_w = inner.width() * 0.37
        if seat in ("E", "W"):
            width = inner.width() * 0.66
            top = inner.bottom() - band if seat == "E" else inner.top()
            return QRectF(inner.center().x() - width / 2, top, width, band)
        left = inner.left() if seat == "N" else inner.right() - side_w
        return QRectF(left, inner.top() + band + pad, side_w,
                      inner.height() - 2 * band - 2 * pad)

    def centre_rect(self, table: QRectF) -> QRectF:
        west, east = self.seat_rect(table, "N"), self.seat_rect(table, "S")
        return QRectF(west.right() + self.unit(), west.top(),
                      east.left() - west.right() - 2 * self.unit(), west.height())

    # Painting --------------------------------------------------------------------------

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        table = self.table_rect(area)
        canvas.paint_felt(painter, table, oval=False)
        corner = QRectF(table.left() + self.unit() * 1.2, table.top() + self.unit() * 0.6,
                        table.width() * 0.16, self.unit() * 2.6)
        for text in self.corner_lines():
            draw_text(painter, corner, text, pixels=self.unit() * 1.4, colour=QColor("white"),
                      bold=True, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            corner.translate(0, corner.height())
        for seat in SEATS:
            self.paint_seat(painter, self.seat_rect(table, seat), seat)
        self.paint_centre(painter, self.centre_rect(table), table)

    def paint_seat(self, painter: QPainter, rect: QRectF, seat: str) -> None:
        unit = self.unit()
        value = self.seat_value(seat)
        fill = self.state_fill(value, PANEL) if value is not None else PANEL
        if fill is canvas.HOVER:
            fill = QColor(255, 244, 194, 120)
        elif fill in (canvas.RIGHT, canvas.WRONG):
            fill = QColor(fill.red(), fill.green(), fill.blue(), 170)
        rim = self.seat_mark(seat)
        if seat == self.asked_seat():
            painter.setPen(QPen(ASKED, unit * 0.45))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-unit * 0.5, -unit * 0.5, unit * 0.5,
                                                  unit * 0.5), unit * 1.2, unit * 1.2)
        painter.setPen(QPen(rim, unit * 0.45) if rim is not None else Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, unit, unit)
        if value is not None:
            self.target(rect, value)
        header = QRectF(rect.left() + unit * 0.6, rect.top() + unit * 0.4,
                        rect.width() - unit * 1.2, unit * 2.6)
        x = self.paint_header(painter, header, seat)
        self.paint_header_right(painter, QRectF(x, header.top(), header.right() - x,
                                                header.height()), seat)
        body = QRectF(rect.left() + unit * 0.6, header.bottom() + unit * 0.3,
                      rect.width() - unit * 1.2, rect.bottom() - header.bottom() - unit * 0.7)
        self.paint_body(painter, body, seat)

    def paint_header(self, painter: QPainter, header: QRectF, seat: str) -> float:
        """The seat's wind tile, name, banker badge and tags; returns where they end."""
        unit = self.unit()
        tile_h = header.height()
        paint_tile(painter, QRectF(header.left(), header.top(), tile_h * TILE_RATIO, tile_h),
                   seat)
        x = header.left() + tile_h * TILE_RATIO + unit * 0.6
        name = wind_name(seat)
        bounds = draw_text(painter, QRectF(x, header.top(), header.width() * 0.3,
                                           header.height()), name, pixels=unit * 1.7,
                           colour=QColor("white"), bold=True,
                           align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        x = bounds.right() + unit * 1.2
        pills = ([(_("Banker"), canvas.BANKER)] if seat == self.banker() else [])
        for text, colour in pills + self.seat_tags(seat):
            width = canvas.text_width(text, unit * 1.25, bold=True) + unit * 1.4
            box = badge(painter, QPointF(x + width / 2, header.center().y()), text,
                        pixels=unit * 1.25, fill=colour)
            x = box.right() + unit * 0.5
        return x

    def paint_header_right(self, painter: QPainter, box: QRectF, seat: str) -> None:
        """Room at the right of the header (claims)."""

    def paint_body(self, painter: QPainter, body: QRectF, seat: str) -> None:
        hand = self.hand(seat)
        if hand is None:  # a hand nobody is asked about: its backs, not too large
            height = min(body.height(), self.unit() * 6)
            row = QRectF(body.left(), body.center().y() - height / 2, body.width(), height)
            paint_tile_row(painter, row, [None] * self.hidden_count(seat), face_up=False,
                           gap=0.02)
            return
        concealed, melds, kongs = hand_groups(hand)
        paint_hand(painter, body, concealed, melds, kongs)

    def paint_centre(self, painter: QPainter, box: QRectF, table: QRectF) -> None:
        """The middle of the table (subclasses)."""

    def paint_discard(self, painter: QPainter, box: QRectF, table: QRectF, discarder: str,
                      tile: str, caption: str) -> QRectF:
        """The discard in the middle, an arrow from its discarder, a caption under it."""
        unit = self.unit()
        height = min(box.height() * 0.5, unit * 8)
        width = height * TILE_RATIO
        rect = QRectF(box.center().x() - width / 2, box.top() + unit * 0.5, width, height)
        seat = self.seat_rect(table, discarder)
        start = QPointF(min(max(rect.center().x(), seat.left()), seat.right()),
                        min(max(rect.center().y(), seat.top()), seat.bottom()))
        end = QPointF(start.x() + (rect.center().x() - start.x()) * 0.75,
                      start.y() + (rect.center().y() - start.y()) * 0.75)
        canvas.arrow(painter, start, end, canvas.FOCUS, unit * 0.4)
        paint_tile(painter, rect, tile, highlight=canvas.FOCUS)
        draw_text(painter, QRectF(box.left(), rect.bottom() + unit * 0.3, box.width(),
                                  unit * 2.2), caption, pixels=unit * 1.4,
                  colour=QColor("white"), bold=True)
        return rect


class Claim(SeatsTable):
    """Who takes the discard: every hand, the bars, and a button per possible claim."""

    KINDS = ("win", "kong", "pung", "chow")

    def seat_value(self, seat: str) -> Any:
        return None

    def seat_mark(self, seat: str) -> QColor | None:
        return canvas.FOCUS if seat == self.situation["discarder"] else None

    def seat_tags(self, seat: str) -> list[tuple[str, QColor]]:
        s = self.situation
        bars = s.get("bars", {})
        tags = []
        if seat == s["discarder"]:
            tags.append((_("Discards"), canvas.FOCUS))
        if seat in bars.get("withdrew_pung", ()):
            tags.append((_("Withdrew a pung call"), TAG))
        if seat in bars.get("saw_tiles", ()):
            tags.append((_("Saw another's tiles"), TAG))
        return tags

    def claim_label(self, kind: str) -> str:
        return {"win": _("Win"), "kong": _("Kong"), "pung": _("Pung"), "chow": _("Chow")}[kind]

    def paint_header_right(self, painter: QPainter, box: QRectF, seat: str) -> None:
        unit = self.unit()
        values = [(f"{seat}-{kind}", self.claim_label(kind)) for kind in self.KINDS
                  if f"{seat}-{kind}" in self.options]
        x = box.right()
        for value, text in reversed(values):
            width = canvas.text_width(text, unit * 1.3, bold=True) + unit * 1.6
            pill = QRectF(x - width, box.top() + unit * 0.2, width, box.height() - unit * 0.4)
            self.paint_button(painter, pill, text, value)
            x = pill.left() - unit * 0.4

    def paint_button(self, painter: QPainter, pill: QRectF, text: str, value: Any) -> None:
        fill = self.state_fill(value, QColor("#f4efe1"))
        painter.setPen(QPen(QColor("#333333"), 1))
        painter.setBrush(fill)
        painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
        colour = QColor("white") if fill in (canvas.RIGHT, canvas.WRONG) else canvas.INK
        draw_text(painter, pill, text, pixels=self.unit() * 1.3, colour=colour, bold=True)
        self.target(pill, value)

    def paint_centre(self, painter: QPainter, box: QRectF, table: QRectF) -> None:
        s = self.situation
        rect = self.paint_discard(painter, box, table, s["discarder"], s["discard"],
                                  _("{seat} discards").format(seat=wind_name(s["discarder"])))
        if "nobody" in self.options:
            text = _("Nobody")
            unit = self.unit()
            width = canvas.text_width(text, unit * 1.4, bold=True) + unit * 2
            pill = QRectF(box.center().x() - width / 2, rect.bottom() + unit * 3, width,
                          unit * 2.6)
            self.paint_button(painter, pill, text, "nobody")


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
        rect = self.paint_discard(painter, box, table, s["discarder"], s["discard"],
                                  _("{seat} discards").format(seat=wind_name(s["discarder"])))
        y = rect.bottom() + unit * 2.8
        if s["fourth_set"]:
            small = unit * 4
            paint_tile(painter, QRectF(box.center().x() - small * TILE_RATIO / 2, y,
                                       small * TILE_RATIO, small), s["winning_tile"])
            draw_text(painter, QRectF(box.left(), y + small, box.width(), unit * 2),
                      _("Then draws this tile and wins"), pixels=unit * 1.2,
                      colour=QColor("white"))
            y += small + unit * 2.4
        on_view = s["on_view"].split()
        caption = QRectF(box.left(), y, box.width(), unit * 2)
        draw_text(painter, caption, _("Other tiles on view") if on_view else
                  _("No other tiles on view"), pixels=unit * 1.2, colour=QColor("white"))
        if on_view:
            paint_tile_row(painter, QRectF(box.left(), caption.bottom(), box.width(),
                                           min(unit * 4, box.bottom() - caption.bottom())),
                           on_view, gap=0.05)


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
            radius = min(body.height() * 0.2, self.unit() * 2)
            spot = QRectF(tiles.right(), body.top(), body.width() - tiles.width(),
                          body.height() - self.unit() * 1.8)
            top = spot.center().y() - stack_height(radius, amount) / 2
            bounds = paint_stack(painter, QPointF(spot.center().x(), top + stack_height(
                radius, amount) - radius * 1.3), radius, amount)
            draw_text(painter, QRectF(spot.left(), bounds.bottom(), spot.width(),
                                      self.unit() * 1.8), _("Capital in play"),
                      pixels=self.unit() * 1.2, colour=QColor("white"), bold=True)
            return
        super().paint_body(painter, body, seat)

    def paint_centre(self, painter: QPainter, box: QRectF, table: QRectF) -> None:
        s = self.situation
        unit = self.unit()
        winner = self.seat_rect(table, s["winner"])
        for seat in SEATS:
            if seat == s["winner"]:
                continue
            start = self.seat_rect(table, seat).center()
            end = winner.center()
            canvas.arrow(painter, QPointF(start.x() + (end.x() - start.x()) * 0.3,
                                          start.y() + (end.y() - start.y()) * 0.3),
                         QPointF(start.x() + (end.x() - start.x()) * 0.62,
                                 start.y() + (end.y() - start.y()) * 0.62),
                         QColor(255, 255, 255, 150), unit * 0.35)
        badge(painter, box.center(), _("{seat} wins: {grade}").format(
            seat=wind_name(s["winner"]), grade=self.grade()), pixels=unit * 1.5,
            fill=canvas.NOTE)


VIEWS = {
    "mahjong.claim": Claim,
    "mahjong.liability": Liability,
    "mahjong.payments": Payments,
}
