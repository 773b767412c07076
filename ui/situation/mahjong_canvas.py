"""A table painted in one piece, with the things on it that answer the question clickable.

The Mah-Jong and Mahjong Baccarat views draw the whole table with QPainter in
``paint_table``. While painting they register targets (a place, a seat, a tile, a claim)
with :meth:`TableCanvas.target`; a target whose value is one of the question's options
is clickable, reachable with the arrow keys (Enter or Space picks it) and marked after
the verdict: the expected option in green, a wrong pick in red. Every text is looked up
at paint time, so a language switch shows at the next repaint.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from questions import Question, Verdict
from ui import palette
from ui.drawing.text import FLOOR, paint_badge, paint_paragraphs, paragraphs_height
from ui.palette import swatch
from ui.situation.base import SituationView, option_label
from ui.widgets import accessible_parts as parts
from ui.widgets.accessible_parts import PaintedParts, Part
from ui.widgets.dice import die_name

FELT = swatch("felt")
FELT_DARK = swatch("felt_dark")
RAIL = swatch("rail")
SPOT = swatch("spot")
INK = swatch("ink")
MUTED = swatch("muted")
BANKER = swatch("banker")
RIGHT = swatch("mark_right")
RIGHT_ON_FELT = swatch("rim_right")  # the right answer as a rim on the green felt
WRONG = swatch("mark_wrong")
WRONG_ON_FELT = swatch("rim_wrong")  # a wrong pick as a rim on the green felt
FOCUS = swatch("focus")
HOVER = swatch("spot_hover")
ALERT = swatch("alert")
NOTE = swatch("note")

_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
         4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
         6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def contains(collection: Any, value: Any) -> bool:
    """Whether an answer (one value, or a set/list of them) is or holds ``value``."""
    if isinstance(collection, (set, frozenset, list, tuple)):
        return any(contains(item, value) for item in collection)
    if collection is None:
        return False
    return collection == value or str(collection).strip() == str(value)


class TableCanvas(PaintedParts, SituationView):
    """A situation painted as one table; subclasses implement :meth:`paint_table`."""

    #: The smallest size at which the drawing still holds all its words.
    minimum = QSize(420, 300)

    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        self.options = [option.value for option in question.form.options]
        self._targets: list[tuple[QPainterPath, Any]] = []
        self._focus_value: Any = None
        self._hover_value: Any = None
        self.given: Any = None
        self.expected: Any = None
        self.answered = False
        self.init_parts()
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if self.options
                            else Qt.FocusPolicy.NoFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(self.minimum)
        self.retranslate()

    # What subclasses provide ---------------------------------------------------------------

    def paint_table(self, painter: QPainter, area: QRectF) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        """The situation in words, for screen readers."""
        return ""

    # SituationView -------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.setAccessibleName(self.describe())
        self.parts_stale()
        self.update()

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        self.given, self.expected, self.answered = given, verdict.expected, True
        self.parts_stale()
        self.update()

    # Parts for screen readers (ui.widgets.accessible_parts) ---------------------------------

    def paint_parts(self, painter: QPainter) -> None:
        self.paint_canvas(painter)

    def option_label(self, value: Any) -> str:
        return option_label(self.question, value)

    def part_state(self, part: Part) -> Part:
        value = part.value
        if value is None or value not in self.options:
            return part
        marked = self.mark(value)
        verdict = None if marked is None else "right" if contains(self.expected, value) \
            else "wrong"
        return dataclasses.replace(
            part, pickable=not self.answered, verdict=verdict,
            picked=self.answered and contains(self.given, value),
            focused=self.hasFocus() and not self.answered and value == self._focus_value)

    def pick_part(self, part: Part) -> None:
        self.pick(part.value)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(960, 460)

    # Targets -------------------------------------------------------------------------------

    def target(self, shape: QRectF | QPainterPath, value: Any) -> None:
        """Register ``shape`` as the option ``value`` (ignored if it is not an option); a
        screen reader finds it among the parts, named as its option unless the drawing
        names it (:func:`ui.widgets.accessible_parts.note`)."""
        if value not in self.options:
            return
        if parts.recording():
            bounds = shape if isinstance(shape, QRectF) else shape.boundingRect()
            parts.note(None, parts.Role.Button, "", bounds, value=value)
        if self.answered:
            return
        if isinstance(shape, QRectF):
            path = QPainterPath()
            path.addRoundedRect(shape, 6, 6)
            shape = path
        self._targets.append((shape, value))

    def mark(self, value: Any) -> QColor | None:
        """Green for the expected option, red for a wrong pick, once answered."""
        if not self.answered:
            return None
        if contains(self.expected, value):
            return RIGHT
        if contains(self.given, value):
            return WRONG
        return None

    def paint_mark(self, painter: QPainter, rect: QRectF, marked: QColor | None) -> None:
        """A ✔ or ✘ at the corner of a marked target: shape as well as colour."""
        if marked is None or not self.answered:
            return
        right = marked in (RIGHT, RIGHT_ON_FELT)
        painter.save()  # a rim carries the verdict, whatever the fill: solid right, dashed wrong
        painter.setBrush(Qt.BrushStyle.NoBrush)
        width = self.unit() * (0.6 if palette.high_contrast() else 0.35)
        painter.setPen(QPen(RIGHT_ON_FELT if right else WRONG_ON_FELT, width,
                            Qt.PenStyle.SolidLine if right else Qt.PenStyle.DashLine))
        painter.drawRoundedRect(rect.adjusted(-width, -width, width, width), 6, 6)
        painter.restore()
        paint_badge(painter, rect.topRight(), "✔" if right else "✘",
                    pixels=self.unit() * 1.6, fill=RIGHT if right else WRONG,
                    ink=swatch("badge_ink"))

    def state_fill(self, value: Any, normal: QColor) -> QColor:
        """The fill of a target: its mark, lighter when hovered, else ``normal``."""
        marked = self.mark(value)
        if marked is not None:
            return marked
        if value in self.options and not self.answered and value == self._hover_value:
            return HOVER
        return normal

    def target_values(self) -> list[Any]:
        return [value for _shape, value in self._targets]

    def target_shape(self, value: Any) -> QPainterPath | None:
        return next((shape for shape, v in self._targets if v == value), None)

    def _value_at(self, point: QPointF) -> Any:
        for shape, value in reversed(self._targets):
            if shape.contains(point):
                return value
        return None

    def pick(self, value: Any) -> None:
        if value is not None and value in self.options and not self.answered:
            self._focus_value = value
            self.optionPicked.emit(value)
            self.update()

    # Painting ------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        self.parts_stale()
        painter = QPainter(self)
        # Clipped to what is being painted, so that a kept part outside it is not copied
        # again (ui.rounds.pictures); what is drawn is the same.
        painter.setClipRegion(event.region())
        self.paint_canvas(painter)
        painter.end()

    def paint_canvas(self, painter: QPainter) -> None:
        """The table and the focus ring, on ``painter`` (the widget's, or a picture's)."""
        self._targets = []
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.paint_table(painter, QRectF(self.rect()))
        # Tab stops here only when something on the table can be picked.
        policy = Qt.FocusPolicy.StrongFocus if self._targets else Qt.FocusPolicy.NoFocus
        if self.focusPolicy() != policy:
            self.setFocusPolicy(policy)
        if self.hasFocus() and not self.answered:
            shape = self.target_shape(self._focus_value)
            if shape is None and self._targets:
                self._focus_value = self._targets[0][1]
                shape = self._targets[0][0]
            if shape is not None:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(FOCUS, 4))
                painter.drawPath(shape)

    def unit(self) -> float:
        """A length that scales with the widget: 1 % of the smaller of width and 1.7×height."""
        return max(4.0, min(self.width(), self.height() * 1.7) / 100)

    # Input ---------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self.pick(self._value_at(event.position()))
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        hover = self._value_at(event.position())
        if hover != self._hover_value:
            self._hover_value = hover
            self.setCursor(Qt.CursorShape.PointingHandCursor
                           if hover is not None and not self.answered
                           else Qt.CursorShape.ArrowCursor)
            self.update()
        super().mouseMoveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        values = self.target_values()
        key = event.key()
        if values and key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Left,
                              Qt.Key.Key_Up):
            step = 1 if key in (Qt.Key.Key_Right, Qt.Key.Key_Down) else -1
            index = values.index(self._focus_value) if self._focus_value in values else -step
            self._focus_value = values[(index + step) % len(values)]
            self.update()
            self.tell_focus(self._focus_value)
        elif values and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.pick(self._focus_value if self._focus_value in values else values[0])
        else:
            super().keyPressEvent(event)


# Painting helpers --------------------------------------------------------------------------


def note_box(painter: QPainter, box: QRectF, lines: list[str], *, pixels: float) -> QRectF:
    """A card of short lines (the rulings' facts) in the middle of ``box``, as high as its
    words need (at most the box); returns the card."""
    pad = max(pixels, FLOOR) * 0.6
    height = min(box.height(), note_height(lines, box.width(), pixels=pixels))
    card = QRectF(box.left(), box.center().y() - height / 2, box.width(), height)
    painter.setPen(QPen(swatch("note_edge"), 1))
    painter.setBrush(NOTE)
    painter.drawRoundedRect(card, pad, pad)
    paint_paragraphs(painter, card.adjusted(pad, pad * 0.6, -pad, -pad * 0.6), lines,
                     pixels=pixels, align=Qt.AlignmentFlag.AlignLeft
                     | Qt.AlignmentFlag.AlignVCenter)
    return card


def note_height(lines: list[str], width: float, *, pixels: float) -> float:
    """How high :func:`note_box` makes its card for ``lines`` in ``width``."""
    pad = max(pixels, FLOOR) * 0.6
    return paragraphs_height(lines, width - 2 * pad, pixels=pixels) + pad * 1.2 + 1


def paint_die(painter: QPainter, rect: QRectF, face: int, *, tilt: float = 0.0) -> None:
    """A die seen from above (ivory, pips; one and four red as on Chinese dice)."""
    if parts.recording():
        parts.note(painter, parts.Role.Graphic, die_name(face), rect)
    painter.save()
    if tilt:
        painter.translate(rect.center())
        painter.rotate(tilt)
        painter.translate(-rect.center())
    side = rect.width()
    painter.setPen(QPen(swatch("die_edge"), max(1.0, side / 40)))
    painter.setBrush(swatch("die"))
    painter.drawRoundedRect(rect, side * 0.18, side * 0.18)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(swatch("die_red") if face in (1, 4) else swatch("die_black"))
    step = side / 4
    pip = side * (0.15 if face == 1 else 0.09)
    for col, row in _PIPS.get(face, []):
        centre = QPointF(rect.left() + step * (col + 1), rect.top() + step * (row + 1))
        painter.drawEllipse(centre, pip, pip)
    painter.restore()


def paint_dice(painter: QPainter, box: QRectF, faces: list[int]) -> list[QRectF]:
    """Dice side by side, centred in ``box``, as large as fit."""
    count = max(1, len(faces))
    side = min(box.height(), box.width() / (count * 1.25))
    x = box.center().x() - (count * side * 1.25 - side * 0.25) / 2
    rects = []
    for face in faces:
        rect = QRectF(x, box.center().y() - side / 2, side, side)
        paint_die(painter, rect, face)
        rects.append(rect)
        x += side * 1.25
    return rects


def paint_felt(painter: QPainter, rect: QRectF, *, oval: bool = True) -> None:
    painter.setPen(QPen(RAIL, _rail_width(rect)))
    painter.setBrush(FELT)
    radius = rect.height() * (0.48 if oval else 0.08)
    painter.drawRoundedRect(rect, radius, radius)


def _rail_width(rect: QRectF) -> float:
    return max(4.0, rect.height() * 0.025)


def felt_corner(rect: QRectF) -> float:
    """How far from the edges of a square felt words in its corner keep off the rail."""
    return _rail_width(rect) / 2 + rect.height() * 0.08 * 0.3 + 2


def arrow(painter: QPainter, start: QPointF, end: QPointF, colour: QColor,
          width: float) -> None:
    """A straight arrow from ``start`` to ``end``."""
    connector(painter, [start, end], colour, width)


def connector(painter: QPainter, points: list[QPointF], colour: QColor, width: float, *,
              head: bool = True) -> None:
    """A line through ``points`` (straight pieces, an L round what is in the way), with an
    arrowhead at the last point when ``head``."""
    painter.save()
    painter.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                        Qt.PenJoinStyle.RoundJoin))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for first, second in zip(points, points[1:], strict=False):
        painter.drawLine(first, second)
    if head and len(points) > 1:
        end, direction = points[-1], points[-1] - points[-2]
        length = max(1e-6, math.hypot(direction.x(), direction.y()))
        ux, uy = direction.x() / length, direction.y() / length
        size = width * 3.5
        for side in (-1, 1):
            painter.drawLine(end, QPointF(end.x() - ux * size - side * uy * size * 0.6,
                                          end.y() - uy * size + side * ux * size * 0.6))
    painter.restore()


def stretches(start: QPointF, end: QPointF, obstacles: list[QRectF],
              margin: float) -> list[tuple[QPointF, QPointF]]:
    """The pieces of the line from ``start`` to ``end`` that keep ``margin`` away from
    every rectangle in ``obstacles`` (a line that passes under a badge stops before it
    and goes on after it)."""
    way = end - start
    cut: list[tuple[float, float]] = []
    for rect in obstacles:
        near = rect.adjusted(-margin, -margin, margin, margin)
        low, high = 0.0, 1.0
        for origin, step, least, most in ((start.x(), way.x(), near.left(), near.right()),
                                          (start.y(), way.y(), near.top(), near.bottom())):
            if abs(step) < 1e-9:
                if not least <= origin <= most:
                    low, high = 1.0, 0.0
                continue
            enter, leave = sorted(((least - origin) / step, (most - origin) / step))
            low, high = max(low, enter), min(high, leave)
        if low < high:
            cut.append((low, high))
    pieces, at = [], 0.0
    for low, high in sorted(cut):
        if low > at:
            pieces.append((at, low))
        at = max(at, high)
    if at < 1.0:
        pieces.append((at, 1.0))
    def at_share(share: float) -> QPointF:
        return end if share == 1.0 else start + way * share

    return [(at_share(low), at_share(high)) for low, high in pieces]


def toward(point: QPointF, target: QPointF, distance: float) -> QPointF:
    """``point`` moved ``distance`` toward ``target``."""
    way = target - point
    length = max(1e-6, math.hypot(way.x(), way.y()))
    return point + way * (distance / length)
