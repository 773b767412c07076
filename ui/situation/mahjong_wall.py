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
from PySide6.QtGui import QPainter, QPen

from i18n import _
from questions.mahjong.situation import WallBroken
from questions.situation import present
from trainer.rules.mahjong.hands.tiles import Variant
from trainer.rules.mahjong.play.wall import STACKS, break_wall
from ui.drawing.text import badge_size, fit_text, line_height, paint_badge, text_height, text_width
from ui.drawing.tiles import paint_tile
from ui.palette import swatch
from ui.situation import mahjong_canvas as canvas
from ui.situation.base import situation_of
from ui.situation.mahjong_canvas import TableCanvas
from ui.situation.mahjong_hands import variant_name, wind_name

SEATS = ("E", "S", "W", "N")


class Wall(TableCanvas):
    def dealt(self) -> WallBroken:
        return situation_of(self.question, WallBroken)

    def variant(self) -> Variant:
        return self.dealt().variant

    def stacks(self) -> int:
        return STACKS[self.variant()]

    def describe(self) -> str:
        return _("The Mah-Jong wall: four walls of {stacks} stacks; the dice show "
                 "{dice}.").format(stacks=self.stacks(),
                                   dice=" + ".join(str(d) for d in self.dealt().dice))

    # Geometry --------------------------------------------------------------------------

    def square(self, area: QRectF) -> QRectF:
        side = min(area.height(), area.width() * 0.62) - 2 * self.unit()
        left = area.left() + max(self.unit(), (area.width() * 0.64 - side) / 2)
        return QRectF(left, area.center().y() - side / 2, side, side)

    def margin(self) -> float:
        """Between the square and the walls: the stacks' numbers and the seats' names."""
        unit = self.unit()
        label = badge_size(_("{seat} (banker)").format(seat=wind_name("E")), unit * 1.4)
        return max(unit * 4.6, line_height(unit * 1.05) + label.height() + unit * 0.8)

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
        margin = self.margin()
        ring = square.adjusted(margin, margin, -margin, -margin)
        for seat in SEATS:
            self.paint_wall(painter, ring, seat)
            self.paint_seat_label(painter, square, ring, seat)
        if self.answered:
            self.paint_break(painter, ring)
        self.paint_side(painter, QRectF(square.right() + unit * 2, table.top() + unit,
                                        table.right() - square.right() - unit * 3,
                                        table.height() - unit * 2))

    def paint_wall(self, painter: QPainter, ring: QRectF, seat: str) -> None:
        s = self.dealt()
        unit = self.unit()
        wall = self.wall_rect(ring, seat)
        wall_value = seat if s.ask in ("wall", "source") else None
        fill = self.state_fill(wall_value, swatch("felt_shade")) if wall_value else None
        if fill is not None:
            marked = self.mark(wall_value)  # right or wrong: a strong rim, not a fill
            if marked == canvas.RIGHT:
                marked = canvas.RIGHT_ON_FELT
            painter.setPen(QPen(marked, unit * 0.6) if marked else Qt.PenStyle.NoPen)
            painter.setBrush(swatch("felt_shade") if marked else fill)
            painter.drawRoundedRect(wall.adjusted(-unit * 0.4, -unit * 0.4, unit * 0.4,
                                                  unit * 0.4), unit * 0.5, unit * 0.5)
            self.paint_mark(painter, wall, marked)
            self.target(wall.adjusted(-unit * 0.4, -unit * 0.4, unit * 0.4, unit * 0.4),
                        seat)
        for number in range(1, self.stacks() + 1):
            rect = self.stack_rect(ring, seat, number)
            tile = rect.adjusted(rect.width() * 0.05, rect.height() * 0.05,
                                 -rect.width() * 0.05, -rect.height() * 0.05)
            shadow = tile.translated(unit * 0.25, unit * 0.25)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(swatch("felt_bottom"))  # the bottom tile of the stack
            painter.drawRoundedRect(shadow, tile.width() * 0.12, tile.width() * 0.12)
            value = number if s.ask == "first_stack" else None
            marked = self.mark(value) if value is not None else None
            hover = value is not None and value == self._hover_value and not self.answered
            paint_tile(painter, tile, None, face_up=False,
                       highlight=marked or (canvas.FOCUS if hover else None))
            self.paint_mark(painter, tile, marked)
            if value is not None:
                self.target(rect, value)
            self.paint_number(painter, ring, seat, number, rect)
        if s.ask == "owner" and s.wall == seat:
            rect = self.stack_rect(ring, seat, present(s.stack))
            painter.setPen(QPen(canvas.FOCUS, unit * 0.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 3, 3)
            text = _("Top tile") if s.layer == "top" else _("Bottom tile")
            paint_badge(painter, self.inside(ring, rect.center(), text), text,
                        pixels=unit * 1.3, fill=canvas.FOCUS)

    def inside(self, ring: QRectF, near: QPointF, text: str) -> QPointF:
        """Where a badge with ``text`` goes nearest ``near`` inside the walls, clear of
        the stacks' numbers there."""
        unit = self.unit()
        depth = self.pitch(ring) * 1.4
        numbers = text_width(str(self.stacks()), unit * 1.05) + unit * 1.5
        size = badge_size(text, unit * 1.3)
        free = ring.adjusted(depth + numbers + size.width() / 2,
                             depth + unit * 0.5 + size.height() / 2,
                             -depth - numbers - size.width() / 2,
                             -depth - unit * 0.5 - size.height() / 2)
        if free.width() < 0 or free.height() < 0:
            return ring.center()
        return QPointF(min(max(near.x(), free.left()), free.right()),
                       min(max(near.y(), free.top()), free.bottom()))

    def paint_number(self, painter: QPainter, ring: QRectF, seat: str, number: int,
                     rect: QRectF) -> None:
        """The stack's number beside it: inside the side walls, outside the others (so
        that the corners stay clear); every other one (or fewer) where there is no room."""
        unit = self.unit()
        pixels = unit * 1.05
        width = text_width(str(self.stacks()), pixels) + 2
        height = line_height(pixels)
        pitch = self.pitch(ring)
        step = next(step for step in (1, 2, 3, 4, 6, 9)
                    if step * pitch >= (width if seat in ("E", "W") else height) or step == 9)
        last = self.stacks()
        shown = number == last or (not (number - 1) % step and last - number >= step)
        if not shown:  # the last stack's number always, in place of one too near it
            return
        gap = unit * 0.3
        offset = {"E": QPointF(0, rect.height() / 2 + gap + height / 2),
                  "W": QPointF(0, -rect.height() / 2 - gap - height / 2),
                  "S": QPointF(-rect.width() / 2 - gap - width / 2, 0),
                  "N": QPointF(rect.width() / 2 + gap + width / 2, 0)}[seat]
        centre = rect.center() + offset
        fit_text(painter, QRectF(centre.x() - width / 2, centre.y() - height / 2, width,
                                 height), str(number), pixels=pixels,
                 colour=swatch("felt_ink_soft"), wrap=False)

    def paint_seat_label(self, painter: QPainter, square: QRectF, ring: QRectF,
                         seat: str) -> None:
        unit = self.unit()
        wall = self.wall_rect(ring, seat)
        text = _("{seat} (banker)").format(seat=wind_name(seat)) if seat == "E" \
            else wind_name(seat)
        half = badge_size(text, unit * 1.4).height() / 2 + unit * 0.2
        centre = {"E": QPointF(wall.center().x(), square.bottom() - half),
                  "W": QPointF(wall.center().x(), square.top() + half),
                  "S": QPointF(square.right() - half, wall.center().y()),
                  "N": QPointF(square.left() + half, wall.center().y())}[seat]
        value = seat if self.dealt().ask == "owner" else None
        fill = self.state_fill(value, canvas.BANKER if seat == "E" else canvas.SPOT) \
            if value else (canvas.BANKER if seat == "E" else canvas.SPOT)
        painter.save()
        painter.translate(centre)
        if seat in ("S", "N"):
            painter.rotate(-90 if seat == "N" else 90)
        box = paint_badge(painter, QPointF(0, 0), text, pixels=unit * 1.4, fill=fill,
                          ink=swatch("badge_ink") if fill in (canvas.RIGHT, canvas.WRONG)
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
        total = sum(self.dealt().dice)
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
        paint_badge(painter, self.inside(ring, middle, _("Break")), _("Break"),
                    pixels=unit * 1.3, fill=canvas.ALERT, ink=swatch("badge_ink"))

    def paint_side(self, painter: QPainter, box: QRectF) -> None:
        """The form of the game, the banker's dice and the facts of the wall, top down."""
        s = self.dealt()
        unit = self.unit()
        y = self.side_caption(painter, box, box.top(), variant_name(s.variant),
                              pixels=unit * 1.7, bold=True)
        dice_box = QRectF(box.left(), y + unit * 0.6, box.width(), unit * 7)
        canvas.paint_dice(painter, dice_box, list(s.dice))
        y = self.side_caption(painter, box, dice_box.bottom() + unit * 0.4,
                              _("The banker's dice"), pixels=unit * 1.4)
        lines = [_("{stacks} stacks of two tiles in each wall").format(stacks=self.stacks()),
                 _("Stacks are numbered from each wall's right end, as its owner sees it")]
        if s.ask == "source":
            lines.append(_("Asked: {seat}'s tile number {tile}").format(
                seat=wind_name(present(s.seat)), tile=s.tile))
        height = min(canvas.note_height(lines, box.width(), pixels=unit * 1.3),
                     box.bottom() - y - unit)
        canvas.note_box(painter, QRectF(box.left(), y + unit, box.width(), height), lines,
                        pixels=unit * 1.3)

    def side_caption(self, painter: QPainter, box: QRectF, top: float, text: str, *,
                     pixels: float, bold: bool = False) -> float:
        """White words across ``box`` from ``top``; returns where they end."""
        words = QRectF(box.left(), top, box.width(),
                       text_height(text, box.width(), pixels=pixels, bold=bold))
        fit_text(painter, words, text, pixels=pixels, colour=swatch("felt_ink"), bold=bold)
        return words.bottom()


VIEWS = {"mahjong.wall": Wall}
