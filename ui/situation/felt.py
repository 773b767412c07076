"""The felt every card-game situation is painted on, and the things on it one can click.

A :class:`FeltView` paints a green table top. Its subclass lists :class:`Spot` s — the
rectangles of things drawn on it (a place, a hand) with the answer option each one
stands for. A spot whose value is one of the question's options is clickable: a click,
or the arrow keys and Enter/Space, emits ``optionPicked(value)``. After the answer the
spot of the expected option is outlined green and a wrong choice red.

Sizes are relative to the widget (:meth:`FeltView.unit`), so everything scales with the
window and stays crisp on high-DPI screens.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QMouseEvent, QPainter, QPen, QShowEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

import questions
from questions import Question, Verdict
from ui.drawing.text import paint_badge
from ui.palette import swatch
from ui.situation.base import SituationView, option_label
from ui.widgets import accessible_parts as parts
from ui.widgets.accessible_parts import PaintedParts, Part

FELT = swatch("felt")
FELT_LINE = swatch("felt_line")
RAIL = swatch("rail")
INK = swatch("felt_ink")
DARK_INK = swatch("ink")
GOLD = swatch("gold")
RIGHT = swatch("felt_right")
WRONG = swatch("felt_wrong")
#: The design size everything is scaled from.
DESIGN = QSize(960, 520)
#: The smallest the view gets (the situation beside the list in an exam's review).
MINIMUM = QSize(420, 300)


@dataclass(frozen=True)
class Spot:
    """Something drawn on the table that may be an answer: its rectangle and value."""

    rect: QRectF
    value: Any
    name: str = ""  # what a screen reader says


class FeltView(PaintedParts, SituationView):
    """A situation painted on felt; subclasses implement :meth:`paint_situation`."""

    #: The smallest size at which the drawing still holds all its words.
    minimum = MINIMUM

    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        self._option_values = [option.value for option in question.form.options]
        self._hover: Any = None
        self._focus_value: Any = None
        self._given: Any = None
        self._expected: Any = None
        self._answered = False
        self.init_parts()
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(self.minimum)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.retranslate()

    def retranslate(self) -> None:
        """Everything is painted in the current language; say what the drawing is."""
        self.setAccessibleName(str(questions.skill(self.question.skill).title))
        self.parts_stale()
        self.update()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        """Take keyboard focus (Tab) only when something on the table can be picked."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if self.clickable_spots()
                            else Qt.FocusPolicy.NoFocus)
        super().showEvent(event)

    # What subclasses give -------------------------------------------------------------

    def spots(self) -> list[Spot]:
        """The things drawn that stand for an option, for the current size."""
        return []

    def paint_situation(self, painter: QPainter, area: QRectF) -> None:
        raise NotImplementedError

    # Sizes ------------------------------------------------------------------------------

    def sizeHint(self) -> QSize:  # noqa: N802
        return DESIGN

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.minimum

    def unit(self) -> float:
        """One design pixel in widget pixels: the view scales with its size."""
        return max(0.4, min(self.width() / DESIGN.width(), self.height() / DESIGN.height()))

    def area(self) -> QRectF:
        margin = 8 * self.unit()
        return QRectF(margin, margin, self.width() - 2 * margin, self.height() - 2 * margin)

    # Clicking and the keyboard -------------------------------------------------------

    def clickable_spots(self) -> list[Spot]:
        return [spot for spot in self.spots() if spot.value in self._option_values]

    def spot_at(self, point: QPointF) -> Spot | None:
        for spot in self.clickable_spots():
            if spot.rect.contains(point):
                return spot
        return None

    def pick(self, value: Any) -> None:
        if not self._answered and value in self._option_values:
            self.optionPicked.emit(value)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        spot = self.spot_at(event.position())
        if spot is not None and event.button() == Qt.MouseButton.LeftButton:
            self._focus_value = spot.value
            self.pick(spot.value)
            self.update()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        spot = self.spot_at(event.position())
        hover = spot.value if spot is not None else None
        if hover != self._hover:
            self._hover = hover
            self.setCursor(Qt.CursorShape.PointingHandCursor
                           if spot is not None and not self._answered
                           else Qt.CursorShape.ArrowCursor)
            self.setToolTip(spot.name if spot is not None else "")
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802
        self._hover = None
        self.update()
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        values = [spot.value for spot in self.clickable_spots()]
        key = event.key()
        if not values:
            super().keyPressEvent(event)
            return
        if self._focus_value not in values:  # the first place is highlighted to begin with
            self._focus_value = values[0]
        index = values.index(self._focus_value)
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Down):
            self._focus_value = values[(index + 1) % len(values)]
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Up):
            self._focus_value = values[(index - 1) % len(values)]
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.pick(self._focus_value)
        else:
            super().keyPressEvent(event)
            return
        self.update()
        self.tell_focus(self._focus_value)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        values = [spot.value for spot in self.clickable_spots()]
        if values and self._focus_value not in values:
            self._focus_value = values[0]
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        self.update()
        super().focusOutEvent(event)

    # The verdict ------------------------------------------------------------------------

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        self._given, self._expected, self._answered = given, verdict.expected, True
        self.setCursor(Qt.CursorShape.ArrowCursor)
        self.parts_stale()
        self.update()

    # Parts for screen readers (ui.widgets.accessible_parts) ---------------------------

    def paint_parts(self, painter: QPainter) -> None:
        for spot in self.spots():  # the places first: what is painted in them is theirs
            parts.note(painter, parts.Role.Grouping, spot.name, spot.rect, value=spot.value)
        self.paint_canvas(painter)

    def option_label(self, value: Any) -> str:
        return option_label(self.question, value)

    def part_state(self, part: Part) -> Part:
        value = part.value
        if value is None or value not in self._option_values:
            return part
        verdict = None
        if self._answered and value == self._expected:
            verdict = "right"
        elif self._answered and value == self._given:
            verdict = "wrong"
        return replace(part, pickable=not self._answered, verdict=verdict,
                       picked=self._answered and value == self._given,
                       focused=self.hasFocus() and not self._answered
                       and value == self._focus_value)

    def pick_part(self, part: Part) -> None:
        self._focus_value = part.value
        self.pick(part.value)
        self.update()

    def outline_for(self, value: Any) -> tuple[QColor, float] | None:
        """How the spot of ``value`` is outlined now: verdict, keyboard focus or hover."""
        unit = self.unit()
        if self._answered and value == self._expected:
            return RIGHT, 5 * unit
        if self._answered and value == self._given:
            return WRONG, 5 * unit
        if self._answered or value not in self._option_values:
            return None
        if self.hasFocus() and value == self._focus_value:
            return GOLD, 4 * unit
        if value == self._hover:
            return swatch("felt_hover"), 3 * unit
        return None

    def paint_outline(self, painter: QPainter, spot: Spot, radius: float = 10) -> None:
        outline = self.outline_for(spot.value)
        if outline is None:
            return
        colour, width = outline
        painter.save()
        painter.setPen(QPen(colour, width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        r = radius * self.unit()
        painter.drawRoundedRect(spot.rect.adjusted(-width / 2, -width / 2, width / 2,
                                                   width / 2), r, r)
        if self._answered and colour in (RIGHT, WRONG):  # shape as well as colour
            paint_badge(painter, spot.rect.topRight(), "✔" if colour == RIGHT else "✘",
                        pixels=14 * self.unit(), fill=colour, ink=swatch("badge_ink"))
        painter.restore()

    # Painting ---------------------------------------------------------------------------

    def paint_felt(self, painter: QPainter) -> None:
        """The rail and the felt, the whole widget."""
        unit = self.unit()
        table = QRectF(self.rect()).adjusted(2 * unit, 2 * unit, -2 * unit, -2 * unit)
        painter.setPen(QPen(RAIL, 6 * unit))
        painter.setBrush(FELT)
        painter.drawRoundedRect(table, 22 * unit, 22 * unit)

    def paintEvent(self, event: object) -> None:  # noqa: N802
        self.parts_stale()
        painter = QPainter(self)
        self.paint_canvas(painter)
        painter.end()

    def paint_canvas(self, painter: QPainter) -> None:
        """The felt, the situation and the spots' outlines on ``painter``."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.paint_felt(painter)
        self.paint_situation(painter, self.area())
        for spot in self.spots():
            self.paint_outline(painter, spot)
