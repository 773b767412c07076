"""The Mah-Jong wall: four walls of stacks, each before its seat, and the banker's dice.

East's wall lies at the bottom before East (the banker), South's at the right, West's at
the top and North's at the left. Stacks are numbered as the rules count them, from each
wall's right end as its owner sees it (East's from the screen's right, South's from the
top, West's from the left, North's from the bottom). The asked stack and layer are
rimmed; once answered, the break is marked where the banker sets his stacks apart.
Clicking a wall or a seat, or a stack for "which stack first", answers.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from i18n import _
from trainer.rules.mahjong.tiles import Variant
from trainer.rules.mahjong.wall import STACKS, break_wall
from ui.drawing.tiles import paint_tile
from ui.situation import mahjong_canvas as canvas
from ui.situation.mahjong_canvas import TableCanvas, badge, draw_text
from ui.situation.mahjong_hands import variant_name, wind_name

SEATS = ("E", "S", "W", "N")


class Wall(TableCanvas):
    def variant(self) -> Variant:
        return Variant(self.situation["variant"])

    def stacks(self) -> int:
        return STACKS[self.variant()]

    def describe(self) -> str:
        return _("The Mah-Jong wall: four walls of {stacks} stacks; the dice show "
                 "{dice}.").format(stacks=self.stacks(),
                                   dice=" + ".join(str(d) for d in self.situation["dice"]))

    # Geometry --------------------------------------------------------------------------

    def square(self, area: QRectF) -> QRectF:
        side = min(area.height(), area.width() * 0.62) - 2 * self.unit()
        left = area.left() + max(self.unit(), (area.width() * 0.64 - side) / 2)
        return QRectF(left, area.center().y() - side / 2, side, side)

    def pitch(self, ring: QRectF) -> float:
        return ring.width() / (self.stacks() + 2 * 1.4)

    def wall_rect(self, ring: QRectF, seat: str) -> QRectF:
        pitch = self.pitch(ring)
        depth = pitch * 1.4
        length = pitch * self.stacks()
        if seat == "E":
            return QRectF(ring.left() + depth, ring.bottom() - depth, length, depth)
        if seat == "W":
            return QRectF(ring.left() + depth, ring.top(), length, depth)
        if seat == "S":
            return QRectF(ring.right() - depth, ring.top() + depth, depth, length)
        return QRectF(ring.left(), ring.top() + depth, depth, length)

    def stack_rect(self, ring: QRectF, seat: str, number: int) -> QRectF:
        """Stack ``number`` (1 at the wall's right end as its owner sees it)."""
        wall = self.wall_rect(ring, seat)
        pitch = self.pitch(ring)
        if seat == "E":
            return QRectF(wall.right() - number * pitch, wall.top(), pitch, wall.height())
        if seat == "W":
            return QRectF(wall.left() + (number - 1) * pitch, wall.top(), pitch, wall.height())
        if seat == "S":
            return QRectF(wall.left(), wall.top() + (number - 1) * pitch, wall.width(), pitch)
        return QRectF(wall.left(), wall.bottom() - number * pitch, wall.width(), pitch)

    # Painting --------------------------------------------------------------------------

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        unit = self.unit()
        table = area.adjusted(unit, unit, -unit, -unit)
        canvas.paint_felt(painter, table, oval=False)
        square = self.square(table)
        ring = square.adjusted(unit * 4.6, unit * 4.6, -unit * 4.6, -unit * 4.6)
        for seat in SEATS:
            self.paint_wall(painter, ring, seat)
            self.paint_seat_label(painter, square, ring, seat)
        if self.answered:
            self.paint_break(painter, ring)
        self.paint_side(painter, QRectF(square.right() + unit * 2, table.top() + unit,
                                        table.right() - square.right() - unit * 3,
                                        table.height() - unit * 2))

    def paint_wall(self, painter: QPainter, ring: QRectF, seat: str) -> None:
        s = self.situation
        unit = self.unit()
        wall = self.wall_rect(ring, seat)
        wall_value = seat if s["ask"] in ("wall", "source") else None
        fill = self.state_fill(wall_value, QColor(0, 0, 0, 40)) if wall_value else None
        if fill is not None:
            marked = self.mark(wall_value)  # right or wrong: a strong rim, not a fill
            if marked == canvas.RIGHT:
                marked = canvas.RIGHT_ON_FELT
            painter.setPen(QPen(marked, unit * 0.6) if marked else Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 40) if marked else fill)
            painter.drawRoundedRect(wall.adjusted(-unit * 0.4, -unit * 0.4, unit * 0.4,
                                                  unit * 0.4), unit * 0.5, unit * 0.5)
            self.target(wall.adjusted(-unit * 0.4, -unit * 0.4, unit * 0.4, unit * 0.4),
                        seat)
        for number in range(1, self.stacks() + 1):
            rect = self.stack_rect(ring, seat, number)
            tile = rect.adjusted(rect.width() * 0.05, rect.height() * 0.05,
                                 -rect.width() * 0.05, -rect.height() * 0.05)
            shadow = tile.translated(unit * 0.25, unit * 0.25)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#0e3a2a"))  # the bottom tile of the stack
            painter.drawRoundedRect(shadow, tile.width() * 0.12, tile.width() * 0.12)
            value = number if s["ask"] == "first_stack" else None
            marked = self.mark(value) if value is not None else None
            hover = value is not None and value == self._hover_value and not self.answered
            paint_tile(painter, tile, None, face_up=False,
                       highlight=marked or (canvas.FOCUS if hover else None))
            if value is not None:
                self.target(rect, value)
            self.paint_number(painter, ring, seat, number, rect)
        if s["ask"] == "owner" and s["wall"] == seat:
            rect = self.stack_rect(ring, seat, int(s["stack"]))
            painter.setPen(QPen(canvas.FOCUS, unit * 0.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 3, 3)
            text = _("Top tile") if s["layer"] == "top" else _("Bottom tile")
            inward = QPointF(ring.center().x() - rect.center().x(),
                             ring.center().y() - rect.center().y())
            length = max(1.0, (inward.x() ** 2 + inward.y() ** 2) ** 0.5)
            at = rect.center() + inward * (unit * 6 / length)
            badge(painter, at, text, pixels=unit * 1.3, fill=canvas.FOCUS)

    def paint_number(self, painter: QPainter, ring: QRectF, seat: str, number: int,
                     rect: QRectF) -> None:
        """The stack's number beside it: inside the side walls, outside the others (so
        that the corners stay clear); every other one when there is no room."""
        unit = self.unit()
        if self.pitch(ring) < unit * 2.2 and number % 2 == 0 and number != self.stacks():
            return
        size = unit * 1.6
        offset = {"E": QPointF(0, rect.height() / 2 + size * 0.6),
                  "W": QPointF(0, -rect.height() / 2 - size * 0.6),
                  "S": QPointF(-rect.width() / 2 - size * 0.7, 0),
                  "N": QPointF(rect.width() / 2 + size * 0.7, 0)}[seat]
        centre = rect.center() + offset
        draw_text(painter, QRectF(centre.x() - size, centre.y() - size / 2, 2 * size, size),
                  str(number), pixels=unit * 1.05, colour=QColor(255, 255, 255, 200))

    def paint_seat_label(self, painter: QPainter, square: QRectF, ring: QRectF,
                         seat: str) -> None:
        unit = self.unit()
        wall = self.wall_rect(ring, seat)
        text = _("{seat} (banker)").format(seat=wind_name(seat)) if seat == "E" \
            else wind_name(seat)
        centre = {"E": QPointF(wall.center().x(), square.bottom() - unit * 1.5),
                  "W": QPointF(wall.center().x(), square.top() + unit * 1.5),
                  "S": QPointF(square.right() - unit * 1.5, wall.center().y()),
                  "N": QPointF(square.left() + unit * 1.5, wall.center().y())}[seat]
        value = seat if self.situation["ask"] == "owner" else None
        fill = self.state_fill(value, canvas.BANKER if seat == "E" else canvas.SPOT) \
            if value else (canvas.BANKER if seat == "E" else canvas.SPOT)
        painter.save()
        painter.translate(centre)
        if seat in ("S", "N"):
            painter.rotate(-90 if seat == "N" else 90)
        box = badge(painter, QPointF(0, 0), text, pixels=unit * 1.4, fill=fill,
                    colour=QColor("white") if fill in (canvas.RIGHT, canvas.WRONG)
                    else canvas.INK)
        painter.restore()
        if value is not None:
            hit = QRectF(centre.x() - box.width() / 2, centre.y() - box.height() / 2,
                         box.width(), box.height())
            if seat in ("S", "N"):
                hit = QRectF(centre.x() - box.height() / 2, centre.y() - box.width() / 2,
                             box.height(), box.width())
            self.target(hit, seat)

    def paint_break(self, painter: QPainter, ring: QRectF) -> None:
        """Where the banker breaks the wall: after ``total`` stacks of the picked wall."""
        total = sum(self.situation["dice"])
        wall, apart = break_wall(total, self.variant())
        apart = min(apart, self.stacks())
        rect = self.stack_rect(ring, wall.value, apart)
        unit = self.unit()
        edge = {"E": (rect.topLeft(), rect.bottomLeft()), "W": (rect.topRight(),
                rect.bottomRight()), "S": (rect.bottomLeft(), rect.bottomRight()),
                "N": (rect.topLeft(), rect.topRight())}[wall.value]
        painter.setPen(QPen(canvas.ALERT, unit * 0.6))
        painter.drawLine(edge[0], edge[1])
        middle = QPointF((edge[0].x() + edge[1].x()) / 2, (edge[0].y() + edge[1].y()) / 2)
        inward = QPointF(ring.center().x() - middle.x(), ring.center().y() - middle.y())
        length = max(1.0, (inward.x() ** 2 + inward.y() ** 2) ** 0.5)
        badge(painter, middle + inward * (unit * 9 / length), _("Break"),
              pixels=unit * 1.3, fill=canvas.ALERT, colour=QColor("white"))

    def paint_side(self, painter: QPainter, box: QRectF) -> None:
        s = self.situation
        unit = self.unit()
        draw_text(painter, QRectF(box.left(), box.top(), box.width(), unit * 2.6),
                  variant_name(s["variant"]), pixels=unit * 1.7, colour=QColor("white"),
                  bold=True)
        dice_box = QRectF(box.left(), box.top() + unit * 3.2, box.width(), unit * 7)
        canvas.paint_dice(painter, dice_box, list(s["dice"]))
        draw_text(painter, QRectF(box.left(), dice_box.bottom() + unit * 0.4, box.width(),
                                  unit * 2.2), _("The banker's dice"), pixels=unit * 1.4,
                  colour=QColor("white"))
        lines = [_("{stacks} stacks of two tiles in each wall").format(stacks=self.stacks()),
                 _("Stacks are numbered from each wall's right end, as its owner sees it")]
        if s["ask"] == "source":
            lines.append(_("Asked: {seat}'s tile number {tile}").format(
                seat=wind_name(s["seat"]), tile=s["tile"]))
        note = QRectF(box.left(), dice_box.bottom() + unit * 3.4, box.width(),
                      min(unit * 3.2 * len(lines), box.bottom() - dice_box.bottom() - unit * 3.6))
        if note.height() > unit * 3:
            canvas.note_box(painter, note, lines, pixels=unit * 1.3)


VIEWS = {"mahjong.wall": Wall}
